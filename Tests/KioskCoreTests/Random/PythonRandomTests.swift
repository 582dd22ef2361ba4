import Testing

@testable import KioskCore

/// CPython `random` vectors: the reference values (docs/openmatb-behaviour.md: Reference values), plus values
/// generated once with CPython 3.11 and pasted here.
@Suite struct PythonRandomTests {
    // MARK: Golden vectors (docs/openmatb-behaviour.md: Reference values)

    @Test func seedOneRandom() {
        var random = PythonRandom(seed: 1)
        #expect(random.random() == 0.13436424411240122)
    }

    @Test func seedZeroRandom() {
        var random = PythonRandom(seed: 0)
        #expect(random.random() == 0.8444218515250481)
    }

    @Test func seedFortyTwoRandom() {
        var random = PythonRandom(seed: 42)
        #expect(random.random() == 0.6394267984578837)
    }

    @Test func getrandbitsAfterRandom() {
        var random = PythonRandom(seed: 1)
        _ = random.random()
        #expect(random.getrandbits(32) == 3_639_700_191)
    }

    static let choiceSigns = [-1, -1, -1, -1, 1, -1, 1, -1, 1, -1, 1, 1, 1, -1, -1, 1, 1, -1, -1, -1]

    @Test("choice([-1, 1]) for seeds 1...20", arguments: zip(1...20, choiceSigns))
    func choiceOfSign(seed: Int, expected: Int) {
        var random = PythonRandom(seed: seed)
        #expect(random.choice([-1, 1]) == expected)
    }

    @Test("sample([-1, 1], 1)[0] equals choice for seeds 1...20", arguments: zip(1...20, choiceSigns))
    func sampleOfSign(seed: Int, expected: Int) {
        var random = PythonRandom(seed: seed)
        #expect(random.sample1([-1, 1]) == expected)
    }

    static let uniforms = [
        132.48823369422638, 111.89656307925964, 135.72499388478823, 114.90097418566485,
        114.8453946023856, 126.06414915180136, 131.00686242908822, 117.3911501801617,
    ]

    @Test("uniform(108, 137) for seeds 0...7", arguments: zip(0...7, uniforms))
    func uniformFrequency(seed: Int, expected: Double) {
        var random = PythonRandom(seed: seed)
        #expect(random.uniform(108.0, 137.0) == expected)
    }

    @Test("randint(0, 3) for seeds 0...11", arguments: zip(0...11, [3, 1, 0, 1, 1, 2, 0, 2, 1, 3, 0, 3]))
    func randintRadio(seed: Int, expected: Int) {
        var random = PythonRandom(seed: seed)
        #expect(random.randint(0, 3) == expected)
    }

    // MARK: Extra vectors (CPython 3.11)

    @Test(
        "seeds beyond 32 bits and negative seeds",
        arguments: [
            (4_294_967_301, 0.15727238718789782),  // 2^32 + 5: two key words
            (1_099_511_640_121, 0.31036222241287226),  // 2^40 + 12345
            (-7, 0.32383276483316237),  // |n| is used
            (7, 0.32383276483316237),
            (Int.max, 0.3166448820870279),
            (Int.min, 0.5534639983914199),  // 2^63
        ])
    func largeSeed(seed: Int, expected: Double) {
        var random = PythonRandom(seed: seed)
        #expect(random.random() == expected)
    }

    @Test func seedWithThreeKeyWords() {
        // random.seed(2**64 + 3): key words [3, 0, 1].
        var random = PythonRandom(keyWords: [3, 0, 1])
        #expect(random.random() == 0.9129684455472157)
    }

    @Test func reseedingRestartsTheStream() {
        var random = PythonRandom(seed: 99)
        _ = random.random()
        random.seed(1)
        #expect(random.random() == 0.13436424411240122)
    }

    @Test func getrandbitsOfSeveralWidths() {
        var random = PythonRandom(seed: 5)
        let bits = [1, 7, 31, 32, 33, 64].map { random.getrandbits($0) }
        #expect(bits == [1, 32, 1_592_975_436, 1_539_898_300, 7_710_297_655, 15_523_137_368_101_252_074])
    }

    @Test func randbelowOfNonPowersOfTwo() {
        var random = PythonRandom(seed: 7)
        let values = [1, 3, 10, 100, 1_000_003, 1_099_511_627_779].map { random.randbelow($0) }
        #expect(values == [0, 0, 6, 83, 50631, 208_460_025_899])
    }

    @Test("randint(-5, 5) for seeds 0...9", arguments: zip(0...9, [1, -3, -5, -2, -2, 4, 4, 0, -2, 2]))
    func randintNegativeRange(seed: Int, expected: Int) {
        var random = PythonRandom(seed: seed)
        #expect(random.randint(-5, 5) == expected)
    }

    @Test("choice('ABCDEFG') for seeds 0...9", arguments: zip(0...9, Array("GBGBBEGCBD")))
    func choiceOfSeven(seed: Int, expected: Character) {
        var random = PythonRandom(seed: seed)
        #expect(random.choice(Array("ABCDEFG")) == expected)
    }

    @Test func randintOfOneValueStillDraws() {
        // random.seed(1); random.randint(3, 3); random.random()
        var random = PythonRandom(seed: 1)
        #expect(random.randint(3, 3) == 3)
        #expect(random.random() == 0.5692038748222122)
    }

    @Test func choiceOfEmptyIsNilWithoutDrawing() {
        var random = PythonRandom(seed: 1)
        let empty: [Int] = []
        #expect(random.choice(empty) == nil)
        #expect(random.random() == 0.13436424411240122)
    }
}
