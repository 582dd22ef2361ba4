/// A reading of the shell's one monotonic clock (CLOCK_MONOTONIC), in nanoseconds.
///
/// The core never reads a clock: the shell hands it these values, and the core renders
/// them as the log's `logtime` column.
public struct MonotonicTime: Hashable, Comparable, Sendable {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// Seconds since boot, as OpenMATB's `logtime`.
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    public static func < (a: MonotonicTime, b: MonotonicTime) -> Bool { a.nanoseconds < b.nanoseconds }

    /// The span from `earlier` to this reading.
    public func since(_ earlier: MonotonicTime) -> Int64 { nanoseconds - earlier.nanoseconds }
}
