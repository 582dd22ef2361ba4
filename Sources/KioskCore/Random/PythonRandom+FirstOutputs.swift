extension PythonRandom {
    /// How many outputs of each seed ``firstOutputs(ofSeedsFrom:)`` gives: `_randbelow` with a
    /// two-item list rejects half its tries, so one output is often not enough.
    public static let firstOutputCount = 8

    /// The first ``firstOutputCount`` 32-bit outputs of `PythonRandom(seed: first + lane)` for
    /// each of four lanes (lane by lane), or `nil` when a seed needs more than one 32-bit key
    /// word (or is negative).
    ///
    /// Seeding is a chain of 1,247 dependent multiply steps; four independent chains kept in
    /// registers side by side run in little more than the time of one, since the processor
    /// overlaps them. OpenMATB's system-monitoring arrows take consecutive seeds
    /// (docs/openmatb-behaviour.md: Seeds and pseudo-random draws), so a draw can be seeded together
    /// with the next three.
    public static func firstOutputs(ofSeedsFrom first: Int) -> [[UInt32]]? {
        guard first >= 0, first + 3 <= Int(UInt32.max) else { return nil }
        let n = stateWordCount
        let keys = (UInt32(first), UInt32(first + 1), UInt32(first + 2), UInt32(first + 3))
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 4 * n) { words in
            let (s0, s1, s2, s3) = (words.baseAddress!, words.baseAddress! + n, words.baseAddress! + 2 * n, words.baseAddress! + 3 * n)
            genrandBaseWords.withUnsafeBufferPointer { base in
                // init_by_array with a one-word key: `j` stays 0, so every step adds the key itself.
                // The first loop runs n times: i = 1…n-1, then i = 1 again after word 0 takes word n-1.
                var (p0, p1, p2, p3) = (base[0], base[0], base[0], base[0])
                func firstLoopStep(_ i: Int) {
                    p0 = (base[i] ^ ((p0 ^ (p0 >> 30)) &* 1_664_525)) &+ keys.0
                    p1 = (base[i] ^ ((p1 ^ (p1 >> 30)) &* 1_664_525)) &+ keys.1
                    p2 = (base[i] ^ ((p2 ^ (p2 >> 30)) &* 1_664_525)) &+ keys.2
                    p3 = (base[i] ^ ((p3 ^ (p3 >> 30)) &* 1_664_525)) &+ keys.3
                    (s0[i], s1[i], s2[i], s3[i]) = (p0, p1, p2, p3)
                }
                for i in 1..<n { firstLoopStep(i) }
                (s0[0], s1[0], s2[0], s3[0]) = (p0, p1, p2, p3)
                // Word 1 again, from word 1 of the first pass.
                p0 = (s0[1] ^ ((p0 ^ (p0 >> 30)) &* 1_664_525)) &+ keys.0
                p1 = (s1[1] ^ ((p1 ^ (p1 >> 30)) &* 1_664_525)) &+ keys.1
                p2 = (s2[1] ^ ((p2 ^ (p2 >> 30)) &* 1_664_525)) &+ keys.2
                p3 = (s3[1] ^ ((p3 ^ (p3 >> 30)) &* 1_664_525)) &+ keys.3
                (s0[1], s1[1], s2[1], s3[1]) = (p0, p1, p2, p3)
                // The second loop runs n-1 times: i = 2…n-1, then i = 1 after the wrap.
                func secondLoopStep(_ i: Int) {
                    let index = UInt32(truncatingIfNeeded: i)
                    p0 = (s0[i] ^ ((p0 ^ (p0 >> 30)) &* 1_566_083_941)) &- index
                    p1 = (s1[i] ^ ((p1 ^ (p1 >> 30)) &* 1_566_083_941)) &- index
                    p2 = (s2[i] ^ ((p2 ^ (p2 >> 30)) &* 1_566_083_941)) &- index
                    p3 = (s3[i] ^ ((p3 ^ (p3 >> 30)) &* 1_566_083_941)) &- index
                    (s0[i], s1[i], s2[i], s3[i]) = (p0, p1, p2, p3)
                }
                for i in 2..<n { secondLoopStep(i) }
                (s0[0], s1[0], s2[0], s3[0]) = (p0, p1, p2, p3)
                secondLoopStep(1)
            }
            return [s0, s1, s2, s3].map { state in
                state[0] = 0x8000_0000
                // Words 0…7 of the first twist: each from words k, k+1 and k+397 of the seeded state.
                return (0..<firstOutputCount).map { k in
                    tempered(twisted(state[k], next: state[k + 1], ahead: state[k + shiftWordCount]))
                }
            }
        }
    }
}
