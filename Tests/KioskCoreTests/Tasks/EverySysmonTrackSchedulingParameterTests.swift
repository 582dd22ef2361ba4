import Foundation
import Testing
import TestSupport
@testable import KioskCore

/// A headless session of `Tests/Fixtures/scenarios/every-sysmon-track-scheduling-parameter.txt`,
/// which sets every sysmon, track and scheduling parameter, driven by keys, taps and a
/// joystick; its log is checked row by row against
/// `Tests/Fixtures/golden/every-sysmon-track-scheduling-parameter-driven.log` (logtime column
/// left out), and its key moments against hand-worked values.
///
/// To regenerate the golden log after a deliberate change, run the test with
/// `LABKIOSK_WRITE_GOLDEN=1` and review the diff.
@Suite struct EverySysmonTrackSchedulingParameterTests {

    static func run() throws -> [String] {
        let text = try Fixtures.text("scenarios/every-sysmon-track-scheduling-parameter.txt")
        var harness = try SessionHarness(text)
        let inputs: [(Double, InputEvent.Payload)] = [
            (1.5, .joystickAxes(x: 0.5, y: -0.25)),
            (1.6, .keyPress("F1")),
            (1.7, .pointerDown(Point(168, 940.95), .mouse)),
            (1.75, .pointerUp(Point(168, 940.95), .mouse)),
            (2.2, .keyPress("F2")),
            (2.4, .keyPress("F3")),
            (2.6, .keyPress("A")),
            (3.5, .keyPress("F6")),
            (3.6, .keyPress("F7")),
            (3.7, .joystickAxes(x: 0, y: 0)),
            (4.2, .pointerDown(Point(84, 700), .finger(1))),
            (5.2, .keyPress("F1")),
            (5.5, .joystickAxes(x: -0.5, y: 0.25)),
            (6.5, .joystickAxes(x: 0, y: 0)),
            (7.5, .keyPress("F4")),
        ]
        harness.play(inputs, until: 10)
        #expect(harness.session.isFinished)
        return harness.linesWithoutLogtime
    }

    @Test func logMatchesTheGoldenFileRowByRow() throws {
        try GoldenLog("every-sysmon-track-scheduling-parameter-driven.log").check(try Self.run())
    }

    @Test func keyMomentsMatchHandWorkedValues() throws {
        let lines = try Self.run()
        func rows(at time: String, _ fragment: String = ",") -> [String] {
            lines.filter { $0.hasPrefix(time + ",") && $0.contains(fragment) }
        }
        // Parameters set before start are in the dump; the title shows upper-cased.
        #expect(lines.contains("0.0,parameter,sysmon,title,Monitoring"))
        #expect(lines.contains("0.0,parameter,sysmon,taskfeedback-overdue-color,\"(255, 128, 0, 255)\""))
        #expect(lines.contains("0.0,parameter,scheduling,displayedplugins,\"['sysmon', 'track']\""))
        // 250 ms updates: F1 at 1.6 answers the failure of 1.0 after two updates.
        #expect(rows(at: "1.6", "performance,sysmon") == [
            "1.6,performance,sysmon,name,F1", "1.6,performance,sysmon,signal_detection,HIT", "1.6,performance,sysmon,response_time,500"])
        // The positive feedback is BLUE, so its colour is logged before its visibility.
        #expect(rows(at: "1.6", "scale1, feedback") == [
            "1.6,state,sysmon,\"scale1, feedback_color\",\"(153, 204, 255, 255)\"", "1.6,state,sysmon,\"scale1, feedback_visible\",1"])
        // The tap on light 1 (named Alpha) answers its failure.
        #expect(rows(at: "1.7").prefix(4) == [
            "1.7,input,mouse_key,F5,press", "1.7,performance,sysmon,name,Alpha", "1.7,performance,sysmon,signal_detection,HIT",
            "1.7,performance,sysmon,response_time,500"])
        // Scale 3 answers to A, not F3; light 2 to F7, not F6.
        #expect(rows(at: "2.4", "performance,sysmon").isEmpty && rows(at: "3.5", "performance,sysmon").isEmpty)
        #expect(rows(at: "2.6", "performance,sysmon,name") == ["2.6,performance,sysmon,name,F3"])
        #expect(rows(at: "3.6", "performance,sysmon,name") == ["3.6,performance,sysmon,name,F6"])
        // Under automation the tap and the key are not delivered; the solver answers scale 1
        // 600 ms after the failure, on the update of 4.75.
        #expect(rows(at: "4.2", "mouse_key").isEmpty && rows(at: "5.2", "performance,sysmon").isEmpty)
        #expect(rows(at: "4.75", "performance,sysmon") == [
            "4.75,performance,sysmon,name,F1", "4.75,performance,sysmon,signal_detection,HIT", "4.75,performance,sysmon,response_time,750"])
        // Scheduling: reversed chronometer down to the last event (9 s), hidden from 2 s to 4 s.
        #expect(lines.contains("1.0,state,scheduling,\"elapsed_time, text\",Remaining time \t 00:00:08"))
        #expect(lines.contains("2.0,state,scheduling,\"elapsed_time, text\","))
        #expect(lines.contains("4.0,state,scheduling,\"elapsed_time, text\",Remaining time \t 00:00:05"))
        #expect(lines.contains("5.0,state,scheduling,\"timeline, max_time_minute\",3"))
        #expect(lines.contains("5.0,state,scheduling,\"task_title, text\",PLAN"))
        // Track: the stick (inverted since 1 s) is in the log; the automation label empties when
        // displayautomationstate turns off with the solver on.
        #expect(lines.contains("1.5,input,joystick,x,0.5") && lines.contains("1.5,input,joystick,y,-0.25"))
        #expect(rows(at: "3.0", "automode, text") == ["3.0,state,track,\"automode, text\","])
        // Paused from 6 to 7 s: no track rows, though the stick moved meanwhile.
        #expect(rows(at: "6.5", "input,joystick") == ["6.5,input,joystick,x,0.0", "6.5,input,joystick,y,0.0"])
        #expect(lines.filter { $0.contains(",track,") && ($0.hasPrefix("6.5,") || $0.hasPrefix("6.1,")) && !$0.contains("input") }.isEmpty)
        // Overdue: scale 4 fails at 3 s; past 1000 ms at the update of 4.25 the frame blinks
        // every 500 ms until the task hides; showing it again hides the frame.
        #expect(lines.filter { $0.contains("sysmon,\"overdue, visibility\"") && !$0.hasPrefix("0.0,") } == [
            "4.25,state,sysmon,\"overdue, visibility\",1", "4.75,state,sysmon,\"overdue, visibility\",0",
            "5.25,state,sysmon,\"overdue, visibility\",1", "5.75,state,sysmon,\"overdue, visibility\",0",
            "7.0,state,sysmon,\"overdue, visibility\",1", "7.0,state,sysmon,\"overdue, visibility\",0"])
        #expect(lines.contains("0.0,state,sysmon,\"overdue, color\",\"(255, 128, 0, 255)\""))
        // Sysmon hidden from 6 to 7 s: no state rows in between, arrows still drawn at 6.0 before.
        let hiddenRows = lines.filter { line in line.contains(",state,sysmon,") && ["6.25,", "6.5,", "6.75,"].contains { line.hasPrefix($0) } }
        #expect(hiddenRows.isEmpty)
    }
}
