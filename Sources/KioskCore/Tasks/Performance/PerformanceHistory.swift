/// What the performance bar reads of the `performance` values the session has logged, by task
/// and metric (OpenMATB reads each plugin's `performance` dict directly).
///
/// The session fills it from the rows tasks log, so a task needs no link to the bar, and the
/// bar sees exactly what the log holds. Memory stays flat however long a session runs: the bar
/// reads at most the last `int(5000 / taskupdatetime)` values of a metric, and `taskupdatetime`
/// is a whole number of milliseconds, so the newest `retainedValueCount` values of each metric
/// are enough. Whole-session figures are kept as running totals: how often each text value
/// was logged (sysmon's level counts every HIT ever logged), the mean of each metric (a
/// window of `int(5000 / taskupdatetime)` = 0 reads the whole list, as Python's `[-0:]` does)
/// and its root mean square.
public struct PerformanceHistory: Hashable, Sendable {
    /// The most values of one metric the bar can read: `int(5000 / 1)`.
    public static let retainedValueCount = 5000

    /// Each metric's history, found by task and metric with one lookup: a session logs
    /// hundreds of thousands of rows, and nested dictionaries cost a hash per level per row.
    private var metrics: [Metric] = []
    private var metricIndex: [MetricKey: Int] = [:]
    /// The metric recorded last: tasks log their metrics in the same order at every update,
    /// so the metric that followed it last time is tried before a lookup (two string compares
    /// instead of two string hashes, for hundreds of thousands of rows).
    private var lastRecorded: Int?
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
        let key = MetricKey(alias: alias, metric: metric)
        let index: Int
        if let last = lastRecorded, let next = metrics[last].successor, metrics[next].key == key {
            index = next
        } else {
            if let found = metricIndex[key] {
                index = found
            } else {
                index = metrics.count
                metrics.append(Metric(key: key))
                metricIndex[key] = index
            }
            if let last = lastRecorded { metrics[last].successor = index }
        }
        lastRecorded = index
        metrics[index].record(value)
    }

    /// The newest values of one metric, oldest first: all of them, or the last
    /// `retainedValueCount` in a long session.
    public func values(_ alias: String, _ metric: String) -> ArraySlice<PyValue> {
        (self.metric(alias, metric)?.recent ?? []).suffix(Self.retainedValueCount)
    }

    /// The mean of every value of one metric logged in the session (non-numbers count as 0),
    /// or nil before the first.
    public func wholeSessionMean(_ alias: String, _ metric: String) -> Double? {
        guard let total = self.metric(alias, metric)?.total, total.count > 0 else { return nil }
        return total.sum / Double(total.count)
    }

    /// The root mean square of every value of one metric logged in the session (non-numbers
    /// count as 0), or nil before the first: tracking's RMS deviation from the centre.
    public func wholeSessionRootMeanSquare(_ alias: String, _ metric: String) -> Double? {
        guard let total = self.metric(alias, metric)?.total, total.count > 0 else { return nil }
        return (total.sumOfSquares / Double(total.count)).squareRoot()
    }

    /// How many times the text `value` was logged for one metric over the whole session.
    public func count(of value: String, _ alias: String, _ metric: String) -> Int {
        self.metric(alias, metric)?.textCounts[value] ?? 0
    }

    private func metric(_ alias: String, _ metric: String) -> Metric? {
        metricIndex[MetricKey(alias: alias, metric: metric)].map { metrics[$0] }
    }

    private struct MetricKey: Hashable, Sendable {
        var alias: String
        var metric: String
    }

    /// One metric's newest values, text counts and running total.
    private struct Metric: Hashable, Sendable {
        let key: MetricKey
        /// The metric recorded right after this one, the last time.
        var successor: Int?
        var recent: [PyValue] = []
        var textCounts: [String: Int] = [:]
        var total = RunningTotal()

        mutating func record(_ value: PyValue) {
            if let text = value.text { textCounts[text, default: 0] += 1 }
            // Summed in logging order, as a mean over the whole list would add them.
            total.add(value.number ?? 0)
            recent.append(value)
            // Trimming in batches keeps appends amortised O(1) while bounding the storage.
            if recent.count >= PerformanceHistory.retainedValueCount + PerformanceHistory.retainedValueCount / 4 {
                recent.removeFirst(recent.count - PerformanceHistory.retainedValueCount)
            }
        }
    }

    private struct RunningTotal: Hashable, Sendable {
        var sum = 0.0
        var sumOfSquares = 0.0
        var count = 0

        mutating func add(_ value: Double) {
            sum += value
            sumOfSquares += value * value
            count += 1
        }
    }
}
