import Testing
@testable import KioskCore

@Suite struct PromptTrialOrderTests {
    @Test func fileOrderRepeatsTheListAsWritten() {
        #expect(PromptTrialOrder.file.trialIndices(count: 3, passes: 2, seed: 42) == [0, 1, 2, 0, 1, 2])
        #expect(PromptTrialOrder.file.trialIndices(count: 3, passes: 0, seed: 42) == [])
    }

    /// Expected orders from CPython 3.11: `r = random.Random(seed)`, then per pass
    /// `o = list(range(n)); r.shuffle(o)`.
    @Test func aShuffleIsPythonsForTheSameSeed() {
        #expect(PromptTrialOrder.shuffle.trialIndices(count: 3, passes: 2, seed: 42) == [1, 0, 2, 2, 1, 0])
        #expect(PromptTrialOrder.shuffle.trialIndices(count: 5, passes: 1, seed: (1 << 40) + 7) == [2, 0, 1, 3, 4])
    }

    @Test func aShuffleDependsOnlyOnItsSeed() {
        let first = PromptTrialOrder.shuffle.trialIndices(count: 8, passes: 3, seed: 7)
        #expect(first == PromptTrialOrder.shuffle.trialIndices(count: 8, passes: 3, seed: 7))
        #expect(first != PromptTrialOrder.shuffle.trialIndices(count: 8, passes: 3, seed: 8))
        for pass in 0..<3 { #expect(first[pass * 8..<pass * 8 + 8].sorted() == Array(0..<8)) }
    }
}
