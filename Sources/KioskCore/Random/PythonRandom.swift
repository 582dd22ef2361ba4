/// CPython's `random.Random` generator (MT19937), reproduced bit for bit.
///
/// OpenMATB draws every pseudo-random value from CPython's `random` module, reseeded before
/// each draw (docs/openmatb-behaviour.md: Seeds and pseudo-random draws). This value type holds the 624-word
/// Mersenne Twister state and implements the integer seeding, `getrandbits`, `_randbelow`, `choice`,
/// `randint`,
/// `random()` and `uniform` exactly as CPython 3.11 does, so the same seed gives the same
/// numbers. It is a plain value: copy it to fork a stream, pass it `inout` to draw.
public struct PythonRandom: Sendable {
    static let stateWordCount = 624
    static let shiftWordCount = 397
    private static let matrixA: UInt32 = 0x9908_B0DF
    private static let upperMask: UInt32 = 0x8000_0000
    private static let lowerMask: UInt32 = 0x7FFF_FFFF

    /// The 624 words of generator state.
    private var state: [UInt32]
    /// Index of the next word to temper.
    private var index: Int
    /// Words `0..<twisted` of the current round have been regenerated. The twist runs word by
    /// word as outputs are drawn, in the order the whole-array loop would: OpenMATB reseeds
    /// before nearly every draw and takes one or two outputs, so regenerating all 624 words
    /// each time was most of the cost of a headless session.
    private var twisted: Int

    /// `init_genrand(19650218)`, where every `init_by_array` starts: the same 624 words for
    /// every seed, so made once.
    static let genrandBaseWords: [UInt32] = {
        var words = [UInt32](repeating: 0, count: stateWordCount)
        words[0] = 19_650_218
        for i in 1..<stateWordCount {
            let previous = words[i - 1] ^ (words[i - 1] >> 30)
            words[i] = 1_812_433_253 &* previous &+ UInt32(truncatingIfNeeded: i)
        }
        return words
    }()

    /// A generator seeded like `random.seed(seed)` for an `int` argument.
    public init(seed: Int) {
        state = Self.genrandBaseWords
        index = Self.stateWordCount
        twisted = Self.stateWordCount
        self.seed(seed)
    }

    /// A generator seeded with an explicit `init_by_array` key (32-bit words, least
    /// significant first), as CPython seeds from an integer of any size.
    public init(keyWords: [UInt32]) {
        state = Self.genrandBaseWords
        index = Self.stateWordCount
        twisted = Self.stateWordCount
        seed(keyWords: keyWords)
    }

    /// Reseeds like `random.seed(n)` for an `int`: the absolute value is split into 32-bit
    /// little-endian words (at least one, `[0]` for 0) that feed `init_by_array`.
    public mutating func seed(_ n: Int) {
        let magnitude = n.magnitude
        let low = UInt32(truncatingIfNeeded: magnitude)
        let high = UInt32(truncatingIfNeeded: magnitude >> 32)
        seed(keyWords: high == 0 ? [low] : [low, high])
    }

    /// Reseeds with an `init_by_array` key; an empty key is treated as `[0]`.
    public mutating func seed(keyWords: [UInt32]) {
        let key = keyWords.isEmpty ? [0] : keyWords
        let n = Self.stateWordCount
        state = Self.genrandBaseWords
        state.withUnsafeMutableBufferPointer { state in
            key.withUnsafeBufferPointer { key in
                var i = 1
                var j = 0
                for _ in 0..<max(n, key.count) {
                    let previous = state[i - 1] ^ (state[i - 1] >> 30)
                    state[i] = (state[i] ^ (previous &* 1_664_525)) &+ key[j] &+ UInt32(truncatingIfNeeded: j)
                    i += 1
                    j += 1
                    if i >= n {
                        state[0] = state[n - 1]
                        i = 1
                    }
                    if j >= key.count { j = 0 }
                }
                for _ in 0..<(n - 1) {
                    let previous = state[i - 1] ^ (state[i - 1] >> 30)
                    state[i] = (state[i] ^ (previous &* 1_566_083_941)) &- UInt32(truncatingIfNeeded: i)
                    i += 1
                    if i >= n {
                        state[0] = state[n - 1]
                        i = 1
                    }
                }
                state[0] = 0x8000_0000
            }
        }
        index = n
        twisted = n
    }

