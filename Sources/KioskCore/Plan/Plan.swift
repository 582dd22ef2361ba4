/// A study's plan: the blocks each participant goes through, in order, and how groups of
/// them are counterbalanced (docs/plans.md). Paths are as the plan writes them, relative to
/// the plan's folder.
public struct Plan: Hashable, Sendable {
    public var studyName: String
    public var blocks: [PlanBlock]
    /// How each named group of blocks is ordered.
    public var counterbalance: [String: CounterbalanceMethod]
    /// Run in kiosk mode (docs/plans.md: Kiosk mode), as `--kiosk` does.
    public var kiosk: Bool

    public init(studyName: String, blocks: [PlanBlock], counterbalance: [String: CounterbalanceMethod], kiosk: Bool = false) {
        self.studyName = studyName
        self.blocks = blocks
        self.counterbalance = counterbalance
        self.kiosk = kiosk
    }

    /// The groups the blocks name, in the order they first appear.
    public var groups: [String] {
        var seen: [String] = []
        for block in blocks { if let group = block.group, !seen.contains(group) { seen.append(group) } }
        return seen
    }
}

/// One block of a plan.
public struct PlanBlock: Hashable, Sendable {
    public var kind: PlanBlockKind
    /// The file the block runs: a scenario, a pad configuration, instructions or a questionnaire;
    /// none for a break.
    public var file: String?
    public var group: String?
    public var language: Language?
    /// Block seconds per real second, for checking a plan quickly.
    public var speed: Double?
    /// A break: how long it lasts, or, self-paced, the least it lasts.
    public var seconds: Double?
    public var selfPaced: Bool
    /// Where the block's table starts in the plan file (1-based), for messages.
    public var line: Int
    /// Where its file is named (the key's line and column), for messages about the file.
    public var fileLine = 0, fileColumn = 0
    /// A MATB block's own on-screen stick and stick response, over the settings file's `[Input]`.
    public var input = InputSettings()

    /// The `[Input]` keys a MATB block may set for itself: how the stick behaves, not which
    /// device is read (that stays with the machine).
    public static let inputKeys = ["virtual_stick", "stick_mode", "stick_side", "stick_dead_zone", "stick_curve",
                                   "stick_curve_factor", "stick_invert_x", "stick_invert_y", "stick_gain"]

    public init(kind: PlanBlockKind, file: String? = nil, group: String? = nil, language: Language? = nil, speed: Double? = nil,
                seconds: Double? = nil, selfPaced: Bool = false, line: Int = 0) {
        self.kind = kind
        self.file = file
        self.group = group
        self.language = language
        self.speed = speed
        self.seconds = seconds
        self.selfPaced = selfPaced
        self.line = line
    }

    /// A short name for terminals and logs: `matb easy.txt`, `break 60 s`.
    public var title: String {
        if let file { return "\(kind.rawValue) \(file)" }
        guard let seconds else { return kind.rawValue }
        let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        return selfPaced ? "break (self-paced, at least \(shown) s)" : "break \(shown) s"
    }
}

/// The kinds of block a plan can name, with the key that names each one's file.
public enum PlanBlockKind: String, Hashable, Sendable, CaseIterable {
    case matb, pad, judge, prompts, instructions, questionnaire, `break`

    /// The key holding the block's file; nil for a break.
    public var fileKey: String? {
        switch self {
        case .matb: "scenario"
        case .pad, .judge: "config"
        case .prompts: "sequence"
        case .instructions, .questionnaire: "file"
        case .break: nil
        }
    }
}

/// How a group of blocks is ordered for a participant.
public enum CounterbalanceMethod: String, Hashable, Sendable, CaseIterable {
    /// As the plan lists them.
    case fixed
    /// Row (participant number − 1) of a balanced Latin square (Williams design): over
    /// every n participants (2n for an odd group of n) each block takes each place equally
    /// often and follows each other block equally often.
    case latinSquare = "latin-square"
    /// A shuffle seeded by the study, the group and the participant: the same participant
    /// always gets the same order.
    case shuffle
}
