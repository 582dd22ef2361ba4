import Testing
@testable import KioskCore

/// Sysmon's dynamics without randomness: draws here always return the first item, so the
/// arrows and sides are predictable (the CPython-exact draws have their own tests).
@Suite struct SysmonDynamicsTests {
    static func firstItem(_ items: [Int], _ add: Int) -> (seed: Int, value: Int) { (add, items[0]) }
    static let defaults = SysmonParameters(ParameterValues(.sysmon))

    @Test func zonesSplitTheScaleInThirds() {
        #expect(SysmonDynamics.zone(1) == [0, 1, 2])
        #expect(SysmonDynamics.zone(0) == [3, 4, 5, 6, 7])
        #expect(SysmonDynamics.zone(-1) == [8, 9, 10])
        #expect(SysmonGauge.all.count == 6)
    }

    @Test func lightFailureTogglesAndConsumesTheFlag() {
        var state = SysmonState()
        var parameters = Self.defaults
        parameters.lights[0].failure = true
        parameters.lights[1].failure = true
        _ = SysmonDynamics.update(&state, &parameters, draw: Self.firstItem)
        #expect(parameters.lights[0].isOn == false, "light 1 is nominally on")
        #expect(parameters.lights[1].isOn == true, "light 2 is nominally off")
        #expect(!parameters.lights[0].failure && !parameters.lights[1].failure)
        #expect(state.lights[0].isFailing && state.lights[0].failureTimer == .int(10000))
        // A second trigger restarts the timer but does not toggle again nor reset the response time.
        _ = SysmonDynamics.update(&state, &parameters, draw: Self.firstItem)
        #expect(state.lights[0].failureTimer == .int(9800) && state.lights[0].responseTime == .int(200))
        parameters.lights[0].failure = true
        _ = SysmonDynamics.update(&state, &parameters, draw: Self.firstItem)
        #expect(parameters.lights[0].isOn == false)
        #expect(state.lights[0].failureTimer == .int(10000))
        #expect(state.lights[0].responseTime == .int(400))
    }

    @Test func scaleSideSetsTheZoneAndARandomSideIsKept() {
        var state = SysmonState()
        var parameters = Self.defaults
        parameters.scales[0].failure = true
        parameters.scales[1].failure = true
        parameters.scales[1].side = 1
        let outcomes = SysmonDynamics.update(&state, &parameters, draw: Self.firstItem)
        #expect(state.scales[0].zone == -1 && parameters.scales[0].side == -1, "drawn from [-1, 1], stored")
        #expect(state.scales[1].zone == 1)
        // Four arrow draws, then the side draw of scale 1 (add = its number).
        #expect(outcomes.last == .draw(seed: 1, output: .int(-1)))
        // The next update moves the failing arrows into their thirds.
        _ = SysmonDynamics.update(&state, &parameters, draw: Self.firstItem)
        #expect(state.scales[0].position == 8 && state.scales[1].position == 0)
    }

    @Test func hitAfterKUpdatesScoresTwoHundredTimesK() {
        for k in 1...6 {
            var state = SysmonState()
            var parameters = Self.defaults
            parameters.scales[2].failure = true
            _ = SysmonDynamics.update(&state, &parameters, draw: Self.firstItem)
            for _ in 0..<k { _ = SysmonDynamics.update(&state, &parameters, draw: Self.firstItem) }
            let outcomes = SysmonDynamics.respond(toKey: "F3", &state, &parameters)
            let expected = SysmonResponse(gauge: .scale(2), name: "F3", detection: .hit, responseTime: .int(200 * k))
            #expect(outcomes == [.response(expected)])
            #expect(state.scales[2].zone == 0 && state.scales[2].gauge.responseTime == .int(0))
            #expect(state.scales[2].gauge.freezeTimer == .int(1500) && state.scales[2].feedbackType == .positive)
            #expect(state.scales[2].feedbackTimer == .int(1500))
        }
    }

    @Test func timeoutIsAMissWithNaN() {
        var state = SysmonState()
        var parameters = Self.defaults
        parameters.lights[1].failure = true
        _ = SysmonDynamics.update(&state, &parameters, draw: Self.firstItem)
        var outcomes: [SysmonOutcome] = []
        var updates = 0
        while outcomes.isEmpty || outcomes.allSatisfy({ if case .draw = $0 { true } else { false } }) {
            outcomes = SysmonDynamics.update(&state, &parameters, draw: Self.firstItem)
            updates += 1
        }
        #expect(updates == 50, "10000 ms in 200 ms updates")
        #expect(outcomes.first == .response(SysmonResponse(gauge: .light(1), name: "F6", detection: .miss, responseTime: nil)))
        #expect(SysmonResponse(gauge: .light(1), name: "F6", detection: .miss, responseTime: nil).performanceRows.last?.value.pythonStr == "nan")
        #expect(parameters.lights[1].isOn == false, "back to nominal")
        #expect(state.lights[1].freezeTimer == nil)
    }

