import Testing
@testable import KioskCore

/// Resman's update step against the reference values (docs/openmatb-behaviour.md: Reference values) and
/// OpenMATB's tests/test_resman_logic.py.
@Suite struct ResmanDynamicsTests {
    static let defaults = ResmanParameters(ParameterValues(.resman))

    /// The default state, with some pumps switched on.
    static func state(on pumps: Set<Int> = []) -> ResmanState {
        var state = ResmanState(ParameterValues(.resman))
        for pump in pumps { state.pumps[pump - 1] = .on }
        return state
    }

    /// Levels of `tank` after each of `count` updates from `state`.
    static func levels(_ tank: ResmanTank, updates count: Int, from state: ResmanState, _ parameters: ResmanParameters = defaults) -> [Int] {
        var state = state
        return (0..<count).map { _ in
            _ = ResmanDynamics.step(&state, parameters)
            return state.level(tank)
        }
    }

    @Test func withoutPumpsTargetTanksLeak26PerUpdateAfterTheFirst() {
        let expected = [2500, 2474, 2448, 2422, 2396, 2370, 2344, 2318]
        #expect(Self.levels(.a, updates: 8, from: Self.state()) == expected)
        #expect(Self.levels(.b, updates: 8, from: Self.state()) == expected)
        var state = Self.state()
        let deviations = (0..<4).map { _ in ResmanDynamics.step(&state, Self.defaults).map(\.deviation) }
        #expect(deviations == [[0, 0], [-26, -26], [-52, -52], [-78, -78]])
        #expect(state.tolerance[0] == .inside)
    }

    @Test func tenUpdatesLoseAbout260() {
        let levels = Self.levels(.a, updates: 11, from: Self.state())
        #expect(levels.last == 2500 - 260)
    }

    @Test func pumpsOneToFourOnFillTargetsAndDrainCD() {
        let state = Self.state(on: [1, 2, 3, 4])
        #expect(Self.levels(.a, updates: 4, from: state) == [2500, 2520, 2540, 2560])
        #expect(Self.levels(.b, updates: 4, from: state) == [2500, 2520, 2540, 2560])
        #expect(Self.levels(.c, updates: 4, from: state) == [1000, 974, 948, 922])
        #expect(Self.levels(.d, updates: 4, from: state) == [1000, 974, 948, 922])
        #expect(Self.levels(.e, updates: 4, from: state) == [3000, 3000, 3000, 3000])
        #expect(Self.levels(.f, updates: 4, from: state) == [3000, 3000, 3000, 3000])
    }

    @Test func pumpsOneAndTwoChangeAPlus20AndCMinus26() {
        var state = Self.state(on: [1, 2])
        state.levels[ResmanTank.a.rawValue] = 2448
        state.updatesBeforeLeak = 0
        _ = ResmanDynamics.step(&state, Self.defaults)
        #expect(state.level(.a) == 2468)
        #expect(state.level(.c) == 974)
    }

    @Test func automaticSolverFollowsTheReferencePumpSequence() {
        var parameters = Self.defaults
        parameters.isAutomaticSolverOn = true
        var state = Self.state()
        var pumps: [String] = []
        var levels: [(ab: [Int], cd: [Int])] = []
        for _ in 0..<12 {
            _ = ResmanDynamics.step(&state, parameters)
            pumps.append(state.pumps.map { $0 == .on ? "1" : "0" }.joined())
            levels.append(([state.level(.a), state.level(.b)], [state.level(.c), state.level(.d)]))
        }
        #expect(pumps[0] == "00000000")
        #expect(pumps[1] == "01011111")
        #expect(pumps[2...9].allSatisfy { $0 == "01011100" })
        #expect(pumps[10] == "11111100")
        #expect(levels[1].ab == [2494, 2494] && levels[1].cd == [1020, 1020])
        #expect(levels[2...9].map(\.ab[0]) == [2488, 2482, 2476, 2470, 2464, 2458, 2452, 2446])
        #expect(levels[2...9].map(\.cd[0]) == [1040, 1060, 1080, 1100, 1120, 1140, 1160, 1180])
        #expect(levels[10].ab == [2466, 2466] && levels[10].cd == [1174, 1174])
        #expect(levels[11].ab == [2486, 2486] && levels[11].cd == [1168, 1168])
    }

