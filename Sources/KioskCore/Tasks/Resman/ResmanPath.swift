/// A resman parameter's path as a value: `tank-a-level` is `.tank(.a, .level)`, `pump-3-state`
/// is `.pump(3, .state)`. Every tank and pump path is spelled and read back here alone.
public enum ResmanPath: Hashable, Sendable {
    case tank(ResmanTank, TankField)
    /// Pump 1…8.
    case pump(Int, PumpField)

    /// What a tank's path names, spelled as OpenMATB's parameter tree spells it.
    public enum TankField: String, CaseIterable, Sendable {
        case level, max, target, depletable, lossPerMinute = "lossperminute"
        case infoSide = "_infoside", responseTime = "_response_time", isInTolerance = "_is_in_tolerance"
        case toleranceColor = "_tolerance_color", widget
    }

    /// What a pump's path names.
    public enum PumpField: String, CaseIterable, Sendable {
        case flow, state, key, fromTank = "_fromtank", toTank = "_totank", statusWidget = "statuswidget", widget
    }

    /// Every tank and pump path, spelled once.
    private static let spellings: [ResmanPath: String] = {
        var table: [ResmanPath: String] = [:]
        for tank in ResmanTank.allCases {
            for field in TankField.allCases { table[.tank(tank, field)] = "tank-\(tank.letter)-\(field.rawValue)" }
        }
        for number in 1...ResmanTopology.pumpCount {
            for field in PumpField.allCases { table[.pump(number, field)] = "pump-\(number)-\(field.rawValue)" }
        }
        return table
    }()

    private static let byPath = Dictionary(spellings.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })

    /// The path as scenarios and logs spell it.
    public var path: String { Self.spellings[self] ?? "" }

    /// The tank or pump path a scenario names; nil for resman's other parameters.
    public init?(path: String) {
        guard let parsed = Self.byPath[path] else { return nil }
        self = parsed
    }
}

extension ParameterValues {
    /// A tank's or a pump's current value.
    public subscript(path: ResmanPath) -> PyValue {
        get { self[path.path] }
        set { self[path.path] = newValue }
    }
}
