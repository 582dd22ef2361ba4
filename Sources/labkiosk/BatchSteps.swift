import FoundationEssentials
import KioskCore
import KioskShell

/// A batch's steps in running order: before each block a screen saying what comes next, then
/// the block; a closing screen at the end. Step 2k is the screen before block k, step 2k + 1
/// the block. Every block is loaded before the first starts, so a batch never stops halfway
/// on a file it could have checked.
struct BatchSteps {
    private enum Loaded {
        case matb(ScenarioLoader.Loaded, path: String)
        case pad(PadLoader.Loaded)
        case judge(JudgeLoader.Loaded)
        case prompts(PromptsLoader.Loaded)
        case pause(seconds: Double, selfPaced: Bool)
    }

    /// The batch's session folder, where every block's files go.
    var sessionFolder = ""
    /// Every image any block draws, for the window.
    let images: [String: String]
    private let blocks: [(plan: PlanBlock, loaded: Loaded)]
    /// Said on the screen before the first block run, when the batch resumes.
    var resumeNotice: String?
    /// The first block this run starts with (a resumed batch starts further on).
    var firstBlock = 0
    /// `manual` rows for each block's MATB log: the batch, and the partial log of a block restarted.
    var notes: [Int: [String]] = [:]
    private let participant: String
    private let paths: InstallPaths
    private let settings: Settings
    /// The input options given on the command line: they win over a block's own, which win
    /// over the settings file's `[Input]`.
    private let commandLineInput: InputSettings
    private let options: RunOptions
    private let canvas: Canvas

    var blockCount: Int { blocks.count }
    /// Steps from ``firstBlock``'s screen to the closing one.
    var stepCount: Int { 2 * (blocks.count - firstBlock) + 1 }

