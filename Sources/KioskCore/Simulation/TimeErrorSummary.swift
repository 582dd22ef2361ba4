/// The figures of a set of time errors (docs/simulate.md): how many, the mean signed, and the
/// 99th percentile and the largest of their sizes, in milliseconds.
public struct TimeErrorSummary: Equatable, Sendable {
    public var count: Int
    public var mean: Double
    public var p99: Double
    public var max: Double

    /// Nil without errors.
    public init?(_ milliseconds: [Double]) {
        guard !milliseconds.isEmpty else { return nil }
        let sizes = milliseconds.map(abs).sorted()
        let rank = Int((0.99 * Double(sizes.count)).rounded(.up)) - 1
        (count, mean, p99, max) = (sizes.count, milliseconds.reduce(0, +) / Double(sizes.count), sizes[Swift.max(rank, 0)], sizes[sizes.count - 1])
    }

}
