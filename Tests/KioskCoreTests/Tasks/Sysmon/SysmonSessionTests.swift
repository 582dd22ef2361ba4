import Testing
import TestSupport
@testable import KioskCore

/// Sysmon in a session: the rows it logs for failures, keys, taps, feedback and the overdue
/// alarm. Draws return the first item here; the CPython-exact sequences are in
/// `SysmonRandomTests`.
@Suite struct SysmonSessionTests {
    static func firstItem(_ items: [Int], _ seed: Int) -> Int { items[0] }

    static func harness(_ scenario: String) throws -> SessionHarness {
        try SessionHarness(scenario, makePlugin: { descriptor, includes in
            descriptor.alias == "sysmon" ? SysmonTask(sample: Self.firstItem) : TaskTypes.make(descriptor, includes: includes)
        })
    }

    static let failures = """
        0:00:00;sysmon;start
        0:00:01;sysmon;scales-1-failure;True
        0:00:01;sysmon;lights-1-failure;True
        0:00:20;sysmon;stop
        """

    @Test func startLogsAreasParametersAndTheFirstRefresh() throws {
        var harness = try Self.harness(Self.failures)
        harness.run(until: 0.1, step: 0.05)
        let lines = harness.linesWithoutLogtime
        let aois = lines.filter { $0.contains(",aoi,sysmon,") }
        #expect(aois == [
            "0.0,aoi,sysmon,foreground,\"(0, 1026.0, 672, 540.0)\"",
            "0.0,aoi,sysmon,overdue,\"(0, 1026.0, 672, 540.0)\"",
            "0.0,aoi,sysmon,task_title,\"(0, 1080.0, 672, 1026.0)\"",
            "0.0,aoi,sysmon,automode,\"(285.6, 592.65, 386.40000000000003, 565.65)\"",
            "0.0,aoi,sysmon,scale1,\"(50.4, 855.9, 117.6, 612.9)\"",
            "0.0,aoi,sysmon,scale2,\"(218.4, 855.9, 285.6, 612.9)\"",
            "0.0,aoi,sysmon,scale3,\"(386.4, 855.9, 453.59999999999997, 612.9)\"",
            "0.0,aoi,sysmon,scale4,\"(554.4, 855.9, 621.6, 612.9)\"",
            "0.0,aoi,sysmon,light1,\"(33.599999999999994, 977.4, 302.4, 904.5)\"",
            "0.0,aoi,sysmon,light2,\"(369.6, 977.4, 638.4000000000001, 904.5)\"",
        ])
        #expect(lines.contains("0.0,parameter,sysmon,lights-1-_failuretimer,"))
        #expect(lines.contains("0.0,parameter,sysmon,scales-4-_pos,5"))
        #expect(lines.contains("0.0,parameter,sysmon,scales-4-widget,<core.widgets.scale.Scale object>"))
        let start = try #require(lines.firstIndex(of: "0.0,event,sysmon,self,start"))
        // The first update: four seeded draws, then the refresh's automation label and arrows.
        let after = Array(lines[(start + 1)...])
        #expect(after.prefix(9) == [
            "0.0,seed_value,sysmon,,4", "0.0,seed_output,sysmon,,-1",
            "0.0,seed_value,sysmon,,5", "0.0,seed_output,sysmon,,-1",
            "0.0,seed_value,sysmon,,6", "0.0,seed_output,sysmon,,-1",
            "0.0,seed_value,sysmon,,7", "0.0,seed_output,sysmon,,-1",
            "0.0,state,sysmon,\"automode, text\",MANUAL",
        ])
        #expect(after[9] == "0.0,state,sysmon,\"scale1, arrow\",4")
    }

    @Test func keyHitTapHitAndFalseAlarm() throws {
        var harness = try Self.harness(Self.failures)
        harness.run(until: 1.5, step: 1.0 / 60)
        harness.send(.keyPress("F1"), at: 1.5)
        // Light 1's centre: a tap there answers its failure.
        harness.send(.pointerDown(Point(168, 940.95), .finger(3)), at: 2.05)
        harness.send(.pointerUp(Point(168, 940.95), .finger(3)), at: 2.1)
        harness.send(.keyPress("F2"), at: 2.3)
        harness.run(until: 4, step: 1.0 / 60)
        let lines = harness.linesWithoutLogtime
        let failureStart = try #require(lines.firstIndex(of: "1.0,state,sysmon,\"light1, background\",\"(240, 240, 240, 255)\""))
        #expect(lines[failureStart + 1] == "1.0,state,sysmon,\"light1, border\",\"(50, 50, 50, 255)\"")
        let hit = try #require(lines.firstIndex(of: "1.5,performance,sysmon,name,F1"))
        #expect(Array(lines[hit..<(hit + 5)]) == [
            "1.5,performance,sysmon,name,F1",
            "1.5,performance,sysmon,signal_detection,HIT",
            "1.5,performance,sysmon,response_time,400",
            "1.5,input,keyboard,F1,press",
            "1.5,state,sysmon,\"scale1, feedback_visible\",1",
        ])
        let tap = try #require(lines.firstIndex(of: "2.05,input,mouse_key,F5,press"))
        // The scoring rows, the touch's own input row, then the light's refresh.
        #expect(Array(lines[(tap + 1)...(tap + 6)]) == [
            "2.05,performance,sysmon,name,F5",
            "2.05,performance,sysmon,signal_detection,HIT",
            "2.05,performance,sysmon,response_time,1000",
            "2.05,input,touch,\"finger_3, press\",\"(168.0, 940.95)\"",
            "2.05,state,sysmon,\"light1, background\",\"(142, 219, 176, 255)\"",
            "2.05,state,sysmon,\"light1, border\",\"(50, 50, 50, 255)\"",
        ])
        let falseAlarm = try #require(lines.firstIndex(of: "2.3,performance,sysmon,name,F2"))
        #expect(Array(lines[falseAlarm..<(falseAlarm + 6)]) == [
            "2.3,performance,sysmon,name,F2",
            "2.3,performance,sysmon,signal_detection,FA",
            "2.3,performance,sysmon,response_time,nan",
            "2.3,input,keyboard,F2,press",
            "2.3,state,sysmon,\"scale2, feedback_color\",\"(241, 100, 100, 255)\"",
            "2.3,state,sysmon,\"scale2, feedback_visible\",1",
        ])
        // The positive feedback of scale 1 lasts 1500 ms of updates: shown at 1.5, gone at 3.0.
        #expect(lines.contains("3.0,state,sysmon,\"scale1, feedback_visible\",0"))
        #expect(!lines.contains { $0.contains("scale1, feedback_visible\",0") && !$0.hasPrefix("3.0,") })
        // Frozen at the middle for the same time after the hit.
        let arrows = lines.filter { $0.contains("\"scale1, arrow\"") }
        #expect(arrows.contains("1.6,state,sysmon,\"scale1, arrow\",5"))
        #expect(!arrows.contains { row in ["1.8,", "2.0,", "2.2,", "2.4,", "2.6,", "2.8,"].contains { row.hasPrefix($0) } })
    }

    @Test func timeoutIsAMissAndTapsAreIgnoredUnderAutomation() throws {
        var harness = try Self.harness("""
            0:00:00;sysmon;alerttimeout;1000
            0:00:00;sysmon;start
            0:00:01;sysmon;lights-2-failure;True
            0:00:03;sysmon;automaticsolver;True
            0:00:03;sysmon;scales-3-failure;True
            0:00:06;sysmon;stop
            """)
        harness.run(until: 3.5, step: 0.1)
        harness.send(.pointerDown(Point(420, 700), .mouse), at: 3.5)
        harness.run(until: 6, step: 0.1)
        let lines = harness.linesWithoutLogtime
        #expect(Array(lines.drop { $0 != "2.0,performance,sysmon,name,F6" }.prefix(3)) == [
            "2.0,performance,sysmon,name,F6", "2.0,performance,sysmon,signal_detection,MISS", "2.0,performance,sysmon,response_time,nan",
        ])
        #expect(!lines.contains { $0.contains("mouse_key") }, "the automation owns the task")
        #expect(lines.contains("3.0,state,sysmon,\"automode, text\",AUTO"))
        #expect(Array(lines.drop { $0 != "4.0,performance,sysmon,name,F3" }.prefix(3)) == [
            "4.0,performance,sysmon,name,F3", "4.0,performance,sysmon,signal_detection,HIT", "4.0,performance,sysmon,response_time,1000",
        ])
    }

    @Test func reboundKeysFollowTheScenario() throws {
        var harness = try Self.harness("""
            0:00:00;sysmon;start
            0:00:01;sysmon;scales-1-key;A
            0:00:01;sysmon;lights-2-key;JOY_BTN_1
            0:00:05;sysmon;stop
            """)
        harness.run(until: 1.5, step: 0.1)
        harness.send(.keyPress("F1"), at: 1.5)
        harness.send(.keyPress("A"), at: 1.6)
        harness.send(.joystickButton("JOY_BTN_1", pressed: true), at: 1.7)
        harness.send(.keyPress("F6"), at: 1.8)
        let lines = harness.linesWithoutLogtime
        #expect(!lines.contains("1.5,performance,sysmon,name,F1"), "F1 left the key set")
        #expect(lines.contains("1.6,performance,sysmon,name,F1"), "A answers for scale 1")
        #expect(lines.contains("1.7,performance,sysmon,name,F6"))
        #expect(!lines.contains("1.8,performance,sysmon,name,F6"))
    }

    @Test func overdueAlarmBlinksWhileAResponseIsLate() throws {
        var harness = try Self.harness("""
            0:00:00;sysmon;taskfeedback-overdue-active;True
            0:00:00;sysmon;start
            0:00:01;sysmon;lights-2-failure;True
            0:00:09;sysmon;stop
            """)
        harness.run(until: 5.5, step: 1.0 / 60)
        harness.send(.keyPress("F6"), at: 5.5)
        harness.run(until: 7, step: 1.0 / 60)
        let overdue = harness.linesWithoutLogtime.filter { $0.contains("\"overdue, visibility\"") && !$0.hasPrefix("0.0,") }
        // The response time passes 2000 ms at the update of 3.2; the frame toggles every
        // second until the response.
        #expect(overdue == [
            "3.2,state,sysmon,\"overdue, visibility\",1",
            "4.2,state,sysmon,\"overdue, visibility\",0",
            "5.2,state,sysmon,\"overdue, visibility\",1",
            "5.5,state,sysmon,\"overdue, visibility\",0",
        ])
    }
}
