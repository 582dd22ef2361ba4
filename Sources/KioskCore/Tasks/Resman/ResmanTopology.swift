/// One of resman's six tanks, `a` … `f` (docs/openmatb-behaviour.md: Resources management).
public enum ResmanTank: Int, CaseIterable, Hashable, Sendable {
    case a, b, c, d, e, f

    /// The lower-case letter used in parameter paths, widget names and metric names.
    public var letter: String { Self.letters[rawValue] }

    private static let letters = ["a", "b", "c", "d", "e", "f"]

    /// The side on which the tank's letter and tolerance bar are drawn (`_infoside`).
    public var infoSideIsLeft: Bool { [.a, .c, .d].contains(self) }

    /// The tank of a parameter-path letter.
    public init?(letter: String) {
        guard let tank = ResmanTank.allCases.first(where: { $0.letter == letter }) else { return nil }
        self = tank
    }
}

/// The fixed pipes between tanks: pump `n` (1…8) moves fluid `from` → `to`.
public enum ResmanTopology {
    /// Pumps 1…8 in order: 1 C→A, 2 E→A, 3 D→B, 4 F→B, 5 E→C, 6 F→D, 7 A→B, 8 B→A.
    public static let pumps: [(from: ResmanTank, to: ResmanTank)] = [
        (.c, .a), (.e, .a), (.d, .b), (.f, .b), (.e, .c), (.f, .d), (.a, .b), (.b, .a),
    ]
    /// The number of pumps.
    public static let pumpCount = 8
}
