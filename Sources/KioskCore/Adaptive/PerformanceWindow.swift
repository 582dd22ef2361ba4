/// The performance values a set of adaptive rules reads, kept for the longest window any of
/// them uses, and each rule's figure over its own window (docs/adaptive.md: Figures).
public struct PerformanceWindow: Sendable {
    /// The rows each metric is computed from, by task and address.
    static func sources(of metric: AdaptiveRule.Metric) -> [String] {
        switch metric {
        case .trackRMSE: ["center_deviation"]
        case .trackInTarget: ["cursor_in_target"]
        case .sysmonMisses: ["signal_detection"]
        case .sysmonResponseTime: ["response_time"]
        case .communicationsAccuracy: ["correct_radio"]
        case .resmanDeviation: ["a_deviation", "b_deviation"]
        }
    }

    private struct Key: Hashable, Sendable {
        var task: String
        var address: String
    }

    private var values: [Key: [(seconds: Double, value: PyValue)]] = [:]
    /// How long values are kept: the longest window.
    private let keptSeconds: Double

    public init(rules: [AdaptiveRule]) {
        var longest = 0.0
        for rule in rules {
            guard case .metric(let metric, let window) = rule.trigger else { continue }
            longest = max(longest, window)
            for address in Self.sources(of: metric) { values[Key(task: metric.task, address: address)] = [] }
        }
        keptSeconds = longest
    }

    /// Keeps a performance row if a rule reads it.
    public mutating func record(_ row: LogRecord) {
        guard row.kind == .performance, let time = row.scenarioTime else { return }
        let key = Key(task: row.module, address: row.address)
        guard values[key] != nil else { return }
        values[key]?.append((time.seconds, row.value))
    }

    /// Forgets values older than every window at `seconds`.
    public mutating func forget(before seconds: Double) {
        for key in values.keys {
            if let first = values[key]?.firstIndex(where: { $0.seconds > seconds - keptSeconds }), first > 0 {
                values[key]?.removeFirst(first)
            } else if values[key]?.last.map({ $0.seconds <= seconds - keptSeconds }) == true {
                values[key]?.removeAll()
            }
        }
    }

    /// The metric over the `window` seconds up to `seconds`, or nil when no value of it falls
    /// in the window (no failure answered, no prompt yet): a rule then keeps its state. Misses
    /// are counted, so a window without failures has 0.
    public func figure(_ metric: AdaptiveRule.Metric, window: Double, at seconds: Double) -> Double? {
        func recent(_ address: String) -> [PyValue] {
            (values[Key(task: metric.task, address: address)] ?? []).filter { $0.seconds > seconds - window && $0.seconds <= seconds }.map(\.value)
        }
        func mean(_ numbers: [Double]) -> Double? { numbers.isEmpty ? nil : numbers.reduce(0, +) / Double(numbers.count) }
        let numbers = { (address: String) in recent(address).compactMap(\.number).filter(\.isFinite) }
        switch metric {
        case .trackRMSE: return mean(numbers("center_deviation").map { $0 * $0 }).map { $0.squareRoot() }
        case .trackInTarget: return mean(numbers("cursor_in_target"))
        case .sysmonMisses:
            // No failure in the window is no miss: a figure, not an absence of one.
            return Double(recent("signal_detection").filter { $0.text == "MISS" }.count)
        case .sysmonResponseTime: return mean(numbers("response_time"))
        case .communicationsAccuracy: return mean(numbers("correct_radio"))
        case .resmanDeviation: return mean((numbers("a_deviation") + numbers("b_deviation")).map(abs))
        }
    }
}
