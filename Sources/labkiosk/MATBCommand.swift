import ArgumentParser
import KioskCore
import KioskData
import KioskShell

/// `labkiosk matb`: run a MATB session from an OpenMATB scenario.
struct MATBCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "matb",
        abstract: "Run the Multi-Attribute Task Battery on an OpenMATB scenario and log the session.",
        discussion: """
            Without a scenario, runs the bundled English scenario (Scenarios/default.txt), which \
            starts all five tasks. The session log is written to SESSIONS/<YYYY-MM-DD>/<N>_<yymmdd>_<HHMMSS>.csv \
            in OpenMATB's CSV format; N is one more than the highest session number of any data file already there. \
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

    @Option(help: "When task updates run: fixed (exact taskupdatetime steps, the default) or openmatb (the passes of OpenMATB's main loop, one event per pass).")
    var cadence: UpdateCadence?

    @Option(help: "How long spoken prompts last: spoken (our clips' length) or openmatb (OpenMATB's recorded clips' length, the default with --cadence openmatb).")
    var promptTiming: PromptTiming?

    @Option(help: "Adaptive rules (TOML) that switch automation from performance or the participant's requests; see docs/adaptive.md.")
    var rules: String?

    @OptionGroup(title: "Running")
    var running: RunArguments

    @OptionGroup(title: "Input devices")
    var input: InputArguments

    func run() throws {
        let paths = try InstallPaths()
        let settings = try running.readSettings()
        let inputSettings = settings.input.overridden(by: input.settings)
        let options = RunOptions.resolve(commandLine: running.commandLine, settings: settings,
                                         joystick: try input.joystickOptions(settings.input, paths: paths))
        let matb = MATBOptions.resolve(commandLine: MATBOptions.CommandLine(scenarioPath: scenario, cadence: cadence, promptTiming: promptTiming),
                                       settings: settings, input: inputSettings,
                                       defaultScenario: paths.defaultScenario.path, voicesDirectory: paths.voices)
        var loaded = try load(matb.scenarioPath, paths: paths, language: options.language)
        if let rules { loaded = try loadedOrExit(AdaptiveRulesFile.attach(rules, to: loaded), path: rules, what: "rules file") }
        do {
            let summary = try BlockRunner.run(options: options, headless: running.headless, images: loaded.images) { context in
                try MATBBlockHost(loaded: loaded, matb: matb, run: options, context: context, version: Labkiosk.version)
            }
            print("session \(summary.block.runNumber): \(summary.block.dataFiles[0])")
            if running.headless {
                let ratio = summary.wallSeconds > 0 ? summary.blockSeconds / summary.wallSeconds : 0
                print(String(cFormat: "headless: %.1f scenario s in %.3f s (%.0fx real time)", summary.blockSeconds, summary.wallSeconds, ratio))
            }
        } catch {
            printError("labkiosk: \(error)")
            throw ExitCode(1)
        }
    }

    /// The scenario and every file it names, checked; on any error, every error is printed
    /// and nothing starts.
    private func load(_ path: String, paths: InstallPaths, language: Language) throws -> ScenarioLoader.Loaded {
        switch ScenarioLoader(bundledIncludes: paths.bundledIncludes, language: language).load(path) {
        case .success(let loaded):
            for warning in loaded.scenario.warnings { printError(warning.description) }
            return loaded
        case .failure(let errors):
            for diagnostic in errors.diagnostics { printError(diagnostic.description) }
            printError("\(path): the scenario has errors; nothing was started")
            throw ExitCode(1)
        }
    }
}

extension UpdateCadence: ExpressibleByArgument {}
extension PromptTiming: ExpressibleByArgument {}
