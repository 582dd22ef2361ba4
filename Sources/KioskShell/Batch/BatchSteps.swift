import FoundationEssentials
import KioskCore
import KioskData

/// A batch's steps in running order: before each block a screen saying what comes next, then
/// the block; a closing screen at the end. Step 2k is the screen before block k, step 2k + 1
/// the block. Every block was loaded by ``PlanChecker`` before the first starts, so a batch
/// never stops halfway on a file it could have checked.
public struct BatchSteps {
    /// The batch's session folder, where every block's files go.
    public var sessionFolder = ""
    /// Every image any block draws, for the window.
    public let images: [String: String]
    private let blocks: [(plan: PlanBlock, checked: PlanChecker.CheckedBlock)]
    /// Each block's corner patch, when the plan asks for one (docs/timing.md).
    private let timingPatches: [CornerPatchSettings?]
    /// Said on the screen before the first block run, when the batch resumes.
    public var resumeNotice: String?
    /// The first block this run starts with (a resumed batch starts further on).
    public var firstBlock = 0
    /// `manual` rows for each block's MATB log: the batch, and the partial log of a block restarted.
    public var notes: [Int: [String]] = [:]
    /// Complete runs of each block with a criterion so far (a resumed batch counts its journal's).
    public var runsDone: [Int: Int] = [:]
    /// What the screen before a block running again says (its criterion was not met).
    public var repeatNotices: [Int: String] = [:]
    private let participant: String
    private let paths: InstallPaths
    private let settings: Settings
    /// The input options given on the command line: they win over a block's own, which win
    /// over the settings file's `[Input]`.
    private let commandLineInput: InputSettings
    private let options: RunOptions
    private let canvas: Canvas
    private let version: String

    public var blockCount: Int { blocks.count }
    /// Steps from ``firstBlock``'s screen to the closing one.
    public var stepCount: Int { 2 * (blocks.count - firstBlock) + 1 }

    public init(checked: PlanChecker.Checked, order: PlanOrder, participant: String, paths: InstallPaths, settings: Settings,
                commandLineInput: InputSettings, options: RunOptions, canvas: Canvas, version: String) {
        self.participant = participant
        self.paths = paths
        self.settings = settings
        self.commandLineInput = commandLineInput
        self.options = options
        self.canvas = canvas
        self.version = version
        blocks = order.blocks.map { (checked.plan.blocks[$0], checked.blocks[$0]) }
        timingPatches = blocks.map { checked.plan.timingPatch(of: $0.plan, machine: settings.timing) }
        images = blocks.reduce(into: [:]) { images, block in images.merge(block.checked.loaded.images) { a, _ in a } }
    }

    /// The block a step of this run is or comes before, and whether it is the block itself.
    public func place(ofStep step: Int) -> (block: Int, isBlock: Bool) {
        let global = step + 2 * firstBlock
        return (global / 2, global % 2 == 1)
    }

    public func title(_ block: Int) -> String { blocks[block].plan.title }

    /// Whether the plan flags block `block`'s data when its display misses a refresh.
    public func flagsMissedRefreshes(_ block: Int) -> Bool { blocks[block].plan.flagMissedRefreshes }

    /// After a run of block `block`: whether its criterion sends it round again, counting the
    /// run; nil for a block without a criterion.
    public mutating func practiceDecision(_ block: Int, figures: [String: String]) -> PracticeDecision? {
        let plan = blocks[block].plan
        guard let criterion = plan.repeatUntil else { return nil }
        runsDone[block, default: 0] += 1
        let decision = PracticeDecision.after(run: runsDone[block]!, figures: figures, criterion: criterion, maxRuns: plan.maxRuns)
        if case .again(_, let screen) = decision { repeatNotices[block] = screen } else { repeatNotices[block] = nil }
        return decision
    }

    /// The step of the screen before block `block`, in this run's numbering.
    public func screenStep(before block: Int) -> Int { 2 * (block - firstBlock) }

    /// Block seconds per real second of block `block`.
    private func speed(_ block: Int) -> Double { blocks[block].plan.speed ?? options.speed ?? 1 }

    /// How long block `block` lasts, when it is known before it runs.
    public func expectedSeconds(_ block: Int) -> Double? { blocks[block].checked.loaded.expectedSeconds(speed: speed(block)) }

    /// The run's options for these steps: when a block reads pens and touchscreens from evdev,
    /// the window reads them for every block, from the input folder the joystick is read from
    /// (`--input-dir`, the settings' `input_dir`).
    public func pointerOptions(_ options: RunOptions, udevRule: String) -> RunOptions {
        guard blocks.contains(where: { $0.checked.loaded.readsPointerDevices }) else { return options }
        var options = options
        options.pointerInput = .evdev(directory: options.joystick.inputDirectory, udevRule: udevRule)
        return options
    }

