import KioskCore
import KioskData

/// `labkiosk replay`'s window: the logged session drawn as it was at each moment of its wall
/// clock, with the replay's band over it, driven by keys, clicks and touches (docs/replay.md).
public enum ReplayWindow {
    public struct Options: Sendable {
        public var window: WindowConfiguration
        /// Where to start, in seconds of the log's wall clock.
        public var start: Double
        public var speed: Double
        public var paused: Bool
        /// Close after this many seconds of the window's life.
        public var stopAfter: Double?
        /// Save the window after this many seconds of its life to `screenshotPath`.
        public var screenshotAt: Double?
        public var screenshotPath: String?

        public init(window: WindowConfiguration, start: Double = 0, speed: Double = 1, paused: Bool = false,
                    stopAfter: Double? = nil, screenshotAt: Double? = nil, screenshotPath: String? = nil) {
            self.window = window
            self.start = start
            self.speed = speed
            self.paused = paused
            self.stopAfter = stopAfter
            self.screenshotAt = screenshotAt
            self.screenshotPath = screenshotPath
        }
    }

    /// Opens the window on a MATB session log and plays until the viewer closes it.
    public static func run(_ logged: LoggedSession, options: Options) throws {
        let clock = SessionLogClock(rows: logged.rows)
        let player = ReplayPlayer(clock: clock, make: { logged.reenactment() })
        defer { player.stop() }
        try run(canvas: .openMATB, duration: clock.duration, images: try ImageStore(paths: logged.images), options: options) { playback in
            player.show(playback.position)
            let session = player.current.session
            var list = session.drawList()
            ReplayOverlay.draw(playback, scenarioTime: session.scenarioTime,
                               wallNow: MonotonicTime(nanoseconds: clock.start.nanoseconds + playback.position),
                               session: session, pointers: player.current.pointers, into: &list)
            return list
        }
    }

    /// Opens the window on a drawing-pad trial's samples and plays until the viewer closes it.
    /// - Parameter images: the files of the images the trial showed, by the names it gives them.
    public static func run(_ trial: PadTrialReplay, images: [String: String], options: Options) throws {
        let store = try ImageStore(paths: images)
        try run(canvas: trial.canvas, duration: trial.duration, images: store, options: options) { playback in
            var list = DrawList(canvas: trial.canvas)
            trial.draw(at: playback.position, imageSize: { name in store.size(of: name).map { (Double($0.width), Double($0.height)) } },
                       into: &list)
            let moment = trial.moment(at: playback.position)
            let caption = [moment.phase, moment.image].compactMap { $0 }.joined(separator: " · ")
            ReplayOverlay.drawBand(playback, caption: caption, detail: moment.stroke.map { "stroke \($0)" } ?? "no stroke yet",
                                   width: trial.canvas.width, into: &list)
            return list
        }
    }

    /// The window's loop: the viewer's inputs move `playback`, and `scene` draws each frame.
    private static func run(canvas: Canvas, duration: Int64, images store: ImageStore, options: Options,
                            scene: (ReplayPlayback) -> DrawList) throws {
        var playback = ReplayPlayback(duration: duration, speed: options.speed, start: Int64(options.start * 1e9), playing: !options.paused,
                                      canvasWidth: canvas.width)

        let window = try Window(options.window)
        for warning in window.warnings { StandardStream.error.write("labkiosk: \(warning)\n") }
        let renderer = try FrameRenderer(window: window, fonts: .dejaVu, background: .background, images: store)
        let pump = EventPump(window: window)
        var pacer = FramePacer(rate: 60)
        var inputs: [InputEvent] = []
        var screenshotDue = options.screenshotAt
        let opened = MonotonicClock.now()
        var previous = opened

        while true {
            let now = pacer.waitForNextFrame()
            inputs.removeAll(keepingCapacity: true)
            renderer.windowDidChange(pump.poll(into: &inputs, canvas: canvas))
            var closing = false
            for input in inputs where playback.handle(input.payload) == .close { closing = true }
            playback.elapse(realNanoseconds: now.since(previous))
            previous = now
            _ = try renderer.render(scene(playback))
            for problem in store.takeProblems() { StandardStream.error.write("labkiosk: \(problem)\n") }
            let lifetime = Double(now.since(opened)) / 1e9
            if let due = screenshotDue, lifetime >= due, let path = options.screenshotPath {
                try Screenshot.savePNG(of: window, to: path)
                screenshotDue = nil
            }
            if closing || options.stopAfter.map({ lifetime >= $0 }) == true { return }
        }
    }
}
