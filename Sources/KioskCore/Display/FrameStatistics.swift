/// Summary of frame-to-frame intervals, as the benchmark prints them.
public struct FrameStatistics: Hashable, Sendable, CustomStringConvertible {
    /// Intervals the percentiles are computed over.
    public var sampleCount: Int
    public var meanNanoseconds: Int64
    public var p50Nanoseconds: Int64
    public var p99Nanoseconds: Int64
    public var maxNanoseconds: Int64
    /// Intervals longer than 1.5 periods: at least one frame was visibly skipped.
    public var lateCount: Int
    /// Intervals longer than 33 ms: two or more frames skipped at 60 Hz.
    public var over33msCount: Int

    /// Statistics of `intervals` (nanoseconds) against a nominal frame period.
    ///
    /// Percentiles use the nearest-rank definition: p99 is the smallest interval that at
    /// least 99 % of intervals do not exceed.
    public init(intervalsNanoseconds intervals: some Collection<Int64>, periodNanoseconds: Int64) {
        let sorted = intervals.sorted()
        sampleCount = sorted.count
        meanNanoseconds = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Int64(sorted.count)
        p50Nanoseconds = Self.percentile(sorted, 0.50)
        p99Nanoseconds = Self.percentile(sorted, 0.99)
        maxNanoseconds = sorted.last ?? 0
        let lateLimit = periodNanoseconds * 3 / 2
        lateCount = sorted.lazy.filter { $0 > lateLimit }.count
        over33msCount = sorted.lazy.filter { $0 > 33_000_000 }.count
    }

    /// The nearest-rank percentile of sorted values (0 for none); `fraction` in 0...1.
    public static func percentile(_ sorted: [Int64], _ fraction: Double) -> Int64 {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    public var description: String {
        func ms(_ ns: Int64) -> String {
            let hundredths = (ns + 5_000) / 10_000
            let fraction = hundredths % 100
            return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) ms"
        }
        return "\(sampleCount) intervals: mean \(ms(meanNanoseconds)), p50 \(ms(p50Nanoseconds)), "
            + "p99 \(ms(p99Nanoseconds)), max \(ms(maxNanoseconds)), late (>1.5 periods) \(lateCount), >33 ms \(over33msCount)"
    }
}
