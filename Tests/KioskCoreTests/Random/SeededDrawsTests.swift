import Testing

@testable import KioskCore

/// The seeding rule `session + plugin index + int(t) + add` against the reference values
/// (docs/openmatb-behaviour.md: Reference values).
@Suite struct SeededDrawsTests {
    let communications = SeededDraws(runNumber: 1, plugin: .communications)
    let sysmon = SeededDraws(runNumber: 1, plugin: .sysmon)

    @Test func seedArithmetic() {
        #expect(communications.seed(at: .zero, add: 3) == 4)
        #expect(sysmon.seed(at: .milliseconds(4_999), add: 2) == 1 + 1 + 4 + 2)
        #expect(SeedingPlugin.communications.alias == "communications")
        #expect(SeedingPlugin.sysmon.index == 1)
    }

    @Test(
        "initial radio frequencies: seeds 1...4, round1",
        arguments: zip(0...3, [(1, 111.9), (2, 135.7), (3, 114.9), (4, 114.8)]))
    func radioFrequency(radio: Int, expected: (seed: Int, frequency: Double)) {
        let draw = communications.uniform(108.0, 137.0, at: .zero, add: radio)
        #expect(draw.seed == expected.seed)
        #expect(PythonRounding.round(draw.value, digits: 1) == expected.frequency)
    }

    @Test(
        "round1 of uniform(108, 137) for seeds 0...7",
        arguments: zip(0...7, [132.5, 111.9, 135.7, 114.9, 114.8, 126.1, 131.0, 117.4]))
    func roundedUniform(seed: Int, expected: Double) {
        var random = PythonRandom(seed: seed)
        #expect(PythonRounding.round(random.uniform(108.0, 137.0), digits: 1) == expected)
    }

    @Test func uniformDrawKeepsTheUnroundedValue() {
        let draw = communications.uniform(108.0, 137.0, at: .zero, add: 0)
        #expect(draw == SeededDraw(seed: 1, value: 111.89656307925964))
    }

    @Test func activeRadioAtStart() {
        // randint(0, 3) with add 0 at int(t) = 0: seed 1 → 1 (NAV_2).
        #expect(communications.randint(0, 3, at: .zero) == SeededDraw(seed: 1, value: 1))
    }

    @Test(
        "first sysmon update: seeds 4...7",
        arguments: zip(2...5, [(4, -1), (5, 1), (6, -1), (7, 1)]))
    func sysmonFirstUpdate(movingSeed: Int, expected: (seed: Int, direction: Int)) {
        let draw = sysmon.sample1([-1, 1], at: .zero, add: movingSeed)
        #expect(draw == SeededDraw(seed: expected.seed, value: expected.direction))
    }

    @Test func sysmonFailureSide() {
        // Scale 1 failure before the update at t = 1.0: seed 1 + 1 + 1 + 1 = 4 → −1.
        #expect(sysmon.choice([-1, 1], at: .seconds(1), add: 1) == SeededDraw(seed: 4, value: -1))
    }

    @Test func promptRadioChoice() {
        // radioprompt;own at int(t) = 4: choice among the four radios with add 1 → seed 6 → NAV_1.
        let draw = communications.choice(["NAV_1", "NAV_2", "COM_1", "COM_2"], at: .milliseconds(4_107), add: 1)
        #expect(draw == SeededDraw(seed: 6, value: "NAV_1"))
    }

    @Test func targetFrequencySearch() {
        // Radio NAV_1 (index 0) at 111.9, prompted at int(t) = 4: seeds 5, 20, 35, …
        // until 5 < |f − 111.9| < 6.
        var add = 0
        var draw = communications.uniform(108.0, 137.0, at: .seconds(4), add: add)
        var seeds = [draw.seed]
        while !(5 < abs(PythonRounding.round(draw.value, digits: 1) - 111.9)
            && abs(PythonRounding.round(draw.value, digits: 1) - 111.9) < 6)
        {
            add += 15
            draw = communications.uniform(108.0, 137.0, at: .seconds(4), add: add)
            seeds.append(draw.seed)
        }
        #expect(seeds.first == 5)
        #expect(seeds.dropFirst().first == 20)
        #expect(seeds.last == 650)
        #expect(seeds == Array(stride(from: 5, through: 650, by: 15)))
        #expect(draw.value == 117.10322204428509)
        #expect(PythonRounding.round(draw.value, digits: 1) == 117.1)
    }

    @Test func emptyChoiceIsNil() {
        let none: [String] = []
        #expect(communications.choice(none, at: .zero, add: 1) == nil)
    }
}
