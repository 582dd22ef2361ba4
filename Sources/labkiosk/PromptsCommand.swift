import ArgumentParser
import KioskCore
import KioskData
import KioskShell

/// `labkiosk prompts`: a timed prompt sequence with markers.
struct PromptsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prompts",
        abstract: "Run a timed prompt sequence: phases of text, pictures and speech, with a marker at every phase change.",
        discussion: """
            Without a sequence file, runs the bundled example (Scenarios/prompts/imagery.toml). \
            Writes DATA/<yyyy-MM-dd>/<N>_<yymmdd>_<HHMMSS>_prompts.tsv, a row per phase change as it \
            happens, stamped with the moment the frame that showed it reached the screen. Markers go \
            to a Lab Streaming Layer outlet (`lab_streaming_layer = true` in the file; liblsl needed) \
            and each phase's `code` to the parallel port (`parallel_port = true`; LABKIOSK_PARPORT \
            names the device, default /dev/parport0). Spoken texts are said with espeak-ng. \
            Space, Enter, a joystick button or Continue leave a waiting screen; H opens the help. \
            See docs/prompts.md.
            """
    )

    @Argument(help: "The sequence file (.toml).")
    var sequenceFile: String?

    @Option(help: "Seed of a shuffled trial order (default: from the title and --participant; a new one without a participant).")
    var seed: UInt64?

    @OptionGroup(title: "Running")
    var running: RunArguments

    func run() throws {
        let paths = try InstallPaths()
        let settings = try running.readSettings()
        let options = RunOptions.resolve(commandLine: running.commandLine, settings: settings, joystick: JoystickOptions(backend: .sdl))
        let path = sequenceFile ?? paths.scenarios.appendingPathComponent("prompts/imagery.toml").path
        let loaded = try loadedOrExit(PromptsLoader.load(path, speaking: options.language), path: path, what: "sequence")
        let seed = self.seed ?? blockSeed(title: loaded.sequence.title, kind: .prompts, participant: options.participant)
        let canvas = running.windowCanvas(options)
        try runBlockListingFiles(options: options, headless: running.headless, images: loaded.images) { context in
            try PromptsBlockHost(loaded: loaded, run: options, seed: seed, canvas: canvas, context: context, version: Labkiosk.version,
                                 markers: try .open(for: loaded.sequence))
        }
    }
}
