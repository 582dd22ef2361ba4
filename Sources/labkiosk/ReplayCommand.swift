import ArgumentParser
import KioskCore
import KioskData
import KioskShell

/// `labkiosk replay`: a MATB session log or a drawing-pad trial shown again as it happened (docs/replay.md).
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Show a MATB session log or a drawing-pad trial again, as it happened, with a timeline to play, pause and seek.",
        discussion: """
            A MATB log is run again (as labkiosk verify does) and drawn at each moment \
            of the log's own clock, pauses and waiting screens included, with the participant's touches \
            and clicks, the keys held and the stick's position in a band at the bottom. \
            Keys: Space plays or pauses; Right/Left 5 s forward or back; Page Down/Page Up 60 s; Home/End; \
            . and , step one frame; Up/Down double or halve the speed (0.25x to 100x); Escape or Q closes. \
            A press or drag on the timeline seeks there.
            """
    )

    @Argument(help: "A MATB session log (.csv), or a drawing-pad trial (its _samples.tsv or its InteractLog .txt).")
    var log: String

    @Option(help: "The scenario file to run instead of the one the log names.")
    var scenario: String?

    @Option(help: "A drawing-pad trial's images folder (default: the input mask's folder, then the trial's).")
    var images: String?

    @Option(help: "Where to start, in seconds of the log's clock.")
    var start: Double = 0

    @Option(help: "Playback speed, from 0.25 to 100.")
    var speed: Double = 1

    @Flag(help: "Start paused.")
    var paused = false

    @OptionGroup var window: WindowArguments

    @Option(help: "Close after this many seconds.")
    var stopAfter: Double?

    @Option(help: "Save a screenshot after this many seconds (with --screenshot).")
    var screenshotAt: Double?

    @Option(help: "The screenshot's PNG file.")
    var screenshot: String?

    @Option(help: "Open no window: time seeks to N points of the log and print the figures.")
    var measureSeeks: Int?

    func validate() throws {
        guard (0.25...100).contains(speed) else { throw ValidationError("--speed goes from 0.25 to 100") }
        // Seconds of a log's clock, whose nanoseconds must fit in 64 bits: 10 million s is 115 days.
        for (name, value) in [("--start", start), ("--stop-after", stopAfter), ("--screenshot-at", screenshotAt)] {
            if let value, !(value >= 0 && value <= 1e7) { throw ValidationError("\(name) is seconds, from 0 to 10000000") }
        }
        if (screenshotAt == nil) != (screenshot == nil) { throw ValidationError("--screenshot-at and --screenshot go together") }
    }

    func run() throws {
        let (width, height) = window.size.map { ($0.width, $0.height) } ?? (1280, 720)
        let mode: WindowConfiguration.Mode = window.fullscreen ? .fullscreen : .windowed(width: width, height: height)
        let options = ReplayWindow.Options(
            window: WindowConfiguration(mode: mode, screenIndex: window.screen ?? 0, title: "labkiosk replay: \(log)", allowsScreenSaver: true),
            start: start, speed: speed, paused: paused, stopAfter: stopAfter, screenshotAt: screenshotAt, screenshotPath: screenshot)
        if let samples = PadTrialReplayFile.samplesPath(for: log) {
            try replayPadTrial(samples, options: options)
            return
        }
        let paths = try InstallPaths()
        let logged: LoggedSession
        do {
            logged = try LoggedSession(logPath: log, scenarioFile: scenario, paths: paths, version: Labkiosk.version)
        } catch {
            printError("labkiosk: \(error)")
            throw ExitCode(2)
        }
        for note in logged.notes { printError("\(log): note: \(note)") }
        if let measureSeeks {
            let figures = ReplaySeekMeasurement.measure(logged, seeks: measureSeeks)
            let sorted = figures.seekMilliseconds.sorted()
            print(String(cFormat: "%.0f s of log: checkpoints built in %.2f s; %d seeks: median %.0f ms, slowest %.0f ms",
                         figures.durationSeconds, figures.checkpointsSeconds, sorted.count,
                         sorted[sorted.count / 2], sorted.last ?? 0))
            return
        }
        do {
            try ReplayWindow.run(logged, options: options)
        } catch {
            printError("labkiosk: \(error)")
            throw ExitCode(1)
        }
    }

    private func replayPadTrial(_ samples: String, options: ReplayWindow.Options) throws {
        let trial: PadTrialReplayFile
        do {
            trial = try PadTrialReplayFile(samplesPath: samples, imagesFolder: images)
        } catch {
            printError("labkiosk: \(error)")
            throw ExitCode(2)
        }
        for note in trial.notes { printError("\(samples): note: \(note)") }
        do {
            try ReplayWindow.run(trial.replay, images: trial.images, options: options)
        } catch {
            printError("labkiosk: \(error)")
            throw ExitCode(1)
        }
    }
}
