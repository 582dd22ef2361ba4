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
    /// The study's visits, in order (docs/plans.md: Visits); empty for a study of one session.
    public var visits: [PlanVisit]
    /// The oldest the kiosk's timing certificate may be for a session to start, in days
    /// (docs/plans.md: `timing_certificate_max_age_days`); nil when the study asks for none.
    public var timingCertificateMaxAgeDays: Int?
    /// The corner patch that checks every logged onset against a light sensor, for every block
    /// that logs onsets unless a block says otherwise (docs/timing.md); nil when unset.
    public var timingPatch: CornerPatchSettings?

    public init(studyName: String, blocks: [PlanBlock], counterbalance: [String: CounterbalanceMethod], kiosk: Bool = false,
                visits: [PlanVisit] = [], timingCertificateMaxAgeDays: Int? = nil) {
        self.studyName = studyName
        self.timingCertificateMaxAgeDays = timingCertificateMaxAgeDays
        self.blocks = blocks
        self.counterbalance = counterbalance
        self.kiosk = kiosk
        self.visits = visits
    }

    /// Whether the plan registers its participants on the roster (a study over visits, or one
    /// that asks for consent, follows people, not sessions).
    public var registersParticipants: Bool {
        !visits.isEmpty || blocks.contains { $0.kind == .consent }
    }

    /// The corner patch block `block` carries, if any: its own corner over the study's keys,
    /// over the machine's settings (`[Timing]`).
    public func timingPatch(of block: PlanBlock, machine: CornerPatchSettings) -> CornerPatchSettings? {
        var patch = (timingPatch ?? CornerPatchSettings()).filled(from: machine)
        switch block.timingPatchCorner {
        case .some(nil): return nil
        case .some(.some(let corner)): patch.corner = corner
        case nil: break
        }
        return patch.corner == nil ? nil : patch
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
    /// The visit it runs in, when the plan has visits.
    public var visit: String?
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
    /// A MATB block's adaptive rules file, and where the plan names it.
    public var rules: String?
    public var rulesLine = 0, rulesColumn = 0
    /// A practice block's criterion: it runs again until the criterion is met
    /// (docs/plans.md: Practice until a criterion).
    public var repeatUntil: RepeatCriterion?
    /// The most times a block with a criterion runs in all, the first included.
    public var maxRuns = PlanBlock.defaultMaxRuns
    /// A run of the block in a window during which the display missed a refresh, showed a frame
    /// late or never reported one has its data flagged (docs/timing.md).
    public var flagMissedRefreshes = false
    /// The block's own `timing_patch`: a corner, or `.some(nil)` for "none"; nil takes the study's.
    public var timingPatchCorner: OnsetPatchCorner??
    public static let defaultMaxRuns = 3
    /// A bound a typing slip (`max_repeats = 300`) cannot pass unnoticed.
    public static let mostRuns = 20

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
        if let file { return "\(kind.name) \(file)" }
        guard let seconds else { return kind.name }
        let shown = seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
        return selfPaced ? "break (self-paced, at least \(shown) s)" : "break \(shown) s"
    }
}

/// How a plan names a kind of block and what its `[[block]]` table holds beyond the keys
/// every block takes. Each kind defines its own next to its block (`PlanBlockKind.matb` in
/// `MATB/`, `.pad` in `Pad/`, …); ``all`` lists the kinds a plan may name, in the order of the
/// shell's `BlockKinds.all` (a test keeps the two the same).
public struct PlanBlockKind: Hashable, Sendable, CustomStringConvertible {
    /// The `kind` a plan writes: `matb`, `pad`, `break`.
    public let name: String
    /// The key holding the block's file; nil for a kind that runs no file (a break, which is
    /// timed by `seconds` or self-paced with `minimum-seconds`).
    public let fileKey: String?
    /// Whether the block may set the on-screen stick's `[Input]` keys (``PlanBlock/inputKeys``).
    public let takesStickSettings: Bool
    /// Whether the block may name adaptive rules (`rules`, docs/adaptive.md).
    public let takesRules: Bool
    /// The figures a block of this kind reports to the catalogue, which a criterion
    /// (`repeat_until`) may name.
    public let figures: ReportedFigures

    public enum ReportedFigures: Hashable, Sendable {
        /// It reports none, so it cannot repeat until a criterion.
        case none
        /// Always these names.
        case named([String])
        /// Names that depend on the block's file (MATB: its tasks and their aliases).
        case fromFile
    }

    public init(name: String, fileKey: String?, takesStickSettings: Bool = false, takesRules: Bool = false, figures: ReportedFigures = .none) {
        self.name = name
        self.fileKey = fileKey
        self.takesStickSettings = takesStickSettings
        self.takesRules = takesRules
        self.figures = figures
    }

    public var description: String { name }

    /// Every kind a plan may name, for readers that run no block (the lab, the fuzz targets).
    public static let all: [PlanBlockKind] = [.matb, .pad, .judge, .prompts, .consent, .instructions, .questionnaire, .timing, .break]
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
