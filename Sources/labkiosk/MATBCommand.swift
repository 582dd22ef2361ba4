import ArgumentParser
import FoundationEssentials
import KioskCore
import KioskShell

/// `labkiosk matb`: run a MATB session from an OpenMATB scenario.
struct MATBCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matb",
        abstract: "Run the Multi-Attribute Task Battery on an OpenMATB scenario and log the session.",
        discussion: """
            Without a scenario, runs the bundled English scenario (Scenarios/default.txt), which \
            starts all five tasks. The session log is written to SESSIONS/<YYYY-MM-DD>/<N>_<yymmdd>_<HHMMSS>.csv \
            in OpenMATB's CSV format; N is one more than the highest session number already there. \
            Keys: P pauses, Escape asks whether to quit (Q quits, Space continues). Every screen that waits \
            (instructions, questionnaires, dialogs) also answers a tap or click on its on-screen buttons \
            and a joystick button: on instructions any button continues; on questionnaires the stick moves \
            the selected slider, its y axis or hat selects, button 1 validates; in dialogs button 1 \
            continues and button 2 exits where Exit is offered. \
            The tracking task takes a hardware joystick (the first one found) or, when none is \
            plugged in, the on-screen stick beside it, driven by touch, mouse or pen; see \
            `labkiosk devices` for joysticks and their calibration.
            """
    )

    @Argument(help: "The scenario file (OpenMATB 1.4.5 format).")
    var scenario: String?

    @Flag(help: "Run without a window, as fast as possible (or at --speed), dismissing blocking screens itself.")
    var headless = false

    @Option(help: "Scenario seconds per real second (e.g. 10 runs ten times faster).")
    var speed: Double?

    @Option(help: "Folder for session logs.")
    var sessions = "sessions"

    @Option(help: "Participant identifier, written to the log as a `manual` row.")
    var participant: String?

    @Option(help: "Language of on-screen and logged texts: en or fr.")
    var language: Language?

    @Flag(help: "Fill the screen.")
    var fullscreen = false

    @Option(help: "Index of the monitor to use (0 = first).")
    var screen: Int?

    @Option(help: "Window size as WIDTHxHEIGHT when not fullscreen (default: 1280x800).")
    var size: WindowSize?

    @Option(help: "OpenMATB config.ini (or any file with its [Openmatb] keys, plus labkiosk's [Input] section) to read settings from; options given here win.")
    var settings: String?

    @Option(help: "When task updates run: fixed (exact taskupdatetime steps, the default) or openmatb (OpenMATB's frame-gated cadence).")
    var cadence: UpdateCadence = .fixed

    @Option(name: .customLong("screenshot-at"), help: "Seconds after the first frame at which to save a screenshot.")
    var screenshotAt: Double?

    @Option(help: "Where to save the screenshot (PNG).")
    var screenshot: String?

    @Option(name: .customLong("stop-after"), help: "End the session after this many seconds, as if the operator quit.")
    var stopAfter: Double?

    @Flag(name: .customLong("frame-stats"), help: "Print frame-pacing figures when the run ends.")
    var frameStatistics = false

    @Flag(help: "Do not play the communications prompts aloud (the session log is the same).")
    var mute = false

    @Flag(name: .customLong("input-stats"), help: "Print joystick input latency (event timestamp to task state) and the reader's cost per frame when the run ends.")
    var inputStatistics = false

    @OptionGroup(title: "Input devices")
    var input: InputOptions

    func validate() throws {
        if let speed, !(speed > 0) { throw ValidationError("--speed must be a positive number") }
        if (screenshotAt == nil) != (screenshot == nil) { throw ValidationError("--screenshot-at and --screenshot go together") }
        if headless && screenshot != nil { throw ValidationError("--screenshot needs a window; drop --headless") }
    }

    func run() throws {
        let paths = try InstallPaths()
        let fileSettings = try settings.map(readSettings) ?? Settings()
        let scenarioPath = scenario ?? fileSettings.scenarioPath ?? paths.defaultScenario.path
        let chosenLanguage = language ?? fileSettings.language ?? .en
        let loaded: ScenarioLoader.Loaded
        switch ScenarioLoader(bundledIncludes: paths.bundledIncludes, language: chosenLanguage).load(scenarioPath) {
        case .success(let result): loaded = result
        case .failure(let errors):
            for diagnostic in errors.diagnostics { printError(diagnostic.description) }
            printError("\(scenarioPath): the scenario has errors; nothing was started")
            throw ExitCode(1)
        }
        for warning in loaded.scenario.warnings { printError(warning.description) }
        let inputSettings = fileSettings.input.overridden(by: input.settings)

        let options = MATBRunOptions(
            scenarioPath: scenarioPath, sessionsDirectory: sessions, participant: participant, language: chosenLanguage,
            cadence: cadence, speed: speed ?? fileSettings.clockSpeed, displaySessionNumber: fileSettings.displaySessionNumber ?? false,
            layout: ScreenLayout(topBounds: fileSettings.topBounds ?? .init(0.35, 0.85), bottomBounds: fileSettings.bottomBounds ?? .init(0.30, 0.85)),
            window: WindowConfiguration(mode: windowMode(fullscreen: fullscreen || (fileSettings.fullscreen ?? false)),
                                        screenIndex: screen ?? fileSettings.screenIndex ?? 0),
            screenshotAt: screenshotAt, screenshotPath: screenshot, stopAfter: stopAfter, reportFrameStatistics: frameStatistics,
            virtualJoystick: inputSettings.virtualJoystick(), joystick: try InputOptions.joystick(inputSettings, paths: paths),
            reportInputStatistics: inputStatistics,
            voicesDirectory: paths.voices, mute: mute, hideOnPause: fileSettings.hideOnPause ?? false)
        do {
            let summary = headless
                ? try HeadlessRun.run(loaded, options: options, version: Labkiosk.version)
                : try WindowedRun.run(loaded, options: options, version: Labkiosk.version)
            print("session \(summary.sessionNumber): \(summary.logPath)")
            if headless {
                let ratio = summary.wallSeconds > 0 ? summary.scenarioSeconds / summary.wallSeconds : 0
                print(String(cFormat: "headless: %.1f scenario s in %.3f s (%.0fx real time)", summary.scenarioSeconds, summary.wallSeconds, ratio))
            }
        } catch {
            printError("labkiosk: \(error)")
            throw ExitCode(1)
        }
    }

    private func windowMode(fullscreen: Bool) -> WindowConfiguration.Mode {
        if fullscreen { return .fullscreen }
        return .windowed(width: size?.width ?? 1280, height: size?.height ?? 800)
    }

    private func readSettings(_ path: String) throws -> Settings {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            printError("\(path): cannot read this settings file")
            throw ExitCode(1)
        }
        let (settings, warnings) = SettingsReader.read(text, file: path)
        for warning in warnings { printError(warning.description) }
        return settings
    }
}

/// `WIDTHxHEIGHT` on the command line.
struct WindowSize: ExpressibleByArgument {
    var width: Int
    var height: Int

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w >= 320, h >= 200 else { return nil }
        width = w
        height = h
    }
}

extension UpdateCadence: ExpressibleByArgument {}
