/// The parameters resman's dynamics read, as typed values in task units.
///
/// Integer parameters are truncated as OpenMATB's `int()` would; `posint` values given with
/// a fraction (a validator quirk, docs/openmatb-behaviour.md: Parameter validators) are truncated here too
/// (docs/compatibility.md).
public struct ResmanParameters: Hashable, Sendable {
    /// A tank's fixed properties.
    public struct TankSettings: Hashable, Sendable {
        public var max: Int
        /// Only tanks A and B may have one; C–F targets are rejected at validation.
        public var target: Int?
        public var isDepletable: Bool
        public var lossPerMinute: Int
    }

    /// Per tank, a…f.
    public var tanks: [TankSettings]
    /// Per pump, 1…8 at indices 0…7: `int(flow)`, in units per minute.
    public var flowsPerMinute: [Int]
    /// Half-width of the tolerance band around a target.
    public var toleranceRadius: Double
    public var isAutomaticSolverOn: Bool
    /// `taskupdatetime`, in milliseconds.
    public var updatePeriodMs: Double

    public init(tanks: [TankSettings], flowsPerMinute: [Int], toleranceRadius: Double, isAutomaticSolverOn: Bool, updatePeriodMs: Double) {
        self.tanks = tanks
        self.flowsPerMinute = flowsPerMinute
        self.toleranceRadius = toleranceRadius
        self.isAutomaticSolverOn = isAutomaticSolverOn
        self.updatePeriodMs = updatePeriodMs
    }

    /// Reads the current values of the plugin's parameters.
    public init(_ values: ParameterValues) {
        tanks = ResmanTank.allCases.map { tank in
            TankSettings(
                max: Self.integer(values[.tank(tank, .max)]) ?? 0,
                target: Self.integer(values[.tank(tank, .target)]),
                isDepletable: values[.tank(tank, .depletable)].isTruthy,
                lossPerMinute: Self.integer(values[.tank(tank, .lossPerMinute)]) ?? 0)
        }
        flowsPerMinute = (1...ResmanTopology.pumpCount).map { Self.integer(values[.pump($0, .flow)]) ?? 0 }
        toleranceRadius = values.number("toleranceradius") ?? 0
        isAutomaticSolverOn = values.bool("automaticsolver")
        updatePeriodMs = values.number("taskupdatetime") ?? 2000
    }

    /// Python's `int()` of a number; nil for None.
    static func integer(_ value: PyValue) -> Int? {
        value.number.map { Int($0.rounded(.towardZero)) }
    }

    /// Minutes per update, `(taskupdatetime / 1000) / 60`, computed as OpenMATB does.
    public var minutesPerUpdate: Double { (updatePeriodMs / 1000) / 60 }
}
