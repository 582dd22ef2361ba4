/// What a task sees during one call: the time, its parameters, and a place to put log rows.
public struct TaskContext {
    /// The scenario time of this step or input.
    public let time: ScenarioTime
    /// The monotonic time the rows are written at.
    public let logtime: MonotonicTime
    public let alias: String
    public let language: Language
    public let sessionNumber: Int
    public var parameters: ParameterValues
    /// Every performance value logged so far in the session (the performance bar reads it).
    public let performance: PerformanceHistory
    public private(set) var records: [LogRecord] = []

    public init(
        time: ScenarioTime, logtime: MonotonicTime, alias: String, language: Language, sessionNumber: Int, parameters: ParameterValues,
        performance: PerformanceHistory = PerformanceHistory()
    ) {
        self.time = time
        self.logtime = logtime
        self.alias = alias
        self.language = language
        self.sessionNumber = sessionNumber
        self.parameters = parameters
        self.performance = performance
    }

    /// Appends a row of this task's module.
    public mutating func log(_ kind: LogRecord.Kind, _ address: String, _ value: PyValue) {
        records.append(LogRecord(logtime: logtime, scenarioTime: time, kind: kind, module: alias, address: address, value: value))
    }

    /// Appends a `state` row for a widget attribute, addressed `widget, attribute` as OpenMATB does.
    public mutating func logState(_ widget: String, _ attribute: String, _ value: PyValue) {
        log(.state, "\(widget), \(attribute)", value)
    }
}
