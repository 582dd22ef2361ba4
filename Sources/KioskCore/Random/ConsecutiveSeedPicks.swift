/// CPython's `random.seed(seed); random.choice(items)` for seeds that mostly come one after
/// another, seeded four at a time (``PythonRandom/firstOutputs(ofSeedsFrom:)``).
///
/// System monitoring reseeds before every arrow step with the next seed (docs/openmatb-behaviour.md:
/// Seeds and pseudo-random draws); seeding was the largest single cost of a headless session.
public struct ConsecutiveSeedPicks: Sendable {
    private var firstSeed = 0
    private var outputs: [[UInt32]] = []

    public init() {}

    /// The index in `0..<count` (`count` ≥ 1) that `choice` picks after `random.seed(seed)`.
    public mutating func index(seed: Int, count: Int) -> Int {
        precondition(count > 0, "choice needs at least one item")
        let bits = Int.bitWidth - count.leadingZeroBitCount
        if bits <= 32 {
            if !(firstSeed..<firstSeed + outputs.count).contains(seed), let ahead = PythonRandom.firstOutputs(ofSeedsFrom: seed) {
                firstSeed = seed
                outputs = ahead
            }
            // `_randbelow` keeps the top `bits` bits of each output until they fall below `count`.
            if (firstSeed..<firstSeed + outputs.count).contains(seed) {
                for output in outputs[seed - firstSeed] {
                    let candidate = Int(output >> UInt32(32 - bits))
                    if candidate < count { return candidate }
                }
            }
        }
        var generator = PythonRandom(seed: seed)
        return generator.randbelow(count)
    }
}
