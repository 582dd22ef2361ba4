/// Puts a sound card's samples on CLOCK_MONOTONIC. The card counts samples at its own rate;
/// the machine learns of them in blocks, each some time after its last sample was taken. A
/// block is never delivered before its samples exist, so the earliest deliveries are the closest
/// to the truth: the mapping follows the lower edge of (delivery time, samples so far).
///
/// The card's rate is measured too, since a card sold as 48 kHz runs some parts per million
/// off the machine's clock: from the earliest delivery in the first half of the blocks to the
/// earliest in the second half, once they are 10 s of samples apart.
public struct SampleClockMapping: Hashable, Sendable {
    public let nominalRate: Double
    /// Every block's end: samples delivered so far, and when, in nanoseconds.
    private var blocks: [(samples: Int64, time: Double)] = []
    /// The smallest delivery − sample time at the current rate, in nanoseconds.
    private var offset: Double?
    private var rate: Double

    public static func == (a: SampleClockMapping, b: SampleClockMapping) -> Bool {
        a.nominalRate == b.nominalRate && a.offset == b.offset && a.rate == b.rate
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(nominalRate) }

    /// Blocks between two measurements of the rate: the fit reads every block.
    static let refitEvery = 50

    public init(nominalRate: Double) {
        self.nominalRate = nominalRate
        rate = nominalRate
    }

    /// The measured rate, samples per second: nominal until 10 s of samples have arrived.
    public var measuredRate: Double { rate }

    /// A block ending at sample `samplesSoFar` (the count of every sample delivered) arrived at `time`.
    public mutating func blockArrived(samplesSoFar: Int64, at time: MonotonicTime) {
        blocks.append((samplesSoFar, Double(time.nanoseconds)))
        if blocks.count % Self.refitEvery == 0 { refit() }
        let candidate = Double(time.nanoseconds) - Double(samplesSoFar) / rate * 1e9
        offset = min(offset ?? candidate, candidate)
    }

    private mutating func refit() {
        func earliest(_ range: Range<Int>) -> (samples: Int64, time: Double) {
            blocks[range].min { $0.time - Double($0.samples) / nominalRate * 1e9 < $1.time - Double($1.samples) / nominalRate * 1e9 }!
        }
        let half = blocks.count / 2
        let first = earliest(0..<half), second = earliest(half..<blocks.count)
        guard Double(second.samples - first.samples) >= nominalRate * 10 else { return }
        let measured = Double(second.samples - first.samples) / ((second.time - first.time) / 1e9)
        // A rate more than 1 % off is a stall between blocks, not the card's clock.
        guard abs(measured / nominalRate - 1) < 0.01 else { return }
        rate = measured
        offset = blocks.map { $0.time - Double($0.samples) / measured * 1e9 }.min()
    }

    /// The sample taken at `time` (or the last before it); nil before any block.
    public func sample(at time: MonotonicTime) -> Int64? {
        guard let offset else { return nil }
        return Int64(((Double(time.nanoseconds) - offset) / 1e9 * rate).rounded(.down))
    }

    /// When sample `index` (from 0, the first sample delivered) was taken; nil before any block.
    public func time(ofSample index: Int64) -> MonotonicTime? {
        guard let offset else { return nil }
        return MonotonicTime(nanoseconds: Int64((offset + Double(index) / rate * 1e9).rounded()))
    }
}
