import Glibc
import KioskCore

/// Runs a session without a window: virtual 60 Hz frames as fast as the machine allows (or
/// at `speed` times real time), dismissing dialogs and blocking screens itself.
public enum HeadlessRun {
    /// The frame step of the virtual clock; with the fixed cadence logs do not depend on it.
    static let frameNanoseconds: Int64 = 1_000_000_000 / 60

    /// Runs to the end and returns the log's path.
    public static func run(_ loaded: ScenarioLoader.Loaded, options: MATBRunOptions, version: String) throws -> RunSummary {
        let voices = try options.loadVoices(for: loaded.scenario)
        let recorder = try SessionRecorder(loaded: loaded, options: options, sessionSpeed: 1, version: version, voices: voices.catalog)
        recorder.log.headlessBatchBytes = 64 * 1024
        let session = recorder.session
        for note in recorder.devices.notes { print("labkiosk: \(note)") }
        let wallStart = MonotonicClock.now()
        var virtual = wallStart
        recorder.begin(at: virtual, participant: options.participant)
        var frames = 0
        let stopAfter = options.stopAfter.map { Int64($0 * 1e9) }
        while !session.isFinished {
            if session.dialog != nil || session.isShowingBlockingScreen {
                session.dismissWaitingScreen(at: virtual)
            }
            virtual.nanoseconds += frameNanoseconds
            frames += 1
            if let stopAfter, virtual.since(wallStart) >= stopAfter {
                session.end(logtime: virtual)
            } else {
                session.advance(to: virtual)
            }
            try recorder.endFrame(at: virtual)
            // Nothing is heard in a headless run; the prompts still end at the same times.
            _ = session.takeSoundCommands()
            if let speed = options.speed { pace(virtualElapsed: virtual.since(wallStart), speed: speed, start: wallStart) }
        }
        try recorder.close()
        let wall = MonotonicClock.now().since(wallStart)
        return RunSummary(logPath: recorder.log.path, sessionNumber: recorder.log.sessionNumber,
                          scenarioSeconds: session.scenarioTime.seconds, wallSeconds: Double(wall) / 1e9, frames: frames)
    }

    /// Sleeps until real time catches up with `virtualElapsed / speed`.
    private static func pace(virtualElapsed: Int64, speed: Double, start: MonotonicTime) {
        let due = start.nanoseconds + Int64(Double(virtualElapsed) / speed)
        let now = MonotonicClock.now().nanoseconds
        guard due > now else { return }
        var request = timespec(tv_sec: Int(due / 1_000_000_000), tv_nsec: Int(due % 1_000_000_000))
        _ = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &request, nil)
    }
}

/// What a finished run reports to the terminal.
public struct RunSummary: Sendable {
    public var logPath: String
    public var sessionNumber: Int
    public var scenarioSeconds: Double
    public var wallSeconds: Double
    public var frames: Int
}