    /// Whether a block speaks, so the machine needs an audio output.
    public var speaksPrompts: Bool { blocks.contains { $0.checked.loaded.speaks } }

    /// A generous guess at the bytes the batch writes, for the self-check's free-space test.
    public var estimatedBytes: Int64 {
        let bytes = blocks.indices.reduce(0.0) { total, index in total + blocks[index].checked.loaded.estimatedBytes(speed: speed(index)) }
        return Int64(2 * bytes) + 50_000_000
    }

    /// The seconds blocks `block`… are known to take, and whether some have no known length.
    public func remainingSeconds(from block: Int) -> (seconds: Double, selfPaced: Bool) {
        let lengths = (block..<blocks.count).map(expectedSeconds)
        return (lengths.compactMap { $0 }.reduce(0, +), lengths.contains(nil))
    }

    /// How many complete runs of step `step`'s block, or of the block a screen comes before,
    /// came before (a practice run again to its criterion, docs/plans.md): a simulated
    /// participant reads the screen before each run anew.
    public func earlierRuns(ofStep step: Int) -> Int {
        runsDone[place(ofStep: step).block] ?? 0
    }

    public func host(_ step: Int, context: RunContext) throws -> any BlockHost {
        let (index, isBlock) = place(ofStep: step)
        guard isBlock else {
            // Dark before a checked block, so its first onset turns the patch white whatever was there.
            let next = index < timingPatches.count && !context.headless ? timingPatches[index] : nil
            return PauseBlockHost(screen(before: index), darkPatch: next.flatMap { patch in patch.corner?.patch(size: patch.sideOrDefault, on: canvas) })
        }
        let block = blocks[index].plan
        var run = options
        run.dataDirectory = sessionFolder
        run.runNumberRoot = options.dataDirectory
        if let language = block.language { run.language = language }
        var request = BlockHostRequest(block: block, participant: participant, run: run, context: context, settings: settings,
                                       commandLineInput: commandLineInput, paths: paths, canvas: canvas, notes: notes[index] ?? [], version: version)
        request.practiceRun = (runsDone[index] ?? 0) + 1
        let host = try blocks[index].checked.loaded.host(request)
        // Headless, nothing is shown, so there is no light to check.
        guard let patch = timingPatches[index], !context.headless else { return host }
        guard let checking = host.block as? any OnsetReporting else {
            print("labkiosk: timing patch: not drawn in block \(index + 1) (\(block.title)): it logs no onset from the display")
            return host
        }
        guard let corner = patch.corner, let sensor = patch.sensor else { throw ShellError(Self.noSensor) }
        return try OnsetCheckHost(host, checking: checking, corner: corner, size: patch.sideOrDefault,
                                  sensor: try LightSensorReader(path: sensor, keyCode: patch.sensorKey, namedBy: "timing_sensor"), context: context)
    }

    /// The light sensors the plan's corner patches read (each once), or why one cannot be read,
    /// for the self-check; nothing when headless, where no patch is drawn.
    public func timingSensorProblems(headless: Bool) -> [String] {
        guard !headless else { return [] }
        var seen: Set<String> = []
        var problems: [String] = []
        for patch in timingPatches.compactMap({ $0 }) {
            guard let sensor = patch.sensor else {
                if seen.insert("").inserted { problems.append(Self.noSensor) }
                continue
            }
            guard seen.insert("\(sensor) \(patch.sensorKey.map(String.init) ?? "")").inserted else { continue }
            do { _ = try LightSensorReader(path: sensor, keyCode: patch.sensorKey, namedBy: "timing_sensor") } catch {
                problems.append("timing_patch: \(error)")
            }
        }
        return problems
    }

    static let noSensor = "timing_patch: no light sensor is named: set timing_sensor in the plan's [study] or in the settings file's [Timing] (docs/timing.md)"

    /// The screen before block `position` (or, past the last, the closing one).
    private func screen(before position: Int) -> PauseBlock {
        guard position < blocks.count else {
            return PauseBlock(canvas: canvas, title: "Thank you", message: "The session is over.", endsAfterSeconds: 5,
                              countdownWords: "This screen closes in")
        }
        let what = blocks[position].checked.loaded.title ?? blocks[position].checked.kind.screenTitle
        if let repeatNotice = repeatNotices[position] {
            return PauseBlock(canvas: canvas, title: "Part \(position + 1) of \(blocks.count): \(what), again", message: repeatNotice + "\n\nContinue when you are ready.")
        }
        if position == firstBlock, let resumeNotice {
            return PauseBlock(canvas: canvas, title: "Welcome back", message: resumeNotice + "\n\nNext, part \(position + 1) of \(blocks.count): \(what). Continue when you are ready.")
        }
        return PauseBlock(canvas: canvas, title: "Part \(position + 1) of \(blocks.count): \(what)",
                          message: "Continue when you are ready.")
    }
}
