/// Every `performance` value the session has logged, by task and metric, in order: what the
/// performance bar reads (OpenMATB reads each plugin's `performance` dict directly).
///
/// The session fills it from the rows tasks log, so a task needs no link to the bar, and the
/// bar sees exactly what the log holds.
public struct PerformanceHistory: Hashable, Sendable {
    private var values: [String: [String: [PyValue]]] = [:]
    /// Each task's current `taskupdatetime`, in milliseconds (track and resman windows use it).
    public var updatePeriodMilliseconds: [String: Double] = [:]

    public init() {}

    /// Adds a row if it is a `performance` row.
    public mutating func record(_ row: LogRecord) {
        guard row.kind == .performance else { return }
        values[row.module, default: [:]][row.address, default: []].append(row.value)
    }

    /// Adds one value directly (tests and synthetic histories).
    public mutating func record(_ alias: String, _ metric: String, _ value: PyValue) {
        values[alias, default: [:]][metric, default: []].append(value)
    }

    /// The values of one metric of one task, oldest first.
    public func values(_ alias: String, _ metric: String) -> [PyValue] {
        values[alias]?[metric] ?? []
    }

    /// Whether the task has logged any performance value.
    public func hasValues(for alias: String) -> Bool {
        values[alias]?.values.contains { !$0.isEmpty } ?? false
    }

    /// The tasks with performance values.
    public var aliases: [String] { values.keys.sorted() }
}
