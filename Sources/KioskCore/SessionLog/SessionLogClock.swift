/// The wall clock of a logged session against its scenario clock, read from the rows'
/// `logtime` and `scenario_time`: a replay plays the session as it happened, pauses and
/// waiting screens included, which scenario time alone skips.
public struct SessionLogClock: Sendable {
    /// The first row's `logtime`.
    public let start: MonotonicTime
    /// Wall time from `start` to the last row.
    public let duration: Int64
    /// (wall nanoseconds from `start`, scenario nanoseconds), both non-decreasing.
    private let points: [(wall: Int64, scenario: Int64)]

    public init(rows: [SessionLogRow]) {
        var stamped: [(wall: Int64, scenario: Int64)] = rows.compactMap { row in
            guard let wall = Self.monotonicTime(row.logtime), let scenario = row.scenarioClock else { return nil }
            return (wall.nanoseconds, scenario.nanoseconds)
        }
        // Inputs carry their own (earlier) timestamps; the wall order is what a viewer saw.
        stamped.sort { $0.wall < $1.wall }
        let first = stamped.first?.wall ?? 0
        var latest: Int64 = 0
        points = stamped.map { point in
            latest = max(latest, point.scenario)
            return (point.wall - first, latest)
        }
        start = MonotonicTime(nanoseconds: first)
        duration = points.last?.wall ?? 0
    }

    /// The scenario time at `wall` nanoseconds after `start`, between the rows around it.
    public func scenarioTime(atWall wall: Int64) -> ScenarioTime {
        guard let last = points.last else { return .zero }
        if wall >= last.wall { return ScenarioTime(nanoseconds: last.scenario) }
        var low = 0, high = points.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if points[middle].wall <= wall { low = middle } else { high = middle - 1 }
        }
        let before = points[low]
        guard wall > before.wall, low + 1 < points.count else { return ScenarioTime(nanoseconds: before.scenario) }
        let after = points[low + 1]
        let fraction = Double(wall - before.wall) / Double(after.wall - before.wall)
        return ScenarioTime(nanoseconds: before.scenario + Int64((Double(after.scenario - before.scenario) * fraction).rounded(.down)))
    }

    /// A `logtime` column (seconds with six decimals) on the monotonic clock.
    public static func monotonicTime(_ text: String) -> MonotonicTime? {
        guard let microseconds = Double(text).map({ ($0 * 1e6).rounded() }) else { return nil }
        // No clock gives an edited log's 1e300 or nan; within ±146 years, any two times' difference fits in Int64.
        guard abs(microseconds) < 0x1p62 / 1000 else { return nil }
        return MonotonicTime(nanoseconds: Int64(microseconds) * 1000)
    }
}
