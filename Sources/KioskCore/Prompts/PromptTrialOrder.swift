/// The order the `[[trial]]` list runs in (`trial_order`).
public enum PromptTrialOrder: String, Hashable, Sendable, CaseIterable {
    /// As the file lists them, every pass.
    case file
    /// Each pass shuffled anew by one generator seeded once per block.
    case shuffle

    /// The `[[trial]]` indices (0-based) in the order they run, `passes` passes of `count` trials.
    ///
    /// A shuffle is Python's: `rng = random.Random(seed)`, then for each pass
    /// `order = list(range(count)); rng.shuffle(order)`, so a lab can reproduce the order from
    /// the logged seed without labkiosk.
    public func trialIndices(count: Int, passes: Int, seed: UInt64) -> [Int] {
        guard self == .shuffle else { return (0..<passes).flatMap { _ in 0..<count } }
        let low = UInt32(truncatingIfNeeded: seed), high = UInt32(truncatingIfNeeded: seed >> 32)
        var random = PythonRandom(keyWords: high == 0 ? [low] : [low, high])
        var indices: [Int] = []
        for _ in 0..<passes {
            var pass = Array(0..<count)
            for i in stride(from: count - 1, to: 0, by: -1) { pass.swapAt(i, random.randbelow(i + 1)) }
            indices += pass
        }
        return indices
    }
}
