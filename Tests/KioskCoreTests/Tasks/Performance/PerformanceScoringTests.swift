import Testing
@testable import KioskCore

/// The cases of OpenMATB's test_performance_logic and test_performancescale (spec §13).
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

/// A task that logs scripted performance rows, standing in for the tasks of issues 3 and 4.
final class ScriptedPerformancePlugin: TaskPlugin {
    var script: [(metric: String, value: PyValue)]
    init(_ script: [(String, PyValue)]) { self.script = script.map { (metric: $0.0, value: $0.1) } }
    func start(_ context: inout TaskContext) {}
    func update(_ context: inout TaskContext) {
        guard !script.isEmpty else { return }
        let next = script.removeFirst()
        context.log(.performance, next.metric, next.value)
    }
    func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList) {}
}

@Suite struct PerformanceTaskTests {
    @Test func theBarFollowsTheRowsOtherTasksLog() throws {
        let sysmon = ScriptedPerformancePlugin(
            [("signal_detection", .string("HIT")), ("response_time", .int(1800)), ("signal_detection", .string("MISS")),
             ("signal_detection", .string("MISS")), ("signal_detection", .string("MISS")), ("signal_detection", .string("MISS")),
             ("signal_detection", .string("HIT")), ("signal_detection", .string("HIT"))])
        var harness = try SessionHarness("""
            0:00:00;sysmon;start
            0:00:00;performance;taskplacement;bottomright
            0:00:00;performance;start
            0:00:03;sysmon;stop
            0:00:03;performance;stop
            """, makePlugin: { descriptor, includes in descriptor.alias == "sysmon" ? sysmon : TaskFactory.make(descriptor, includes: includes) })
        harness.run(until: 3.5, step: 1.0 / 60)
        let bar = harness.linesWithoutLogtime.filter { $0.contains("state,performance,\"bar") }
        // Four detections (1 HIT) at 0.8 s: 25 %; the sixth (HIT) at 1.2 s: 2/4 = 50 %;
        // then 3/4 = 75 % at 1.4 s.
        #expect(bar == [
            "0.8,state,performance,\"bar, level\",25.0",
            "1.2,state,performance,\"bar, level\",50.0",
            "1.4,state,performance,\"bar, level\",75.0",
        ])
        // The bar: the task area (1632, 0, 288, 486) reduced to 35 % × 80 %, centred.
        #expect(harness.linesWithoutLogtime.contains("0.0,aoi,performance,bar,\"(1725.6, 437.4, 1826.3999999999999, 48.599999999999994)\""))
    }

    @Test func underTheCriticalLevelTheBarTurnsRedAndShadows() throws {
        let track = ScriptedPerformancePlugin(Array(repeating: ("cursor_in_target", .int(0)), count: 300))
        var harness = try SessionHarness("""
            0:00:00;track;start
            0:00:00;performance;start
            0:00:10;track;stop
            0:00:10;performance;stop
            """, makePlugin: { descriptor, includes in descriptor.alias == "track" ? track : TaskFactory.make(descriptor, includes: includes) })
        harness.run(until: 6, step: 1.0 / 60)
        let bar = harness.linesWithoutLogtime.filter { $0.contains("state,performance,\"bar") }
        // The 250th value (five seconds of 20 ms updates) is logged at 4.98; the bar's next update is at 5.0.
        #expect(bar == [
            "5.0,state,performance,\"bar, level\",20",
            "5.0,state,performance,\"bar, color\",\"(241, 100, 100, 255)\"",
        ])
    }
}
