/// The global performance level (docs/openmatb-behaviour.md: Performance bar): each task's recent success as
/// a fraction, the worst of them shown as a percentage.
///
/// Per task, from its logged `performance` values:
/// * sysmon: of the `signal_detection` values that are HIT, FA or MISS, once there are at
///   least 4: the number of HITs in the **whole** list divided by 4 (OpenMATB's quirk: not
///   the last four, so it can exceed 1);
/// * track: with n = int(5000 / taskupdatetime), once n `cursor_in_target` values exist: the
///   mean of the last n;
/// * resman: n likewise; once both `a_in_tolerance` and `b_in_tolerance` have n values: the
///   mean of (mean of the last n of a, mean of the last n of b);
/// * communications: once 4 `correct_radio` values exist: over the last 4 pairs
///   (`correct_radio`, `response_deviation`), the fraction with a truthy correct (NaN counts
///   as truthy) and a deviation that rounds to 0.0 (NaN does not).
public enum PerformanceScoring {
    /// The level of each task that has enough data, as a fraction.
    public static func taskLevels(_ history: PerformanceHistory) -> [String: Double] {
        var levels: [String: Double] = [:]
        if let level = sysmon(history) { levels[PluginAlias.sysmon] = level }
        if let level = track(history) { levels[PluginAlias.track] = level }
        if let level = resman(history) { levels[PluginAlias.resman] = level }
        if let level = communications(history) { levels[PluginAlias.communications] = level }
        return levels
    }

    static func sysmon(_ history: PerformanceHistory) -> Double? {
        let count = { (outcome: String) in history.count(of: outcome, PluginAlias.sysmon, "signal_detection") }
        guard count("HIT") + count("FA") + count("MISS") >= 4 else { return nil }
        return Double(count("HIT")) / 4
    }

    static func track(_ history: PerformanceHistory) -> Double? {
        let window = windowLength(history, PluginAlias.track)
        let values = history.values(PluginAlias.track, "cursor_in_target")
        guard values.count >= window else { return nil }
        return windowMean(history, PluginAlias.track, "cursor_in_target", window: window)
    }

    static func resman(_ history: PerformanceHistory) -> Double? {
        let window = windowLength(history, PluginAlias.resman)
        let a = history.values(PluginAlias.resman, "a_in_tolerance"), b = history.values(PluginAlias.resman, "b_in_tolerance")
        guard a.count >= window, b.count >= window else { return nil }
        guard let meanA = windowMean(history, PluginAlias.resman, "a_in_tolerance", window: window),
              let meanB = windowMean(history, PluginAlias.resman, "b_in_tolerance", window: window)
        else { return nil }
        return (meanA + meanB) / 2
    }

    static func communications(_ history: PerformanceHistory) -> Double? {
        let correct = history.values(PluginAlias.communications, "correct_radio")
        guard correct.count >= 4 else { return nil }
        let deviations = history.values(PluginAlias.communications, "response_deviation").suffix(4)
        let pairs = zip(correct.suffix(4), deviations)
        let good = pairs.filter { pair in
            let (isCorrect, deviation) = pair
            // NaN is truthy in Python; a NaN deviation never rounds to 0.
            let truthy = isCorrect.number.map { $0.isNaN || $0 != 0 } ?? isCorrect.isTruthy
            guard truthy, let value = deviation.number, !value.isNaN else { return false }
            return PythonRounding.round1(value) == 0
        }
        let count = min(4, deviations.count)
        return count == 0 ? nil : Double(good.count) / Double(count)
    }

    /// OpenMATB's `int(5000 / taskupdatetime)`: how many updates make five seconds.
    private static func windowLength(_ history: PerformanceHistory, _ alias: String) -> Int {
        let period = history.updatePeriodMilliseconds[alias] ?? (alias == PluginAlias.track ? 20 : 2000)
        return period > 0 ? Int(5000 / period) : 0
    }

    /// The mean of a metric's last `window` values; a window of 0 reads the whole list, as
    /// Python's `values[-0:]` does.
    private static func windowMean(_ history: PerformanceHistory, _ alias: String, _ metric: String, window: Int) -> Double? {
        window == 0 ? history.wholeSessionMean(alias, metric) : mean(history.values(alias, metric).suffix(window))
    }

    private static func mean(_ values: ArraySlice<PyValue>) -> Double? {
        guard !values.isEmpty else { return nil }
        return values.reduce(0) { $0 + ($1.number ?? 0) } / Double(values.count)
    }

    /// What the bar shows after one update.
    public struct Outcome: Hashable, Sendable {
        /// The current level: 100 × the worst task level (a float), or `levelmax` when no
        /// task has enough data yet.
        public var level: PyValue
        public var isUnderCritical: Bool
        /// The level drawn: `criticallevel` when under it and shadowing, else the level.
        public var displayedLevel: PyValue
        public var color: PyValue
    }

    /// The bar's level, colour and displayed level from the task levels and the plugin's parameters.
    public static func outcome(taskLevels: [String: Double], parameters: ParameterValues) -> Outcome {
        let level: PyValue = taskLevels.values.min().map { .float($0 * 100) } ?? parameters["levelmax"]
        let critical = parameters["criticallevel"]
        let under = (level.number ?? 0) < (critical.number ?? 0)
        let color = under ? parameters["criticalcolor"] : parameters["defaultcolor"]
        let shown = under && parameters.bool("shadowundercritical") ? critical : level
        return Outcome(level: level, isUnderCritical: under, displayedLevel: shown, color: color)
    }

    /// Tick labels from the top down: `levelmax`, then down in steps of
    /// `int((levelmax − levelmin) / (ticknumber − 1))`, `ticknumber` of them.
    public static func tickLabels(minimum: Int, maximum: Int, count: Int) -> [Int] {
        guard count > 1 else { return count == 1 ? [maximum] : [] }
        let step = (maximum - minimum) / (count - 1)
        return (0..<count).map { maximum - $0 * step }
    }
}
