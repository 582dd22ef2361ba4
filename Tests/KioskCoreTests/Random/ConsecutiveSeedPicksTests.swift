import Testing

@testable import KioskCore

/// Seeding four generators side by side gives what seeding each alone gives (the one-at-a-time
/// generator is checked against CPython in ``PythonRandomTests``).
@Suite struct ConsecutiveSeedPicksTests {
    @Test(arguments: [0, 1, 1_000, 65_535, Int(UInt32.max) - 3])
    func firstOutputsAreEachSeedsFirstOutput(first: Int) throws {
        let outputs = try #require(PythonRandom.firstOutputs(ofSeedsFrom: first))
        let expected = (first..<first + 4).map { seed in
            var generator = PythonRandom(seed: seed)
            return (0..<PythonRandom.firstOutputCount).map { _ in generator.nextUInt32() }
        }
        #expect(outputs == expected)
    }

    @Test func seedsThatNeedTwoKeyWordsAreLeftToTheGenerator() {
        #expect(PythonRandom.firstOutputs(ofSeedsFrom: Int(UInt32.max) - 2) == nil)
        #expect(PythonRandom.firstOutputs(ofSeedsFrom: -1) == nil)
    }

    /// Consecutive seeds as system monitoring asks for them, jumps, repeats, negative and
    /// two-word seeds, and counts whose first try is often rejected (3, 5, 1,000) or that need
    /// more than 32 bits.
    @Test(arguments: [1, 2, 3, 5, 11, 1_000, 1 << 40])
    func picksEqualChoiceAfterSeeding(count: Int) {
        var picks = ConsecutiveSeedPicks()
        let seeds = Array(0..<600) + [5_000, 4_999, 5_000, 5_003, 17, -8, Int(UInt32.max), 1 << 33]
        for seed in seeds {
            var generator = PythonRandom(seed: seed)
            #expect(picks.index(seed: seed, count: count) == generator.randbelow(count), "seed \(seed)")
        }
    }
}
