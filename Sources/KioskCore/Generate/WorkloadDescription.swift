/// What `labkiosk generate` makes a MATB scenario from (docs/generate.md): blocks of a set
/// length, each giving some of the four tasks a difficulty on OpenMATB's 0–1 scale, and the
/// few numbers the difficulties are turned into events with.
public struct WorkloadDescription: Hashable, Sendable {
    /// The tasks a difficulty applies to, by the name scenarios give their plugin.
    public enum Task: String, CaseIterable, Hashable, Sendable {
        case sysmon, track, communications, resman
    }

    public struct Block: Hashable, Sendable {
        /// A name for the block's scenario and plan entry; empty when the description gave none.
        public var title: String
        public var seconds: Int
        /// Each task the block runs, with its difficulty (0…1); tasks not named are paused.
        public var difficulties: [Task: Double]

        public init(title: String = "", seconds: Int, difficulties: [Task: Double]) {
            self.title = title
            self.seconds = seconds
            self.difficulties = difficulties
        }
    }

    /// How a plan written beside the scenario orders its blocks.
    public enum Order: String, CaseIterable, Hashable, Sendable {
        case fixed
        case latinSquare = "latin-square"
        case shuffle
    }

    /// The scenario's name: its file names and the plan's study.
    public var name: String
    public var seed: UInt64
    public var blocks: [Block]
    /// Seconds kept free after each system-monitoring failure and communications prompt
    /// before the next may start (OpenMATB's `events_refractory_duration`).
    public var refractorySeconds = 1
    /// The share of communications prompts addressed to the participant's own callsign.
    public var ownShare = 0.5
    /// How long a prompt is taken to last (OpenMATB's `average_auditory_prompt_duration`).
    public var promptSeconds = 13
    /// System monitoring's `alerttimeout`: how long a failure waits for its answer.
    public var alertTimeoutMilliseconds = 10_000
    public var order = Order.fixed

    /// `1 block`, `3 blocks`: how the scenario's header and the commands count them.
    public var blockCountText: String { blocks.count == 1 ? "1 block" : "\(blocks.count) blocks" }

    public init(name: String, seed: UInt64, blocks: [Block]) {
        self.name = name
        self.seed = seed
        self.blocks = blocks
    }
}
