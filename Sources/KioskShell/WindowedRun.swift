import CSDL2
import Glibc
import KioskCore

/// Runs a session in a window: pace to 60 Hz, pump events into the session, log the frame's
/// rows, draw what changed.
public enum WindowedRun {
    /// Runs until the scenario ends, the operator quits, or `stopAfter` passes.
    public static func run(_ loaded: ScenarioLoader.Loaded, options: MATBRunOptions, version: String) throws -> RunSummary {
        let launched = MonotonicClock.now()
        // glibc gives each thread that allocates (log writer, prompt audio) its own malloc
        // arena; for the few kilobytes they use that costs about 6 MB of resident memory.
        // One arena keeps a session within its 40 MB budget. Set before any thread starts.
        _ = CSDL_LimitMallocArenas(1)
        let voices = try options.loadVoices(for: loaded.scenario)
        let recorder = try SessionRecorder(loaded: loaded, options: options, sessionSpeed: options.speed ?? 1, version: version,
                                           voices: voices.catalog)
        let session = recorder.session
        for note in recorder.devices.notes { print("labkiosk: \(note)") }
        let player = openPlayer(voices, options: options)
        let window = try Window(options.window)
        for warning in window.warnings { print("labkiosk: \(warning)") }
        // The system pointer is hidden while the tasks run: a touchscreen kiosk needs none, and
        // the on-screen stick draws its own knob. It shows only where buttons wait for it.
        window.setCursorVisible(false)
        var cursorVisible = false
        let images = try ImageStore(paths: loaded.images)
        let renderer = try FrameRenderer(window: window, fonts: .dejaVu, background: .background, images: images)
        let joystick = try JoystickInput(options.joystick)
        let pump = EventPump(window: window, joysticks: joystick.sdl)
        var latency = InputLatencyStatistics()
        var pacer = FramePacer(rate: 60)
        var inputs: [InputEvent] = []
        var firstFrame: MonotonicTime?
        var screenshotDue = options.screenshotAt

        while !session.isFinished {
            let now = pacer.waitForNextFrame()
            inputs.removeAll(keepingCapacity: true)
            renderer.windowDidChange(pump.poll(into: &inputs))
            let readStart = MonotonicClock.now()
            joystick.poll(into: &inputs)
            if options.reportInputStatistics { latency.recordRead(nanoseconds: MonotonicClock.now().since(readStart)) }
            joystick.reportMessages()
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
            if options.reportInputStatistics { latency.recordDelivered(inputs, stateTime: MonotonicClock.now()) }
            try recorder.endFrame(at: now)
            let sounds = session.takeSoundCommands()
            player?.perform(sounds)
            player?.setPaused(!session.isClockRunning)
            // The pointer shows only where it is needed: dialogs' buttons, slides, sliders.
            // Touches and clicks reach the session (and the on-screen stick) either way.
            if session.wantsPointer != cursorVisible {
                cursorVisible = session.wantsPointer
                window.setCursorVisible(cursorVisible)
            }
            _ = try renderer.render(session.drawList())
            for problem in images.takeProblems() { print("labkiosk: \(problem)") }
            if options.reportInputStatistics { latency.recordPresented(at: MonotonicClock.now()) }
            if let due = screenshotDue, elapsed >= due, let path = options.screenshotPath {
                try Screenshot.savePNG(of: window, to: path)
                screenshotDue = nil
            }
        }
        player?.perform([.stop])
        try recorder.close()
        if options.reportFrameStatistics {
            report(pacer.statistics, textCache: renderer.textCache, firstFrameMilliseconds: Double((firstFrame ?? launched).since(launched)) / 1e6,
                   wallSeconds: Double(MonotonicClock.now().since(launched)) / 1e9)
        }
        if options.reportInputStatistics { print(latency) }
        return RunSummary(logPath: recorder.log.path, sessionNumber: recorder.log.sessionNumber,
                          scenarioSeconds: session.scenarioTime.seconds,
                          wallSeconds: Double(MonotonicClock.now().since(launched)) / 1e9, frames: pacer.frameCount)
    }

    /// The audio output for the prompts, unless muted or the scenario has no prompts; without
    /// an audio device the run goes on silently (its log is the same).
    private static func openPlayer(_ voices: VoiceLibrary, options: MATBRunOptions) -> PromptPlayer? {
        guard !options.mute, !voices.catalog.voices.isEmpty else { return nil }
        do {
            return try PromptPlayer(library: voices, speed: options.speed ?? 1)
        } catch {
            print("labkiosk: no audio output (\(error)); the prompts will not be heard, the log is unaffected (--mute hides this)")
            return nil
        }
    }

    /// Prints the figures scripts/bench reads: pacing, this process's CPU and peak memory, and
    /// how the text cache fared (re-renders cost CPU, kept textures cost memory).
    private static func report(_ statistics: FrameStatistics, textCache: TextCache, firstFrameMilliseconds: Double, wallSeconds: Double) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let cpuSeconds = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        print("frames: \(statistics)")
        print("first frame: \(Int(firstFrameMilliseconds.rounded())) ms after launch")
        let share = wallSeconds > 0 ? 100 * cpuSeconds / wallSeconds : 0
        print(String(cFormat: "process: %.1f %% of one core (%.2f s CPU over %.1f s), peak RSS %.1f MB",
                     share, cpuSeconds, wallSeconds, Double(usage.ru_maxrss) / 1024))
        let keptMegabytes = Double(textCache.bytesInUse) / 1048576, budgetMegabytes = Double(textCache.budgetBytes) / 1048576
        print(String(cFormat: "text cache: %ld strings rendered, %ld kept in %.2f MB (budget %.2f MB)",
                     textCache.renderCount, textCache.entryCount, keptMegabytes, budgetMegabytes))
    }
}
