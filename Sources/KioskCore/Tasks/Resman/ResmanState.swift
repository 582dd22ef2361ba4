/// Resman's changing state, in task units: tank levels, pump states, the target tanks'
/// response timers and tolerance, and the one-shot delay before the first leak.
public struct ResmanState: Hashable, Sendable {
    /// Per tank a…f.
    public var levels: [Int]
    /// Per pump 1…8 at indices 0…7.
    public var pumps: [PumpState]
    /// Per tank, milliseconds spent out of tolerance since it last left it (`_response_time`).
    public var responseTimesMs: [Double]
    /// Per tank, whether the last update found it within tolerance (`_is_in_tolerance`):
    /// nil before the first update, `nan` (here `.notApplicable`) without a tolerance radius.
    public var tolerance: [Tolerance?]
    /// Updates still to skip before leaks, flows and automation begin (OpenMATB's
    /// `wait_before_leak`, 1 at construction and never reset).
    public var updatesBeforeLeak = 1

    /// Whether a target tank's level was in its tolerance band at the last update.
    public enum Tolerance: Hashable, Sendable {
        case inside, outside
        /// `toleranceradius` was not positive, so OpenMATB logs `nan`.
        case notApplicable
    }

    public init(levels: [Int], pumps: [PumpState]) {
        self.levels = levels
        self.pumps = pumps
        responseTimesMs = Array(repeating: 0, count: ResmanTank.allCases.count)
        tolerance = Array(repeating: nil, count: ResmanTank.allCases.count)
    }

    /// The state the parameters describe (levels and pump states are parameters).
    public init(_ values: ParameterValues) {
        self.init(
            levels: ResmanTank.allCases.map { ResmanParameters.integer(values[.tank($0, .level)]) ?? 0 },
            pumps: (1...ResmanTopology.pumpCount).map { PumpState(rawValue: values[.pump($0, .state)].text ?? "off") ?? .off })
    }

    /// The level of one tank.
    public func level(_ tank: ResmanTank) -> Int { levels[tank.rawValue] }
}
