import KioskCore

/// Everything the commands know of one kind of block: how a plan names it, how `check`
/// recognises its file alone, how its file is loaded (with every problem at once), and the log
/// `report` and `export` read. What the loaded block knows (its length, disk use, speech, host)
/// is its ``LoadedBlock``. Adding a kind is its folders and one line in ``BlockKinds/all``.
public struct BlockKind: Sendable {
    public let plan: PlanBlockKind
    /// What the screen before the block calls it: "Part 2 of 5: Image judgements".
    public let screenTitle: String
    /// What `check` calls a file of this kind that has errors: "the sequence will not run".
    public let fileNoun: String
    /// Whether a file given to `check` is this kind's, by its name and content; nil for a kind
    /// whose files are only ever named by a plan.
    public let recognises: (@Sendable (ExaminedFile) -> Bool)?
    /// The block's file and everything it names, or every problem in them.
    public let load: @Sendable (BlockLoadRequest) -> Result<any LoadedBlock, ScenarioErrors>
    /// The data file whose rows `report` and `export` read; nil for a kind that writes none.
    public let log: BlockLog?

    public init(plan: PlanBlockKind, screenTitle: String, fileNoun: String, recognises: (@Sendable (ExaminedFile) -> Bool)? = nil,
                log: BlockLog?, load: @escaping @Sendable (BlockLoadRequest) -> Result<any LoadedBlock, ScenarioErrors>) {
        self.plan = plan
        self.screenTitle = screenTitle
        self.fileNoun = fileNoun
        self.recognises = recognises
        self.log = log
        self.load = load
    }
}
