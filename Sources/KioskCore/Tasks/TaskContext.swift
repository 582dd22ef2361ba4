/// What a task sees during one call: the time, its parameters, and a place to put log rows.
public struct TaskContext {
    /// The scenario time of this step or input.
    public let time: ScenarioTime
    /// The monotonic time the rows are written at.
    public let logtime: MonotonicTime
    public let alias: String
    public let language: Language
    public let sessionNumber: Int
    /// The task area (region minus title band) in reference coordinates, fixed when the task
    /// started as OpenMATB creates its widgets once; empty before the first start.
    public let area: Rect
    /// The keys the task acts on: its defaults, as changed by `…key…` parameters (spec §2.8).
    public let acceptedKeys: Set<String>
    public var parameters: ParameterValues
    public private(set) var records: [LogRecord] = []

    public init(
        time: ScenarioTime, logtime: MonotonicTime, alias: String, language: Language, sessionNumber: Int,
        parameters: ParameterValues, area: Rect = .empty, acceptedKeys: Set<String> = []
    ) {
        self.time = time
        self.logtime = logtime
        self.alias = alias
        self.language = language
        self.sessionNumber = sessionNumber
        self.parameters = parameters
        self.area = area
        self.acceptedKeys = acceptedKeys
    }

    /// Appends a row of this task's module.
    public mutating func log(_ kind: LogRecord.Kind, _ address: String, _ value: PyValue) {
        records.append(LogRecord(logtime: logtime, scenarioTime: time, kind: kind, module: alias, address: address, value: value))
    }

    /// Appends a row of another module, such as the `input` row of a tap (`mouse_key`).
    public mutating func log(_ kind: LogRecord.Kind, module: String, _ address: String, _ value: PyValue) {
        records.append(LogRecord(logtime: logtime, scenarioTime: time, kind: kind, module: module, address: address, value: value))
    }

    /// Appends a `state` row for a widget attribute, addressed `widget, attribute` as OpenMATB does.
    public mutating func logState(_ widget: String, _ attribute: String, _ value: PyValue) {
        log(.state, "\(widget), \(attribute)", value)
    }
}
