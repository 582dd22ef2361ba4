/// One row of the OpenMATB session CSV (docs/openmatb-behaviour.md: Log rows), before formatting.
public struct LogRecord: Hashable, Sendable {
    /// The `type` column.
    public enum Kind: String, Hashable, Sendable {
        case version, scenarioPath = "scenario_path", event, input, state, aoi, parameter
        case performance, seedValue = "seed_value", seedOutput = "seed_output", manual, dialog
    }

    public var logtime: MonotonicTime
    /// `nil` before the first frame, which OpenMATB renders as the integer `0`.
    public var scenarioTime: ScenarioTime?
    public var kind: Kind
    public var module: String
    public var address: String
    public var value: PyValue

    public init(
        logtime: MonotonicTime, scenarioTime: ScenarioTime?, kind: Kind, module: String = "",
        address: String = "", value: PyValue
    ) {
        self.logtime = logtime
        self.scenarioTime = scenarioTime
        self.kind = kind
        self.module = module
        self.address = address
        self.value = value
    }
}
