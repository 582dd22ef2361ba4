import KioskCore

/// The kinds of block labkiosk runs: the one list to add a kind to. Its order is the order
/// messages list them in, and the order in which `check` asks each whether a file is theirs.
public enum BlockKinds {
    public static let all: [BlockKind] = [.matb, .pad, .judge, .prompts, .consent, .instructions, .questionnaire, .timing, .break]

    /// What a file no kind claims is read as: a scenario for `check` (a plan when it is TOML),
    /// a session log for `report` and `export`.
    public static let fallback = BlockKind.matb

    /// How a plan names each kind.
    public static var plan: [PlanBlockKind] { all.map(\.plan) }

    /// The kind a plan names.
    public static func kind(_ plan: PlanBlockKind) -> BlockKind? { all.first { $0.plan == plan } }

    /// Every kind of log the kinds write, each once, in the kinds' order.
    public static var logs: [BlockLog] {
        var suffixes = Set<String>()
        return all.compactMap(\.log).filter { suffixes.insert($0.suffix).inserted }
    }
}
