import Testing
import TestSupport
@testable import KioskCore

/// The three tasks of issue 3 write the same log whatever the frame steps (style rule 3).
@Suite struct TaskFrameIndependenceTests {
    static let scenario = """
        0:00:00;sysmon;taskfeedback-overdue-active;True
        0:00:00;sysmon;start
        0:00:00;track;start
        0:00:00;scheduling;start
        0:00:01;sysmon;scales-2-failure;True
        0:00:01;sysmon;lights-1-failure;True
        0:00:02;track;automaticsolver;True
        0:00:03;track;targetproportion;0.1
        0:00:04;scheduling;reversechronometer;True
        0:00:05;track;hide
        0:00:06;track;show
        0:00:07;sysmon;stop
        0:00:07;track;stop
        0:00:08;scheduling;stop
        """

    @Test func sameLogForEveryFrameStep() throws {
        var reference = try SessionHarness(Self.scenario)
        reference.run(until: 9, step: 1.0 / 60)
        #expect(reference.session.isFinished)
        for step in [1.0 / 7, 0.5, 9.0] {
            var other = try SessionHarness(Self.scenario)
            other.run(until: 9, step: step)
            let difference = other.linesWithoutLogtime.difference(from: reference.linesWithoutLogtime)
            #expect(difference.isEmpty, "step \(step): \(Array(difference).prefix(4))")
        }
        let lines = reference.linesWithoutLogtime
        let alarmShown = lines.contains("3.2,state,sysmon,\"overdue, visibility\",1")
        let trackHidden = lines.contains("5.0,state,track,\"foreground, visibility\",1")
        #expect(alarmShown && trackHidden)
    }

    @Test func openMATBCadenceRunsTheTasksInOpenMATBsLoopPasses() throws {
        var harness = try SessionHarness(Self.scenario, cadence: .openmatb)
        harness.run(until: 9, step: 1.0 / 60)
        let lines = harness.linesWithoutLogtime
        #expect(harness.session.isFinished)
        // A 20 ms task steps at the first pass after each deadline: about 37 steps a second.
        let trackSteps = lines.filter { $0.contains("performance,track,cursor_in_target") && $0.hasPrefix("1.") }.count
        #expect((35...40).contains(trackSteps))
        #expect(lines.contains { $0.contains("state,sysmon,\"light1, background\",\"(240, 240, 240, 255)\"") })
        #expect(lines.contains { $0.contains("\"elapsed_time, text\",Remaining time \t 00:00:03") })
    }
}
