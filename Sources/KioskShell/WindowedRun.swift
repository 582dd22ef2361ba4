import Glibc
import KioskCore

/// Runs a session in a window: pace to 60 Hz, pump events into the session, log the frame's
/// rows, draw what changed.
public enum WindowedRun {
    /// Runs until the scenario ends, the operator quits, or `stopAfter` passes.
    public static func run(_ loaded: ScenarioLoader.Loaded, options: MATBRunOptions, version: String) throws -> RunSummary {
        let launched = MonotonicClock.now()
        let recorder = try SessionRecorder(loaded: loaded, options: options, sessionSpeed: options.speed ?? 1, version: version)
        let session = recorder.session
        for note in recorder.devices.notes { print("labkiosk: \(note)") }
        let window = try Window(options.window)
        for warning in window.warnings { print("labkiosk: \(warning)") }
        window.setCursorVisible(false)
        var cursorVisible = false
        let images = ImageStore(paths: loaded.images)
        let renderer = try FrameRenderer(window: window, fonts: .dejaVu, background: .background, images: images)
        let pump = EventPump(window: window)
        var pacer = FramePacer(rate: 60)
        var inputs: [InputEvent] = []
        var firstFrame: MonotonicTime?
        var screenshotDue = options.screenshotAt

        while !session.isFinished {
            let now = pacer.waitForNextFrame()
            inputs.removeAll(keepingCapacity: true)
            renderer.windowDidChange(pump.poll(into: &inputs))
            if firstFrame == nil {
                firstFrame = now
                recorder.begin(at: now, participant: options.participant)
            }
            let elapsed = Double(now.since(firstFrame ?? now)) / 1e9
            if let stopAfter = options.stopAfter, elapsed >= stopAfter {
                session.end(logtime: now)
            } else {
                session.advance(to: now, inputs: inputs)
            }
            try recorder.endFrame(at: now)
            // The pointer shows only where it is needed: dialogs' buttons, slides, sliders.
            if session.wantsPointer != cursorVisible {
                cursorVisible = session.wantsPointer
                window.setCursorVisible(cursorVisible)
            }
            _ = try renderer.render(session.drawList())
            for problem in images.takeProblems() { print("labkiosk: \(problem)") }
            if let due = screenshotDue, elapsed >= due, let path = options.screenshotPath {
                try Screenshot.savePNG(of: window, to: path)
                screenshotDue = nil
            }
        }
        try recorder.close()
        if options.reportFrameStatistics {
            report(pacer.statistics, firstFrameMilliseconds: Double((firstFrame ?? launched).since(launched)) / 1e6)
        }
        return RunSummary(logPath: recorder.log.path, sessionNumber: recorder.log.sessionNumber,
                          scenarioSeconds: session.scenarioTime.seconds,
                          wallSeconds: Double(MonotonicClock.now().since(launched)) / 1e9, frames: pacer.frameCount)
    }

    /// Prints the figures scripts/bench reads: pacing, this process's CPU and peak memory.
    private static func report(_ statistics: FrameStatistics, firstFrameMilliseconds: Double) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let cpuSeconds = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        print("frames: \(statistics)")
        print("first frame: \(Int(firstFrameMilliseconds.rounded())) ms after launch")
        print("process: \(String(format: "%.2f", cpuSeconds)) s CPU, peak RSS \(usage.ru_maxrss / 1024) MB")
    }
}
