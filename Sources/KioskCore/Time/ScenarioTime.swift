/// A point on the scenario clock, or a span of it, in integer nanoseconds.
///
/// Integer time never drifts the way a running sum of `Double` seconds does; it becomes
/// seconds only when a log formatter renders it.
public struct ScenarioTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = ScenarioTime(nanoseconds: 0)

    public static func seconds(_ seconds: Int64) -> ScenarioTime {
        ScenarioTime(nanoseconds: seconds * 1_000_000_000)
    }

    public static func milliseconds(_ milliseconds: Int64) -> ScenarioTime {
        ScenarioTime(nanoseconds: milliseconds * 1_000_000)
    }

    public static func microseconds(_ microseconds: Int64) -> ScenarioTime {
        ScenarioTime(nanoseconds: microseconds * 1_000)
    }

    /// This time to the microsecond a log keeps (Python's `round(x, 6)` of its seconds).
    public var roundedToLoggedMicrosecond: ScenarioTime {
        ScenarioTime(nanoseconds: Int64((Double(nanoseconds) / 1000).rounded()) * 1000)
    }

    /// Seconds as a `Double`, for log rendering only.
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    /// Whole seconds, truncated toward zero, as OpenMATB's `int(scenario_time)`.
    public var wholeSeconds: Int64 { nanoseconds / 1_000_000_000 }

    public static func < (a: ScenarioTime, b: ScenarioTime) -> Bool { a.nanoseconds < b.nanoseconds }
    public static func + (a: ScenarioTime, b: ScenarioTime) -> ScenarioTime {
        ScenarioTime(nanoseconds: a.nanoseconds + b.nanoseconds)
    }
    public static func - (a: ScenarioTime, b: ScenarioTime) -> ScenarioTime {
        ScenarioTime(nanoseconds: a.nanoseconds - b.nanoseconds)
    }
    public static func += (a: inout ScenarioTime, b: ScenarioTime) { a = a + b }

    public var description: String { "\(seconds)s" }
}
