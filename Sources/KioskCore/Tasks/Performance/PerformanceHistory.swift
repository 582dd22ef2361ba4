/// What the performance bar reads of the `performance` values the session has logged, by task
/// and metric (OpenMATB reads each plugin's `performance` dict directly).
///
/// The session fills it from the rows tasks log, so a task needs no link to the bar, and the
/// bar sees exactly what the log holds. Memory stays flat however long a session runs: the bar
/// reads at most the last `int(5000 / taskupdatetime)` values of a metric, and `taskupdatetime`
/// is a whole number of milliseconds, so the newest `retainedValueCount` values of each metric
/// are enough. Two whole-session figures are kept as running totals: how often each text value
/// was logged (sysmon's level counts every HIT ever logged) and the mean of each metric (a
/// window of `int(5000 / taskupdatetime)` = 0 reads the whole list, as Python's `[-0:]` does).
public struct PerformanceHistory: Hashable, Sendable {
    /// The most values of one metric the bar can read: `int(5000 / 1)`.
    public static let retainedValueCount = 5000

    private var recent: [String: [String: [PyValue]]] = [:]
    private var textCounts: [String: [String: [String: Int]]] = [:]
    private var totals: [String: [String: RunningTotal]] = [:]
    /// Each task's current `taskupdatetime`, in milliseconds (track and resman windows use it).
    public var updatePeriodMilliseconds: [String: Double] = [:]

    public init() {}

    /// Adds a row if it is a `performance` row.
    public mutating func record(_ row: LogRecord) {
        guard row.kind == .performance else { return }
        record(row.module, row.address, row.value)
    }

    /// Adds one value of one metric.
    public mutating func record(_ alias: String, _ metric: String, _ value: PyValue) {
        if let text = value.text { textCounts[alias, default: [:]][metric, default: [:]][text, default: 0] += 1 }
        // Summed in logging order, as a mean over the whole list would add them.
        totals[alias, default: [:]][metric, default: RunningTotal()].add(value.number ?? 0)
        recent[alias, default: [:]][metric, default: []].append(value)
        // Trimming in batches keeps appends amortised O(1) while bounding the storage.
        let count = recent[alias]?[metric]?.count ?? 0
        if count >= Self.retainedValueCount + Self.retainedValueCount / 4 {
            recent[alias]?[metric]?.removeFirst(count - Self.retainedValueCount)
        }
    }

    /// The newest values of one metric, oldest first: all of them, or the last
    /// `retainedValueCount` in a long session.
    public func values(_ alias: String, _ metric: String) -> ArraySlice<PyValue> {
        let values = recent[alias]?[metric] ?? []
        return values.suffix(Self.retainedValueCount)
    }

    /// The mean of every value of one metric logged in the session (non-numbers count as 0),
    /// or nil before the first.
    public func wholeSessionMean(_ alias: String, _ metric: String) -> Double? {
        guard let total = totals[alias]?[metric], total.count > 0 else { return nil }
        return total.sum / Double(total.count)
    }

    /// How many times the text `value` was logged for one metric over the whole session.
    public func count(of value: String, _ alias: String, _ metric: String) -> Int {
        textCounts[alias]?[metric]?[value] ?? 0
    }

    private struct RunningTotal: Hashable, Sendable {
        var sum = 0.0
        var count = 0

        mutating func add(_ value: Double) {
            sum += value
            count += 1
        }
    }
}
