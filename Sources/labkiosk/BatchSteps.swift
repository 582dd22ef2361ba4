import FoundationEssentials
import KioskCore
import KioskShell

/// A batch's steps in running order: before each block a screen saying what comes next, then
/// the block; a closing screen at the end. Every block is loaded before the first starts, so
/// a batch never stops halfway on a file it could have checked.
struct BatchSteps {
    private enum Loaded {
        case matb(ScenarioLoader.Loaded, path: String)
        case pad(PadLoader.Loaded)
        case pause(seconds: Double, selfPaced: Bool)
    }

    let dataDirectory: String
    /// Every image any block draws, for the window.
    let images: [String: String]
    private let blocks: [(plan: PlanBlock, loaded: Loaded)]
    private let participant: String
    private let paths: InstallPaths
    private let settings: Settings
    private let inputSettings: InputSettings
    private let options: RunOptions
    private let canvas: Canvas

    var count: Int { 2 * blocks.count + 1 }

    init(checked: PlanChecker.Checked, order: PlanOrder, participant: String, paths: InstallPaths, settings: Settings,
         inputSettings: InputSettings, options: RunOptions, canvas: Canvas) throws {
        self.participant = participant
        self.paths = paths
        self.settings = settings
        self.inputSettings = inputSettings
        self.options = options
        self.canvas = canvas
        dataDirectory = options.dataDirectory + "/" + InteractLogNames.safeFileName(participant)
        var blocks: [(PlanBlock, Loaded)] = []
        var images: [String: String] = [:]
        for index in order.blocks {
            let block = checked.plan.blocks[index]
            let file = checked.files[index]
            let loader = ScenarioLoader(bundledIncludes: paths.bundledIncludes, language: block.language ?? options.language)
            let result: Result<ScenarioLoader.Loaded, ScenarioErrors>
            switch block.kind {
            case .matb:
                result = loader.load(file ?? "")
            case .instructions, .questionnaire:
                let url = URL(fileURLWithPath: file ?? "")
                let plugin = block.kind == .instructions ? PluginAlias.instructions : PluginAlias.genericscales
                let text = "0:00:00;\(plugin);filename;\(url.lastPathComponent)\n0:00:00;\(plugin);start\n"
                result = loader.load(generated: text, name: "\(block.kind.rawValue) \(url.path)", file: url)
            case .pad:
                guard case .success(let pad) = PadLoader.load(file ?? "") else { throw ShellError.invalidArgument("\(file ?? ""): cannot be loaded") }
                images.merge(pad.images) { a, _ in a }
                blocks.append((block, .pad(pad)))
                continue
            case .break:
                blocks.append((block, .pause(seconds: block.seconds ?? 0, selfPaced: block.selfPaced)))
                continue
            }
            switch result {
            case .success(let loaded):
                images.merge(loaded.images) { a, _ in a }
                blocks.append((block, .matb(loaded, path: file ?? "")))
            case .failure(let errors):
                throw ShellError.invalidArgument(errors.description)
            }
        }
        self.blocks = blocks
        self.images = images
    }

    /// The plan's block at step `index`, if that step is a block rather than a screen between.
    func planBlock(_ index: Int) -> PlanBlock? {
        index % 2 == 1 ? blocks[index / 2].plan : nil
    }

    func host(_ index: Int, context: RunContext) throws -> any BlockHost {
        guard index % 2 == 1 else { return PauseBlockHost(screen(before: index / 2)) }
        let (block, loaded) = blocks[index / 2]
        var run = options
        run.dataDirectory = dataDirectory
        if let language = block.language { run.language = language }
        var blockContext = context
        if let speed = block.speed, !context.headless { blockContext.blockSpeed = speed }
        switch loaded {
        case .matb(let scenario, let path):
            let matb = MATBOptions.resolve(commandLine: MATBOptions.CommandLine(scenarioPath: path), settings: settings, input: inputSettings,
                                           defaultScenario: paths.defaultScenario.path, voicesDirectory: paths.voices)
            return try MATBBlockHost(loaded: scenario, matb: matb, run: run, context: blockContext, version: Labkiosk.version)
        case .pad(let pad):
            let block = try PadBlock(configuration: pad.configuration, imageSizes: pad.imageSizes.mapValues { ($0.width, $0.height) },
                                     canvas: canvas, participant: participant)
            return PadBlockHost(pad: block, images: pad.images, dataDirectory: dataDirectory,
                                information: ["pad: \(block.layout.padWidth)x\(block.layout.padHeight) px", "batch: \(participant)"], context: context)
        case .pause(let seconds, let selfPaced):
            return PauseBlockHost(PauseBlock(canvas: canvas, title: "Break",
                                             message: selfPaced ? "Rest as long as you like, then continue." : "Rest for a moment; the session goes on by itself.",
                                             minimumSeconds: selfPaced ? seconds : 0, endsAfterSeconds: selfPaced ? nil : seconds))
        }
    }

    /// The screen before block `position` (or, past the last, the closing one).
    private func screen(before position: Int) -> PauseBlock {
        guard position < blocks.count else {
            return PauseBlock(canvas: canvas, title: "Thank you", message: "The session is over.", endsAfterSeconds: 5)
        }
        let what: String
        switch blocks[position].plan.kind {
        case .matb: what = "The multi-task battery"
        case .pad: what = "Drawing"
        case .instructions: what = "Instructions"
        case .questionnaire: what = "A questionnaire"
        case .break: what = "A break"
        }
        return PauseBlock(canvas: canvas, title: "Part \(position + 1) of \(blocks.count): \(what)",
                          message: "Continue when you are ready.")
    }
}
