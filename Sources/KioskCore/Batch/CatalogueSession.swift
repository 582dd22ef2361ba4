/// One batch session as the session catalogue knows it: who, which plan, each block's state,
/// files with their checksums and figures, and, while it runs, where it is.
public struct CatalogueSession: Hashable, Sendable {
    public enum State: String, Hashable, Sendable {
        /// Every block completed or skipped.
        case complete
        /// A process is running it now.
        case running
        /// It stopped before its end (a crash, a power cut, the window closed) and will resume.
        case interrupted
        /// It ended for good before its last block: the participant declined consent.
        case declined
    }

    public struct Block: Hashable, Sendable {
        public var place: Int
        public var title: String
        public var state: BatchJournal.BlockState
        public var began: String?, ended: String?
        public var figures: [String: String]
        public var files: [File]

        public init(place: Int, title: String, state: BatchJournal.BlockState, began: String?, ended: String?,
                    figures: [String: String], files: [File]) {
            self.place = place
            self.title = title
            self.state = state
            self.began = began
            self.ended = ended
            self.figures = figures
            self.files = files
        }
    }

    public struct File: Hashable, Sendable {
        /// Relative to the data folder.
        public var path: String
        public var bytes: Int64
        public var sha256: String
        /// Left by a run of its block that was interrupted.
        public var partial: Bool

        public init(path: String, bytes: Int64, sha256: String, partial: Bool) {
            self.path = path
            self.bytes = bytes
            self.sha256 = sha256
            self.partial = partial
        }
    }

    /// Where a running batch is, as it last said.
    public struct Progress: Hashable, Sendable {
        /// The block running (1-based) or the screen before it.
        public var place: Int
        public var title: String
        /// Seconds since the Unix epoch.
        public var batchStarted: Int64, blockStarted: Int64
        /// The earliest end the remaining blocks allow (seconds since the epoch), and whether
        /// blocks of unknown length (self-paced) remain, so it may be later.
        public var expectedEnd: Int64
        public var selfPacedRemain: Bool

        public init(place: Int, title: String, batchStarted: Int64, blockStarted: Int64, expectedEnd: Int64, selfPacedRemain: Bool) {
            self.place = place
            self.title = title
            self.batchStarted = batchStarted
            self.blockStarted = blockStarted
            self.expectedEnd = expectedEnd
            self.selfPacedRemain = selfPacedRemain
        }
    }

    /// The journal's path, relative to the data folder: the session's identity.
    public var journal: String
    public var study: String
    public var plan: String
    public var participant: String
    public var started: String
    public var completed: String?
    public var state: State
    /// The plan's visit it ran; nil for a plan without visits.
    public var visit: String?
    /// What simulated the participant (docs/simulate.md: the journal's `simulated` line); nil
    /// for a person's session.
    public var simulated: String?
    public var blocks: [Block]
    public var progress: Progress?

    public init(journal: String, study: String, plan: String, participant: String, started: String, completed: String?,
                state: State, visit: String? = nil, simulated: String? = nil, blocks: [Block], progress: Progress? = nil) {
        self.visit = visit
        self.simulated = simulated
        self.journal = journal
        self.study = study
        self.plan = plan
        self.participant = participant
        self.started = started
        self.completed = completed
        self.state = state
        self.blocks = blocks
        self.progress = progress
    }

    /// Blocks completed or skipped.
    public var blocksDone: Int { blocks.count { $0.state == .complete || $0.state == .skipped } }
}