    init(checked: PlanChecker.Checked, order: PlanOrder, participant: String, paths: InstallPaths, settings: Settings,
         commandLineInput: InputSettings, options: RunOptions, canvas: Canvas) throws {
        self.participant = participant
        self.paths = paths
        self.settings = settings
        self.commandLineInput = commandLineInput
        self.options = options
        self.canvas = canvas
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
                result = loader.load(slides: block.kind, file: URL(fileURLWithPath: file ?? ""))
            case .pad:
                guard case .success(let pad) = PadLoader.load(file ?? "") else { throw ShellError.invalidArgument("\(file ?? ""): cannot be loaded") }
                images.merge(pad.images) { a, _ in a }
                blocks.append((block, .pad(pad)))
                continue
            case .judge:
                guard case .success(let judge) = JudgeLoader.load(file ?? "") else { throw ShellError.invalidArgument("\(file ?? ""): cannot be loaded") }
                images.merge(judge.images) { a, _ in a }
                blocks.append((block, .judge(judge)))
                continue
            case .prompts:
                guard case .success(let prompts) = PromptsLoader.load(file ?? "", speaking: block.language ?? options.language) else {
                    throw ShellError.invalidArgument("\(file ?? ""): cannot be loaded")
                }
                images.merge(prompts.images) { a, _ in a }
                blocks.append((block, .prompts(prompts)))
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

    /// The block a step of this run is or comes before, and whether it is the block itself.
    func place(ofStep step: Int) -> (block: Int, isBlock: Bool) {
        let global = step + 2 * firstBlock
        return (global / 2, global % 2 == 1)
    }

    func title(_ block: Int) -> String { blocks[block].plan.title }

    /// How long block `block` lasts, when it is known before it runs: a scenario's last
    /// event at the block's speed, a timed break; nil for what the participant paces.
    func expectedSeconds(_ block: Int) -> Double? {
        switch blocks[block].loaded {
        case .matb(let loaded, _):
            let last = loaded.scenario.events.map(\.time.nanoseconds).max() ?? 0
            return Double(last) / 1e9 / (blocks[block].plan.speed ?? options.speed ?? 1)
        case .pause(let seconds, let selfPaced): return selfPaced ? nil : seconds
        case .pad, .judge, .prompts: return nil
        }
    }

    /// Whether a block is a drawing pad, whose pens and touchscreens are read from evdev.
    var hasPad: Bool {
        blocks.contains { if case .pad = $0.loaded { true } else { false } }
    }

    /// Whether a block speaks (communications prompts, a sequence's spoken texts), so the
    /// machine needs an audio output.
    var speaksPrompts: Bool {
        blocks.contains { block in
            switch block.loaded {
            case .matb(let loaded, _): loaded.scenario.plugins.contains(PluginAlias.communications)
            case .prompts(let prompts): !prompts.sequence.speechTexts.isEmpty
            default: false
            }
        }
    }

    /// A generous guess at the bytes the batch writes, for the self-check's free-space test:
    /// a MATB log grows by about 20 kB per scenario second (2.4 MB for two minutes of all five
    /// tasks), a drawing-pad block rarely passes a few megabytes.
    var estimatedBytes: Int64 {
        let bytes = blocks.indices.reduce(0.0) { total, index in
            switch blocks[index].loaded {
            case .matb: total + 20_000 * (expectedSeconds(index) ?? 0) * (blocks[index].plan.speed ?? options.speed ?? 1)
            case .pad: total + 20_000_000
            case .prompts(let prompts): total + 500 * Double(prompts.sequence.trials.count * max(1, prompts.sequence.passes) * prompts.sequence.phases.count) + 10_000
            case .judge(let judge): total + 1_000 * Double(judge.trials.trials.count + (judge.practice?.trials.count ?? 0)) + 10_000
            case .pause: total
            }
        }
        return Int64(2 * bytes) + 50_000_000
    }

    /// The seconds blocks `block`… are known to take, and whether some have no known length.
    func remainingSeconds(from block: Int) -> (seconds: Double, selfPaced: Bool) {
        let lengths = (block..<blocks.count).map(expectedSeconds)
        return (lengths.compactMap { $0 }.reduce(0, +), lengths.contains(nil))
    }

    func host(_ step: Int, context: RunContext) throws -> any BlockHost {
        let (index, isBlock) = place(ofStep: step)
        guard isBlock else { return PauseBlockHost(screen(before: index)) }
        let (block, loaded) = blocks[index]
        var run = options
        run.dataDirectory = sessionFolder
        run.sessionNumberRoot = options.dataDirectory
        if let language = block.language { run.language = language }
        var blockContext = context
        if let speed = block.speed, !context.headless { blockContext.blockSpeed = speed }
        switch loaded {
        case .matb(let scenario, let path):
            let input = settings.input.overridden(by: block.input).overridden(by: commandLineInput)
            let matb = MATBOptions.resolve(commandLine: MATBOptions.CommandLine(scenarioPath: path), settings: settings, input: input,
                                           defaultScenario: paths.defaultScenario.path, voicesDirectory: paths.voices)
            return try MATBBlockHost(loaded: scenario, matb: matb, run: run, context: blockContext, version: Labkiosk.version,
                                     manualNotes: notes[index] ?? [])
        case .pad(let pad):
            let block = try PadBlock(configuration: pad.configuration, imageSizes: pad.imageSizes.mapValues { ($0.width, $0.height) },
                                     canvas: canvas, participant: participant)
            return PadBlockHost(pad: block, images: pad.images, dataDirectory: sessionFolder,
                                information: ["pad: \(block.layout.padWidth)x\(block.layout.padHeight) px", "batch: \(participant)"], context: context)
        case .judge(let judge):
            return try JudgeBlockHost(loaded: judge, run: run, seed: blockSeed(title: judge.configuration.title, kind: .judge, participant: participant),
                                      canvas: canvas, context: blockContext, version: Labkiosk.version)
        case .prompts(let prompts):
            return try PromptsBlockHost(loaded: prompts, run: run, seed: blockSeed(title: prompts.sequence.title, kind: .prompts, participant: participant),
                                        canvas: canvas, context: blockContext, version: Labkiosk.version,
                                        markers: try .open(for: prompts.sequence))
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
        case .judge: what = "Image judgements"
        case .prompts: what = "A guided sequence"
        case .instructions: what = "Instructions"
        case .questionnaire: what = "A questionnaire"
        case .break: what = "A break"
        }
        if position == firstBlock, let resumeNotice {
            return PauseBlock(canvas: canvas, title: "Welcome back", message: resumeNotice + "\n\nNext, part \(position + 1) of \(blocks.count): \(what). Continue when you are ready.")
        }
        return PauseBlock(canvas: canvas, title: "Part \(position + 1) of \(blocks.count): \(what)",
                          message: "Continue when you are ready.")
    }
}
