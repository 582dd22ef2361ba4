import Testing
import TestSupport
@testable import KioskCore

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
            """, makePlugin: { descriptor, includes in descriptor.alias == "sysmon" ? sysmon : TaskTypes.make(descriptor, includes: includes) })
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
            """, makePlugin: { descriptor, includes in descriptor.alias == "track" ? track : TaskTypes.make(descriptor, includes: includes) })
        harness.run(until: 6, step: 1.0 / 60)
        let bar = harness.linesWithoutLogtime.filter { $0.contains("state,performance,\"bar") }
        // The 250th value (five seconds of 20 ms updates) is logged at 4.98; the bar's next update is at 5.0.
        #expect(bar == [
            "5.0,state,performance,\"bar, level\",20",
            "5.0,state,performance,\"bar, color\",\"(241, 100, 100, 255)\"",
        ])
    }
}
