import ArgumentParser
import FoundationEssentials
import KioskCore
import KioskShell

/// Options every command that runs blocks shares: the window, the data folder, the
/// participant, language and speed, screenshots and figures, the settings file.
struct RunArguments: ParsableArguments {
    @Flag(help: "Run without a window, as fast as possible (or at --speed), dismissing blocking screens itself.")
    var headless = false

    @Option(help: "Block seconds per real second (e.g. 10 runs ten times faster).")
    var speed: Double?

    @Option(name: [.customLong("sessions"), .customLong("data")], help: "Folder for data files (default: sessions).")
    var sessions: String?

    @Option(help: "Participant identifier: a `manual` row of a MATB log, the name of drawing-pad trials (asked on screen when not given).")
    var participant: String?

    @Option(help: "Language of on-screen and logged texts: en or fr.")
    var language: Language?

    @Flag(help: "Kiosk mode: fill the screen, take the keyboard from the window manager, ignore requests to close; staff leave with the [Kiosk] exit_chord (default CTRL+ALT+SHIFT+Q) or pin of the settings file.")
    var kiosk = false

    @OptionGroup var window: WindowArguments

    @Option(help: "OpenMATB config.ini (or any file with its [Openmatb] keys, plus labkiosk's [Input], [Kiosk] and [Timing] sections) to read settings from; options given here win.")
    var settings: String?

    @Option(name: .customLong("screenshot-at"), help: "Seconds after the first frame at which to save a screenshot.")
    var screenshotAt: Double?

    @Option(help: "Where to save the screenshot (PNG).")
    var screenshot: String?

    @Option(name: .customLong("stop-after"), help: "End the block after this many seconds, as if the operator quit.")
    var stopAfter: Double?

    @Flag(name: .customLong("frame-stats"), help: "Print frame-pacing figures when the run ends.")
    var frameStatistics = false

    @Flag(help: "Play no sound (the logs are the same).")
    var mute = false

    @Flag(name: .customLong("input-stats"), help: "Print input latency when the run ends: joystick events to task state and to the screen, the reader's cost per frame, pointer events to the screen.")
    var inputStatistics = false

    func validate() throws {
        if let speed, !BlockSpeed.range.contains(speed) { throw ValidationError("--speed is block seconds per real second, \(BlockSpeed.rangeText)") }
        if let stopAfter, !(stopAfter >= 0 && stopAfter <= 1e7) { throw ValidationError("--stop-after is seconds, from 0 to 10000000") }
        if let screenshotAt, !(screenshotAt >= 0 && screenshotAt <= 1e7) { throw ValidationError("--screenshot-at is seconds, from 0 to 10000000") }
        if (screenshotAt == nil) != (screenshot == nil) { throw ValidationError("--screenshot-at and --screenshot go together") }
        if headless && screenshot != nil { throw ValidationError("--screenshot needs a window; drop --headless") }
        // A participant names files and log rows: a line break or an escape would split or hide them.
        if let participant, participant.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw ValidationError("--participant must not contain control characters (line breaks, tabs, escapes)")
        }
    }

    /// What was given here, for ``RunOptions/resolve(commandLine:settings:joystick:)``.
    var commandLine: RunOptions.CommandLine {
        var given = RunOptions.CommandLine()
        given.dataDirectory = sessions
        given.participant = participant
        given.language = language
        given.speed = speed
        given.fullscreen = window.fullscreen ? true : nil
        given.screenIndex = window.screen
        given.windowSize = window.size.map { ($0.width, $0.height) }
        given.screenshotAt = screenshotAt
        given.screenshotPath = screenshot
        given.stopAfter = stopAfter
        given.reportFrameStatistics = frameStatistics
        given.reportInputStatistics = inputStatistics
        given.mute = mute
        given.kiosk = kiosk
        return given
    }

    /// The canvas of blocks that size to the window (the drawing pad, judgements, prompts):
    /// the window's pixels, or the screen's when filling it.
    func windowCanvas(_ options: RunOptions) -> Canvas {
        switch options.window.mode {
        case .windowed(let width, let height): return Canvas(width: Double(width), height: Double(height))
        case .fullscreen, .screenSized:
            let display = headless ? nil : DisplayInfo.query(screenIndex: options.window.screenIndex)
            return Canvas(width: Double(display?.width ?? 1920), height: Double(display?.height ?? 1080))
        }
    }

    /// The settings file named by `--settings`, or none; its warnings go to standard error.
    func readSettings() throws -> Settings {
        guard let path = settings else { return Settings() }
        let (settings, warnings) = SettingsReader.read(try textOrExit(path, what: "this settings file"), file: path)
        for warning in warnings { printError(warning.description) }
        return settings
    }
}
