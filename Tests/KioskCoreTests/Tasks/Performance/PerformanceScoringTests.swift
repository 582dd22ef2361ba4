import Testing
@testable import KioskCore

/// The cases of OpenMATB's tests/test_performance_logic.py and tests/test_performancescale.py.
@Suite struct PerformanceScoringTests {
    private func history(_ fill: (inout PerformanceHistory) -> Void) -> PerformanceHistory {
        var history = PerformanceHistory()
        history.updatePeriodMilliseconds = ["track": 50, "resman": 2000]
        fill(&history)
        return history
    }

    private func sysmon(_ detections: [String]) -> Double? {
        PerformanceScoring.sysmon(history { h in detections.forEach { h.record("sysmon", "signal_detection", .string($0)) } })
    }

    @Test func sysmonCountsHitsOverTheWholeHistoryDividedByFour() {
        #expect(sysmon(["HIT", "HIT", "HIT", "HIT"]) == 1.0)
        #expect(sysmon(["HIT", "HIT", "MISS", "MISS"]) == 0.5)
        #expect(sysmon(["HIT", "FA", "MISS", "MISS"]) == 0.25, "FA counts as non-hit")
        #expect(sysmon(["HIT", "HIT", "HIT"]) == nil, "fewer than four are ignored")
        #expect(sysmon(["HIT", "HIT", "HIT", "MISS", "nan", "BAD"]) == 0.75, "non-SDT values are filtered")
        #expect(sysmon(["HIT", "HIT", "HIT", "HIT", "HIT", "HIT"]) == 1.5, "quirk: may exceed 1")
    }

    @Test func trackAveragesTheLastFiveSecondsOfUpdates() {
        let allIn = history { h in (0..<100).forEach { _ in h.record("track", "cursor_in_target", .int(1)) } }
        #expect(PerformanceScoring.track(allIn) == 1.0)
        let half = history { h in (0..<100).forEach { h.record("track", "cursor_in_target", .int($0 % 2)) } }
        #expect(PerformanceScoring.track(half) == 0.5)
        let short = history { h in (0..<99).forEach { _ in h.record("track", "cursor_in_target", .int(1)) } }
        #expect(PerformanceScoring.track(short) == nil, "99 frames at 50 ms are not five seconds")
        let window = history { h in
            (0..<50).forEach { _ in h.record("track", "cursor_in_target", .int(0)) }
            (0..<100).forEach { _ in h.record("track", "cursor_in_target", .bool(true)) }
        }
        #expect(PerformanceScoring.track(window) == 1.0, "only the last n count")
    }

    @Test func resmanAveragesBothTanks() {
        let both = history { h in
            h.record("resman", "a_in_tolerance", .int(1)); h.record("resman", "a_in_tolerance", .int(1))
            h.record("resman", "b_in_tolerance", .int(0)); h.record("resman", "b_in_tolerance", .int(1))
        }
        #expect(PerformanceScoring.resman(both) == 0.75)
        let oneTank = history { h in
            h.record("resman", "a_in_tolerance", .int(1)); h.record("resman", "a_in_tolerance", .int(1))
            h.record("resman", "b_in_tolerance", .int(1))
        }
        #expect(PerformanceScoring.resman(oneTank) == nil)
    }

    @Test func communicationsScoresTheLastFourResponses() {
        let h = history { h in
            for (correct, deviation) in [(true, 0.0), (true, 0.0), (true, 0.5), (true, 0.04)] {
                h.record("communications", "correct_radio", .bool(correct))
                h.record("communications", "response_deviation", .float(deviation))
            }
        }
        #expect(PerformanceScoring.communications(h) == 0.75)
        let nans = history { h in
            for (correct, deviation) in [(PyValue.float(.nan), PyValue.float(0)), (.bool(false), .float(0)), (.bool(true), .float(.nan)), (.bool(true), .float(0))] {
                h.record("communications", "correct_radio", correct)
                h.record("communications", "response_deviation", deviation)
            }
        }
        #expect(PerformanceScoring.communications(nans) == 0.5, "NaN correct is truthy, NaN deviation fails")
    }

    private func outcome(_ levels: [String: Double], _ set: [String: PyValue] = [:]) -> PerformanceScoring.Outcome {
        var parameters = ParameterValues(.performance)
        for (path, value) in set { parameters[path] = value }
        return PerformanceScoring.outcome(taskLevels: levels, parameters: parameters)
    }

    /// A long session keeps only the values the bar can read, and scores as if it kept them all.
    @Test func aLongSessionScoresTheSameWithBoundedStorage() {
        let retained = PerformanceHistory.retainedValueCount
        var history = PerformanceHistory()
        for index in 0..<(4 * retained) {
            history.record("track", "cursor_in_target", .int(index < 3 * retained ? 0 : 1))
            history.record("sysmon", "signal_detection", .string(index % 2 == 0 ? "HIT" : "MISS"))
        }
        #expect(history.values("track", "cursor_in_target").count == retained)
        history.updatePeriodMilliseconds["track"] = 1
        #expect(PerformanceScoring.track(history) == 1.0, "int(5000 / 1): the last 5000, all in target")
        history.updatePeriodMilliseconds["track"] = 6000
        #expect(PerformanceScoring.track(history) == 0.25, "int(5000 / 6000) = 0: Python's [-0:] is the whole list")
        #expect(PerformanceScoring.sysmon(history) == Double(2 * retained) / 4, "every HIT counts, however old")
    }

    @Test func theGlobalLevelIsTheWorstTaskTimesOneHundred() {
        #expect(outcome(["sysmon": 0.5, "track": 1.0]).level == .float(50.0))
        #expect(outcome([:]).level == .int(100), "no data: levelmax")
        let failing = outcome(["track": 0])
        #expect(failing.isUnderCritical)
        #expect(failing.color == .color(.red))
        #expect(failing.displayedLevel == .int(20), "shadowed at the critical level")
        #expect(outcome(["track": 0], ["shadowundercritical": .bool(false)]).displayedLevel == .float(0.0))
        #expect(outcome(["track": 0.5]).color == .color(.green))
    }

    @Test func tickLabelsRunDownFromLevelmax() {
        #expect(PerformanceScoring.tickLabels(minimum: 0, maximum: 100, count: 5) == [100, 75, 50, 25, 0])
        #expect(PerformanceScoring.tickLabels(minimum: 0, maximum: 10, count: 3) == [10, 5, 0])
        #expect(PerformanceScoring.tickLabels(minimum: 20, maximum: 100, count: 5) == [100, 80, 60, 40, 20])
        #expect(PerformanceScoring.tickLabels(minimum: 0, maximum: 200, count: 5) == [200, 150, 100, 50, 0])
        #expect(PerformanceScoring.tickLabels(minimum: 0, maximum: 100, count: 11).count == 11)
        #expect(PerformanceScoring.tickLabels(minimum: 0, maximum: 100, count: 1) == [100], "OpenMATB divides by zero here")
    }
}
