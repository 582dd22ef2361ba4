import Foundation
import Glibc
import KioskCore

/// Measures the shell's real cost: a window showing `BenchmarkScene` with a cursor moving
/// every frame, paced at 60 Hz, with events pumped as in a session.
///
/// Run it under the target display (e.g. Xvfb at 1920×1080) in a release build; CPU is
/// this process only (the X server's share is not included).
public enum RenderBenchmark {
    /// What to run.
    public struct Options: Hashable, Sendable {
        public var durationSeconds: Double
        public var window: WindowConfiguration
        public var rate: Int
        /// Repaint and send the whole window every frame (the worst case).
        ///
        /// This is the cost of a full-screen page that changes every frame, or of the shell
        /// without dirty rectangles.
        public var repaintsEverything: Bool
        /// Write a PNG of the window after the last frame here, if set.
        public var screenshotPath: String?

        public init(
            durationSeconds: Double = 20, window: WindowConfiguration = WindowConfiguration(mode: .screenSized),
            rate: Int = 60, repaintsEverything: Bool = false, screenshotPath: String? = nil
        ) {
            self.durationSeconds = durationSeconds
            self.window = window
            self.rate = rate
            self.repaintsEverything = repaintsEverything
            self.screenshotPath = screenshotPath
        }
    }

    /// What it measured.
    public struct Result: Hashable, Sendable, CustomStringConvertible {
        public var frames: Int
        public var wallSeconds: Double
        /// User plus system CPU time of this process during the run.
        public var cpuSeconds: Double
        /// `cpuSeconds / wallSeconds` in percent of one core.
        public var cpuPercent: Double { wallSeconds > 0 ? 100 * cpuSeconds / wallSeconds : 0 }
        public var frameStatistics: FrameStatistics
        /// Time spent per frame building the list, rendering and presenting (not sleeping),
        /// in nanoseconds: median, 99th percentile and maximum.
        public var workP50Nanoseconds: Int64
        public var workP99Nanoseconds: Int64
        public var workMaxNanoseconds: Int64
        /// Peak resident memory of the process, in KiB (getrusage `ru_maxrss`).
        public var peakResidentKiB: Int
        /// Mean pixels repainted per frame.
        public var meanRepaintedPixels: Double
        public var windowWidth: Int
        public var windowHeight: Int
        public var videoDriver: String

        public var description: String {
            let cpu = (cpuPercent * 10).rounded() / 10
            let pixels = Int(meanRepaintedPixels.rounded())
            return "\(frames) frames in \(String(format: "%.2f", wallSeconds)) s at \(windowWidth)×\(windowHeight) (\(videoDriver)): "
                + "CPU \(cpu) % of one core, peak RSS \(peakResidentKiB / 1024) MiB, \(pixels) px repainted per frame\n"
                + "frame intervals: \(frameStatistics)\n"
                + "work per frame: p50 \(workP50Nanoseconds / 1000) µs, p99 \(workP99Nanoseconds / 1000) µs, max \(workMaxNanoseconds / 1000) µs"
        }
    }

    /// Opens a window, runs the loop for `options.durationSeconds` (or until the window is
    /// closed), and reports CPU, frame intervals and memory.
    public static func run(_ options: Options = Options()) throws -> Result {
        let window = try Window(options.window)
        let renderer = try FrameRenderer(window: window)
        let pump = EventPump(window: window)
        var pacer = FramePacer(rate: options.rate)
        var events: [InputEvent] = []
        events.reserveCapacity(64)
        var work: [Int64] = []
        work.reserveCapacity(Int(options.durationSeconds * Double(options.rate)) + 1)
        let staticPart = BenchmarkScene.staticPart()
        let totalFrames = max(1, Int(options.durationSeconds * Double(options.rate)))

        let usageBefore = resourceUsage()
        var frames = 0
        var repainted = 0
        var firstFrameTime: MonotonicTime?
        var lastFrameTime = MonotonicClock.now()
        frameLoop: while frames < totalFrames {
            lastFrameTime = pacer.waitForNextFrame()
            if firstFrameTime == nil { firstFrameTime = lastFrameTime }
            events.removeAll(keepingCapacity: true)
            renderer.windowDidChange(pump.poll(into: &events))
            for event in events where event.payload == .quitRequested { break frameLoop }
            if options.repaintsEverything { renderer.invalidate() }
            let update = try renderer.render(BenchmarkScene.frame(frames, staticPart: staticPart))
            work.append(MonotonicClock.now().since(lastFrameTime))
            repainted += update.pixelCount
            frames += 1
        }
        let usageAfter = resourceUsage()
        let wall = Double(MonotonicClock.now().since(firstFrameTime ?? lastFrameTime)) / 1e9
        if let path = options.screenshotPath { try Screenshot.savePNG(of: window, to: path) }
        let size = window.pixelSize
        work.sort()
        return Result(
            frames: frames, wallSeconds: wall, cpuSeconds: usageAfter.cpuSeconds - usageBefore.cpuSeconds,
            frameStatistics: pacer.statistics,
            workP50Nanoseconds: FrameStatistics.percentile(work, 0.5),
            workP99Nanoseconds: FrameStatistics.percentile(work, 0.99), workMaxNanoseconds: work.last ?? 0,
            peakResidentKiB: usageAfter.peakResidentKiB,
            meanRepaintedPixels: frames > 0 ? Double(repainted) / Double(frames) : 0,
            windowWidth: size.width, windowHeight: size.height, videoDriver: window.videoDriver)
    }

    private static func resourceUsage() -> (cpuSeconds: Double, peakResidentKiB: Int) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return (seconds(usage.ru_utime) + seconds(usage.ru_stime), usage.ru_maxrss)
    }
}
