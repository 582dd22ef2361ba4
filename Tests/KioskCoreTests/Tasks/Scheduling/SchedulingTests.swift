import Testing
import TestSupport
@testable import KioskCore

/// Scheduling: chronometer strings (OpenMATB tests/test_scheduling_logic.py), planning segments,
/// relative segments and the rows a session logs.
@Suite struct SchedulingTests {
    static func events(_ text: String) throws -> [ScenarioEvent] {
        try ScenarioValidator(context: .noFiles).validate(Array(text.utf8), path: "t").get().events
    }

    @Test func chronometerStrings() {
        func text(_ seconds: Int, reverse: Bool = false, display: Bool = true, _ language: Language = .en) -> String {
            SchedulingDynamics.chronometerText(elapsedSeconds: seconds, display: display, reverse: reverse, referenceSeconds: 480,
                                               language: language)
        }
        #expect(text(Int(ScenarioTime.milliseconds(65_700).wholeSeconds)) == "Elapsed time \t 00:01:05")
        #expect(text(Int(ScenarioTime.milliseconds(3_723_900).wholeSeconds)) == "Elapsed time \t 01:02:03")
        #expect(text(0, reverse: true) == "Remaining time \t 00:08:00")
        #expect(text(240, reverse: true) == "Remaining time \t 00:04:00")
        #expect(text(481, reverse: true) == "Remaining time \t 23:59:59", "wraps like strftime of a negative gmtime")
        #expect(text(86_401) == "Elapsed time \t 00:00:01")
        #expect(text(12, display: false) == "")
        #expect(text(1, .fr) == "Temps passé \t 00:00:01")
        #expect(text(1, reverse: true, .fr) == "Temps restant \t 00:07:59")
    }

    @Test func planningFromTheWholeScenario() throws {
        let planning = SchedulingPlanning(events: try Self.events("""
            0:00:00;sysmon;start
            0:00:10;sysmon;pause
            0:00:20;sysmon;resume
            0:01:00;sysmon;stop
            0:00:00;track;start
            0:00:05;track;automaticsolver;False
            0:00:30;track;automaticsolver;True
            0:00:45;track;automaticsolver;False
            0:02:00;track;stop
            0:00:05;resman;start
            0:00:10;resman;automaticsolver;True
            0:01:30;resman;stop
            0:00:00;communications;start
            0:01:40;communications;stop
            0:01:50;system;pause
            """))
        #expect(planning.timelines[0] == .init(running: [0...10, 20...60], manual: [0...10, 20...60]))
        // Leading "False" dropped; manual from the start to the first switch, then alternating.
        #expect(planning.timelines[1] == .init(running: [0...120], manual: [0...30, 45...120]))
        #expect(planning.timelines[2] == .init(running: [0...100], manual: [0...100]))
        // An odd count of points takes the first stop.
        #expect(planning.timelines[3] == .init(running: [5...90], manual: [5...10]))
        #expect(planning.referenceSeconds == 110, "the last event in file order")
    }

    /// The automation of OpenMATB's own basic scenario (tracking automatic from 20 to 40 s,
    /// communications from 40 s, resman from its start to 25 s), and switches that are all to
    /// manual, for which OpenMATB shows no manual period at all.
    @Test func manualPeriodsAsOpenMATBPlansThem() throws {
        let planning = SchedulingPlanning(events: try Self.events("""
            0:00:00;track;start
            0:00:00;communications;start
            0:00:00;resman;start
            0:00:00;resman;automaticsolver;True
            0:00:20;track;automaticsolver;True
            0:00:25;resman;automaticsolver;False
            0:00:40;track;automaticsolver;False
            0:00:40;communications;automaticsolver;True
            0:01:00;resman;stop
            0:01:00;track;stop
            0:01:00;communications;stop
            """))
        #expect(planning.timelines[1].manual == [0...20, 40...60])
        #expect(planning.timelines[2].manual == [0...40])
        #expect(planning.timelines[3].manual == [0...0, 25...60])
        let allManual = SchedulingPlanning(events: try Self.events(
            "0:00:00;track;start\n0:00:10;track;automaticsolver;False\n0:01:00;track;stop\n"))
        #expect(allManual.timelines[1] == .init(running: [0...60], manual: []))
    }

