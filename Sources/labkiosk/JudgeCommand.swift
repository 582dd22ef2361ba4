import ArgumentParser
import KioskCore
import KioskData
import KioskShell

/// `labkiosk judge`: image-judgement trials with response times.
struct JudgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "judge",
        abstract: "Run image-judgement trials (forced choice or go/no-go) and log each answer's response time.",
        discussion: """
            Without a configuration, runs the bundled example (Scenarios/judge/friend-or-foe.toml). \
            Writes DATA/<yyyy-MM-dd>/<N>_<yymmdd>_<HHMMSS>_judge.tsv, one row per trial as it ends, \
            and _judge-summary.tsv beside it when the block ends (accuracy and median response time \
            per condition; hit and false-alarm rates and d′ for go/no-go). Answers come from keys, \
            joystick buttons or taps on the answer buttons; response times run from the frame that \
            showed the image to the input's own time. A shuffled order is seeded from the title and \
            the participant (the same participant gets the same order), or --seed; the seed is logged. \
            See docs/judge.md.
            """
    )

    @Argument(help: "The configuration (.toml) naming the trial list and the answers.")
    var configurationFile: String?

    @Option(help: "Seed of the trial order and interval jitter (default: from the title and --participant; a new one without a participant).")
    var seed: UInt64?

    @OptionGroup(title: "Input devices")
    var folder: InputFolderArguments

    @OptionGroup(title: "Input devices")
    var joystick: JoystickArguments

    @OptionGroup(title: "Running")
    var running: RunArguments

    func run() throws {
        let paths = try InstallPaths()
        let settings = try running.readSettings()
        // A joystick's buttons answer, read with their kernel times.
        let joystickOptions = try JoystickArguments.options(joystick.overriding(settings.input), inputDirectory: folder.resolved(settings.input),
                                                            paths: paths)
        let options = RunOptions.resolve(commandLine: running.commandLine, settings: settings, joystick: joystickOptions)
        let path = configurationFile ?? paths.scenarios.appendingPathComponent("judge/friend-or-foe.toml").path
        let loaded = try loadedOrExit(JudgeLoader.load(path), path: path, what: "configuration")
        let seed = self.seed ?? blockSeed(title: loaded.configuration.title, kind: .judge, participant: options.participant)
        let canvas = running.windowCanvas(options)
        try runBlockListingFiles(options: options, headless: running.headless, images: loaded.images) { context in
            try JudgeBlockHost(loaded: loaded, run: options, seed: seed, canvas: canvas, context: context, version: Labkiosk.version)
        }
    }
}