    @Test func wrongKeyIsAFalseAlarmWithNegativeFeedbackOnScales() {
        var state = SysmonState()
        var parameters = Self.defaults
        #expect(SysmonDynamics.respond(toKey: "F2", &state, &parameters)
            == [.response(SysmonResponse(gauge: .scale(1), name: "F2", detection: .falseAlarm, responseTime: nil))])
        #expect(state.scales[1].feedbackType == .negative && state.scales[1].feedbackTimer == .int(1500))
        _ = SysmonDynamics.respond(toKey: "F5", &state, &parameters)
        #expect(state.lights[0].freezeTimer == nil)
        #expect(SysmonDynamics.respond(toKey: "A", &state, &parameters).isEmpty, "no gauge has this key")
        parameters.negative.isActive = false
        _ = SysmonDynamics.respond(toKey: "F4", &state, &parameters)
        #expect(state.scales[3].feedbackTimer == nil)
    }

    @Test func freezeHoldsTheArrowAtFiveForTheFeedbackDuration() {
        var state = SysmonState()
        var parameters = Self.defaults
        parameters.scales[0].failure = true
        _ = SysmonDynamics.update(&state, &parameters, draw: Self.firstItem)
        _ = SysmonDynamics.respond(toKey: "F1", &state, &parameters)
        var frozen = 0, feedback = 0
        for _ in 0..<12 {
            _ = SysmonDynamics.update(&state, &parameters, draw: Self.firstItem)
            if state.scales[0].gauge.freezeTimer != nil { frozen += 1; #expect(state.scales[0].position == 5) }
            if state.scales[0].feedbackTimer != nil { feedback += 1 }
        }
        #expect(frozen == 7 && feedback == 7, "1500 ms: 1300, 1100, …, 100 left, then over")
        // A float feedback duration never freezes (OpenMATB's isinstance(int) test).
        var floatParameters = Self.defaults
        floatParameters.feedbackDuration = .float(1500.5)
        var other = SysmonState()
        floatParameters.scales[0].failure = true
        _ = SysmonDynamics.update(&other, &floatParameters, draw: Self.firstItem)
        _ = SysmonDynamics.respond(toKey: "F1", &other, &floatParameters)
        _ = SysmonDynamics.update(&other, &floatParameters, draw: Self.firstItem)
        #expect(other.scales[0].position != 5 || other.scales[0].gauge.freezeTimer == .float(1500.5))
        #expect(other.scales[0].gauge.freezeTimer == .float(1500.5), "the timer never counts down")
    }

    @Test func automaticSolverHitsAfterItsDelayWithoutFreeze() {
        var state = SysmonState()
        var parameters = Self.defaults
        parameters.automaticSolver = true
        parameters.scales[3].failure = true
        _ = SysmonDynamics.update(&state, &parameters, draw: Self.firstItem)
        #expect(state.scales[3].gauge.failureTimer == .int(1000))
        var response: SysmonResponse?
        for _ in 0..<5 {
            for case .response(let r) in SysmonDynamics.update(&state, &parameters, draw: Self.firstItem) { response = r }
        }
        #expect(response == SysmonResponse(gauge: .scale(3), name: "F4", detection: .hit, responseTime: .int(1000)))
        #expect(state.scales[3].gauge.freezeTimer == nil && state.scales[3].feedbackType == .positive)
    }

    @Test func sharedKeyActsOnTheFirstGaugeWithIt() {
        var state = SysmonState()
        var parameters = Self.defaults
        parameters.scales[1].key = "F1"
        parameters.scales[1].failure = true
        _ = SysmonDynamics.update(&state, &parameters, draw: Self.firstItem)
        // Scale 2 fails but scale 1 (first with F1) is the one stopped and scored.
        let outcomes = SysmonDynamics.respond(toKey: "F1", &state, &parameters)
        #expect(outcomes == [.response(SysmonResponse(gauge: .scale(0), name: "F1", detection: .hit, responseTime: .int(0)))])
        #expect(state.scales[1].gauge.isFailing)
    }
}