    @Test func oddLifecycleCountDropsTheLastAndSegmentsShift() throws {
        let planning = SchedulingPlanning(events: try Self.events("0:00:00;track;start\n0:00:30;track;pause\n0:00:40;track;resume\n0:09:00;track;stop\n0:10:00;track;start\n"))
        #expect(planning.timelines[1].running == [0...30, 40...540])
        let shifted = SchedulingDynamics.visibleSegments(planning.timelines[1].running, elapsedSeconds: 35, spanSeconds: 480)
        #expect(shifted.map(\.begin) == [5] && shifted.map(\.end) == [480], "the first segment is over; the second clamped")
        #expect(SchedulingDynamics.visibleSegments([0...30], elapsedSeconds: 20, spanSeconds: 480).map(\.begin) == [0])
    }

    @Test func parametersAcceptScalarsAsOpenMATBStoresThem() {
        var values = ParameterValues(.scheduling)
        values["displayedplugins"] = .string("track")
        values["labels"] = .string("x")
        let parameters = SchedulingParameters(values)
        #expect(SchedulingPlanning.columns.map(parameters.displays) == [false, true, false, false])
        #expect((0..<4).map(parameters.letter(column:)) == ["X", "T", "C", "R"])
        values["minduration"] = .float(1.5)
        #expect(SchedulingParameters(values).wholeMinutes == 1 && SchedulingParameters(values).spanSeconds == 90)
    }

    @Test func sessionRows() throws {
        var harness = try SessionHarness("""
            0:00:00;scheduling;start
            0:00:00;track;start
            0:00:02;track;automaticsolver;True
            0:00:03;scheduling;minduration;4
            0:00:04;track;automaticsolver;False
            0:00:04;scheduling;taskupdatetime;5000
            0:00:06;track;stop
            0:00:08;scheduling;stop
            """)
        harness.run(until: 8, step: 1.0 / 60)
        let rows = harness.linesWithoutLogtime.filter { $0.contains(",scheduling,") && ($0.contains(",state,") || $0.contains(",aoi,")) }
        #expect(rows == [
            "0.0,aoi,scheduling,foreground,\"(1632, 1026.0, 1920, 540.0)\"",
            "0.0,aoi,scheduling,overdue,\"(1632, 1026.0, 1920, 540.0)\"",
            "0.0,aoi,scheduling,task_title,\"(1632, 1080.0, 1920, 1026.0)\"",
            "0.0,aoi,scheduling,timeline,\"(1660.8, 977.4000000000001, 1709.76, 637.2)\"",
            "0.0,aoi,scheduling,elapsed_time,\"(1632, 1026.0, 1920, 540.0)\"",
            "0.0,aoi,scheduling,sysmon,\"(1718.4, 977.4000000000001, 1767.3600000000001, 637.2)\"",
            "0.0,aoi,scheduling,track,\"(1761.6, 977.4000000000001, 1810.56, 637.2)\"",
            "0.0,aoi,scheduling,communications,\"(1804.8, 977.4000000000001, 1853.76, 637.2)\"",
            "0.0,aoi,scheduling,resman,\"(1848.0, 977.4000000000001, 1896.96, 637.2)\"",
            "0.0,state,scheduling,\"foreground, visibility\",1",
            "0.0,state,scheduling,\"overdue, visibility\",1",
            "0.0,state,scheduling,\"foreground, visibility\",0",
            "0.0,state,scheduling,\"overdue, visibility\",0",
            "0.0,state,scheduling,\"track, top_bound_color\",\"(142, 219, 176, 255)\"",
            "1.0,state,scheduling,\"elapsed_time, text\",Elapsed time \t 00:00:01",
            "2.0,state,scheduling,\"elapsed_time, text\",Elapsed time \t 00:00:02",
            "3.0,state,scheduling,\"timeline, max_time_minute\",4",
            "3.0,state,scheduling,\"elapsed_time, text\",Elapsed time \t 00:00:03",
            "4.0,state,scheduling,\"elapsed_time, text\",Elapsed time \t 00:00:04",
            // Every whole second, whatever taskupdatetime.
            "5.0,state,scheduling,\"elapsed_time, text\",Elapsed time \t 00:00:05",
            "6.0,state,scheduling,\"elapsed_time, text\",Elapsed time \t 00:00:06",
            "7.0,state,scheduling,\"elapsed_time, text\",Elapsed time \t 00:00:07",
            "8.0,state,scheduling,\"foreground, visibility\",1",
        ])
    }
}