    @Test func automaticSolverWaitsForTheSecondUpdate() {
        var parameters = Self.defaults
        parameters.isAutomaticSolverOn = true
        var state = Self.state()
        _ = ResmanDynamics.step(&state, parameters)
        #expect(state.pumps.allSatisfy { $0 == .off })
    }

    @Test func solverLeavesFailedPumpsAlone() {
        var parameters = Self.defaults
        parameters.isAutomaticSolverOn = true
        var state = Self.state()
        state.updatesBeforeLeak = 0
        state.pumps[1] = .failure
        _ = ResmanDynamics.step(&state, parameters)
        #expect(state.pumps[1] == .failure)
        #expect(state.pumps[3] == .on)
    }

    @Test func responseTimeAccumulatesOutOfToleranceAndIsReportedOnReturn() {
        var state = Self.state()
        state.updatesBeforeLeak = 0
        state.levels[ResmanTank.a.rawValue] = 2000
        var parameters = Self.defaults
        parameters.tanks[0].lossPerMinute = 0
        let first = ResmanDynamics.step(&state, parameters)
        #expect(first[0].tolerance == .outside && first[0].responseTimeMs == nil)
        #expect(state.responseTimesMs[0] == 2000)
        state.levels[ResmanTank.a.rawValue] = 2500
        let back = ResmanDynamics.step(&state, parameters)
        #expect(back[0].tolerance == .inside && back[0].responseTimeMs == 2000)
        #expect(state.responseTimesMs[0] == 0)
        let rows = ResmanScoring.rows(back, periodIsInteger: true)
        #expect(rows.map(\.address) == ["a_response_time", "a_in_tolerance", "a_deviation", "b_in_tolerance", "b_deviation"])
        #expect(rows.map(\.value) == [.int(2000), .bool(true), .int(0), .bool(true), .int(-52)])
    }

    @Test func toleranceEdgesAreInclusive() {
        for (level, inside) in [(2250, true), (2750, true), (2249, false), (2751, false)] {
            var state = Self.state()
            state.levels[0] = level
            var parameters = Self.defaults
            parameters.tanks[0].lossPerMinute = 0
            let score = ResmanDynamics.step(&state, parameters)[0]
            #expect(score.tolerance == (inside ? .inside : .outside), "level \(level)")
        }
    }

    @Test func nonDepletableSourceIsNotDrainedAndFailedPumpIsInert() {
        var state = Self.state(on: [2, 5])
        state.pumps[0] = .failure
        state.updatesBeforeLeak = 0
        _ = ResmanDynamics.step(&state, Self.defaults)
        #expect(state.level(.e) == 3000)
        #expect(state.level(.c) == 1020)
        #expect(ResmanDynamics.toggle(pump: 0, in: &state) == false)
        #expect(state.pumps[0] == .failure)
    }

    @Test func overflowIsCappedAndFullTankTurnsItsInletsOffButNotFailedOnes() {
        var state = Self.state(on: [2, 1])
        state.pumps[7] = .failure
        state.levels[ResmanTank.a.rawValue] = 3990
        state.updatesBeforeLeak = 0
        _ = ResmanDynamics.step(&state, Self.defaults)
        #expect(state.level(.a) == 4000)
        #expect(state.pumps[0] == .off && state.pumps[1] == .off)
        #expect(state.pumps[7] == .failure)
    }

    @Test func emptySourceTurnsItsOutletsOff() {
        var state = Self.state(on: [1])
        state.levels[ResmanTank.c.rawValue] = 10
        state.updatesBeforeLeak = 0
        _ = ResmanDynamics.step(&state, Self.defaults)
        #expect(state.level(.c) == 0)
        #expect(state.level(.a) == 2500 - 26 + 10)
        #expect(state.pumps[0] == .off)
    }

    @Test func flowsAndLeaksFollowTheUpdatePeriod() {
        var parameters = Self.defaults
        parameters.updatePeriodMs = 1000
        var state = Self.state(on: [7])
        state.updatesBeforeLeak = 0
        _ = ResmanDynamics.step(&state, parameters)
        // int(800/60) = 13 leaked, int(400/60) = 6 moved from A to B.
        #expect(state.level(.a) == 2500 - 13 - 6)
        #expect(state.level(.b) == 2500 - 13 + 6)
    }
}
