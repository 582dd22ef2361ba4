import KioskCore
import KioskData

/// What making a block's host needs: the plan's block, the run's options for it, and what the
/// batch was started with.
public struct BlockHostRequest {
    public var block: PlanBlock
    public var participant: String
    /// The run's options, its data folder the batch session's, its language the block's.
    public var run: RunOptions
    /// The runner's context for the batch.
    public var context: RunContext
    public var settings: Settings
    /// The input options given on the command line: they win over a block's own, which win
    /// over the settings file's `[Input]`.
    public var commandLineInput: InputSettings
    public var paths: InstallPaths
    /// The canvas of blocks that size to the window.
    public var canvas: Canvas
    /// `manual` rows for a MATB block's log: the batch, and the partial log of a block restarted.
    public var notes: [String]
    /// labkiosk's version, for the logs.
    public var version: String
    /// Which run of a block repeated to its criterion this is, from 1.
    public var practiceRun = 1

    public init(block: PlanBlock, participant: String, run: RunOptions, context: RunContext, settings: Settings,
                commandLineInput: InputSettings, paths: InstallPaths, canvas: Canvas, notes: [String], version: String) {
        self.block = block
        self.participant = participant
        self.run = run
        self.context = context
        self.settings = settings
        self.commandLineInput = commandLineInput
        self.paths = paths
        self.canvas = canvas
        self.notes = notes
        self.version = version
    }

    /// The context at the block's own `speed`, which a window honours (headless runs keep theirs).
    var blockContext: RunContext {
        var context = self.context
        if let speed = block.speed, !context.headless { context.blockSpeed = speed }
        return context
    }
}
