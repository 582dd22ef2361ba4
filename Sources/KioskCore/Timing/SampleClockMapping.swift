/// Puts a sound card's samples on CLOCK_MONOTONIC. The card counts samples at its own rate;
/// the machine learns of them in blocks, each some time after its last sample was taken. A
/// block is never delivered before its samples exist, so the earliest delivery relative to
/// the sample count is the closest to the truth: the mapping keeps, for each block, the
/// delivery time less the samples' duration, and takes the minimum of those offsets.
///
/// The card's rate is measured too, from the first and the latest block, since a card sold as
/// 48 kHz runs some parts per million off the machine's clock.
public struct SampleClockMapping: Hashable, Sendable {
    public let nominalRate: Double
    private var first: (samples: Int64, time: MonotonicTime)?
    private var latest: (samples: Int64, time: MonotonicTime)?
    /// The smallest delivery − sample time seen, in nanoseconds.
    private var offset: Double?
    private var rate: Double

    public static func == (a: SampleClockMapping, b: SampleClockMapping) -> Bool {
        a.nominalRate == b.nominalRate && a.offset == b.offset && a.rate == b.rate
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(nominalRate) }

    public init(nominalRate: Double) {
        self.nominalRate = nominalRate
        rate = nominalRate
    }

    /// The measured rate, samples per second: nominal until 10 s of samples have arrived.
    public var measuredRate: Double { rate }

    /// A block ending at sample `samplesSoFar` (the count of every sample delivered) arrived at `time`.
    public mutating func blockArrived(samplesSoFar: Int64, at time: MonotonicTime) {
        if first == nil { first = (samplesSoFar, time) }
        latest = (samplesSoFar, time)
        if let first, let latest, latest.samples - first.samples >= Int64(nominalRate * 10) {
            let measured = Double(latest.samples - first.samples) / (Double(latest.time.since(first.time)) / 1e9)
            // A rate more than 1 % off is a stall between blocks, not the card's clock.
            if abs(measured / nominalRate - 1) < 0.01 { rate = measured }
        }
        let candidate = Double(time.nanoseconds) - Double(samplesSoFar) / rate * 1e9
        offset = min(offset ?? candidate, candidate)
    }

    /// When sample `index` (from 0, the first sample delivered) was taken; nil before any block.
    public func time(ofSample index: Int64) -> MonotonicTime? {
        guard let offset else { return nil }
        return MonotonicTime(nanoseconds: Int64((offset + Double(index) / rate * 1e9).rounded()))
    }
}
