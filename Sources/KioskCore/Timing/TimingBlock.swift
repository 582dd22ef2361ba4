/// The screen of `labkiosk timing`: black, with a white patch flashed for the frames a
/// ``FlashSchedule`` asks for. It counts frames, not time: on the display's schedule each
/// frame is one refresh, so a flash of 3 frames is lit for 3 refreshes.
public final class TimingBlock: Block {
    public let canvas: Canvas
    public let patch: TimingPatch
    public let schedule: FlashSchedule
    /// The frame drawn last, from 0; -1 before the first.
    public private(set) var frame = -1
    public private(set) var isFinished = false
    /// Whether the operator stopped the run before its last flash.
    public private(set) var wasStopped = false
    private var start: MonotonicTime?
    private var now = MonotonicTime(nanoseconds: 0)

    public init(canvas: Canvas, patch: TimingPatch, schedule: FlashSchedule) {
        self.canvas = canvas
        self.patch = patch
        self.schedule = schedule
    }

    /// The flash the current frame shows, by index in the schedule; nil when it is dark.
    public var litFlash: Int? { frame >= 0 ? schedule.flashLit(atFrame: frame) : nil }

    public func begin(at time: MonotonicTime) {
        start = time
        now = time
    }

    public func advance(to time: MonotonicTime, inputs: [InputEvent]) {
        if inputs.contains(where: { $0.payload == .quitRequested || $0.payload == .keyPress("ESCAPE") }) {
            end(at: time)
            return
        }
        now = time
        frame += 1
        if frame >= schedule.totalFrames - 1 { isFinished = true }
    }

    public func drawList() -> DrawList {
        var list = DrawList(canvas: canvas)
        list.fill(canvas.bounds, Color(0, 0, 0))
        let shown = schedule.flashes.lastIndex { $0.firstFrame <= frame }.map { $0 + 1 } ?? 0
        let caption = "Timing: flash \(shown) of \(schedule.flashes.count). Keep the light sensor on the patch; Esc stops."
        let captionTop = patch.y < 120 ? canvas.height * 0.55 : canvas.height - 80
        list.text(caption, in: Rect(left: 0, bottom: captionTop - 60, width: canvas.width, height: 60), TextStyle(pointSize: 18, color: Color(140, 140, 140)))
        // A frame around the patch, outside it, shows where the sensor goes while the patch is dark.
        let spot = patch.rect(on: canvas)
        list.stroke(Rect(left: spot.left - 6, bottom: spot.bottom - 6, width: spot.width + 12, height: spot.height + 12), Color(90, 90, 90), lineWidth: 2)
        if litFlash != nil { list.fill(spot, Color(255, 255, 255)) }
        return list
    }

    public var isClockRunning: Bool { !isFinished }
    public var isWaitingForParticipant: Bool { false }
    public var wantsPointer: Bool { false }
    public func dismissWaitingScreen(at time: MonotonicTime) {}

    public func report(_ message: String, fatal: Bool, at time: MonotonicTime) {
        if fatal { end(at: time) }
    }

    public func end(at time: MonotonicTime) {
        wasStopped = !isFinished
        isFinished = true
    }

    public var elapsedSeconds: Double { start.map { Double(now.since($0)) / 1e9 } ?? 0 }
}
