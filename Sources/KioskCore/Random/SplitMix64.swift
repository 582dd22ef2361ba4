/// SplitMix64 (Steele, Lea and Flood, 2014): a small seeded generator for what labkiosk
/// shuffles and jitters itself (plan orders, trial orders, intervals) and for tests that draw
/// the same cases on every run. Its outputs for a seed never change, so a logged seed gives
/// the same order again.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform draw in 0..<1 from the top 53 bits.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }
}