    /// Regenerates word `twisted` of the round (one step of the twist).
    private mutating func twistNextWord() {
        let n = Self.stateWordCount
        let k = twisted
        let next = k + 1 == n ? 0 : k + 1
        let ahead = k + Self.shiftWordCount < n ? k + Self.shiftWordCount : k + Self.shiftWordCount - n
        state.withUnsafeMutableBufferPointer { state in
            state[k] = Self.twisted(state[k], next: state[next], ahead: state[ahead])
        }
        twisted += 1
    }

    /// The next tempered 32-bit output (`genrand_uint32`).
    public mutating func nextUInt32() -> UInt32 {
        if index >= Self.stateWordCount {
            index = 0
            twisted = 0
        }
        if index >= twisted { twistNextWord() }
        let word = state[index]
        index += 1
        return Self.tempered(word)
    }

    /// MT19937's twist of one word, from the word, the one after it and the one 397 ahead.
    static func twisted(_ word: UInt32, next: UInt32, ahead: UInt32) -> UInt32 {
        let y = (word & upperMask) | (next & lowerMask)
        return ahead ^ (y >> 1) ^ ((y & 1) == 0 ? 0 : matrixA)
    }

    /// MT19937's tempering of a state word into an output.
    static func tempered(_ word: UInt32) -> UInt32 {
        var y = word
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C_5680
        y ^= (y << 15) & 0xEFC6_0000
        y ^= y >> 18
        return y
    }

    /// `getrandbits(k)` for `k` in `0...64`: for `k <= 32` the next output shifted right by
    /// `32 - k`; above 32 bits, whole outputs fill the low word first and the last output
    /// is shifted to the bits that remain, as CPython fills a long integer.
    public mutating func getrandbits(_ k: Int) -> UInt64 {
        precondition((0...64).contains(k), "getrandbits supports 0...64 bits")
        if k == 0 { return 0 }
        if k <= 32 { return UInt64(nextUInt32() >> UInt32(32 - k)) }
        let low = UInt64(nextUInt32())
        let high = UInt64(nextUInt32() >> UInt32(64 - k))
        return low | (high << 32)
    }

    /// `_randbelow(n)`: a uniform integer in `0..<n`.
    ///
    /// With `k` the bit length of `n`, draws `getrandbits(k)` until the result is below
    /// `n`. `n` must be at least 1 (for 1 it still consumes draws).
    public mutating func randbelow(_ n: Int) -> Int {
        precondition(n > 0, "randbelow needs a positive bound")
        let bound = UInt64(n)
        let k = UInt64.bitWidth - bound.leadingZeroBitCount
        var r = getrandbits(k)
        while r >= bound { r = getrandbits(k) }
        return Int(r)
    }

    /// `choice(seq)` = `seq[_randbelow(len(seq))]`; `nil` (and no draw) for an empty
    /// collection, where Python raises `IndexError`.
    public mutating func choice<C: Collection>(_ items: C) -> C.Element? {
        if items.isEmpty { return nil }
        let offset = randbelow(items.count)
        return items[items.index(items.startIndex, offsetBy: offset)]
    }

    /// `sample(population, 1)[0]`: for one element CPython draws `_randbelow(len)` exactly
    /// like `choice`, so both give the same element from the same seed.
    public mutating func sample1<C: Collection>(_ population: C) -> C.Element? {
        choice(population)
    }

    /// `randint(a, b)` = `a + _randbelow(b - a + 1)`; requires `a <= b`.
    public mutating func randint(_ a: Int, _ b: Int) -> Int {
        precondition(a <= b, "randint needs a <= b")
        return a + randbelow(b - a + 1)
    }

    /// `random()`: a 53-bit float in `[0, 1)` from two outputs,
    /// `((a >> 5) * 2^26 + (b >> 6)) / 2^53`.
    public mutating func random() -> Double {
        let a = Double(nextUInt32() >> 5)
        let b = Double(nextUInt32() >> 6)
        return (a * 67_108_864.0 + b) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `uniform(a, b)` = `a + (b - a) * random()`.
    public mutating func uniform(_ a: Double, _ b: Double) -> Double {
        a + (b - a) * random()
    }
}
