import Testing
import TestSupport
@testable import KioskCore

/// Track in a session: start block, the first updates of the reference values (docs/openmatb-behaviour.md:
/// Reference values), stick and drag input, colours and response times.
@Suite struct TrackSessionTests {
    static let basic = "0:00:00;track;start\n0:00:10;track;stop\n"

    @Test func firstUpdatesMatchOpenMATB() throws {
        var harness = try SessionHarness(Self.basic)
        harness.run(until: 0.03, step: 0.01)
        let lines = harness.linesWithoutLogtime
        #expect(lines.filter { $0.contains(",aoi,track,") } == [
            "0.0,aoi,track,foreground,\"(672, 1026.0, 1632, 540.0)\"",
            "0.0,aoi,track,overdue,\"(672, 1026.0, 1632, 540.0)\"",
            "0.0,aoi,track,task_title,\"(672, 1080.0, 1632, 1026.0)\"",
            "0.0,aoi,track,automode,\"(957.5999999999999, 618.3, 1101.6, 591.3)\"",
            "0.0,aoi,track,reticle,\"(957.6, 977.4000000000001, 1346.4, 588.6)\"",
        ])
        let start = try #require(lines.firstIndex(of: "0.0,event,track,self,start"))
        #expect(Array(lines[(start + 1)...]) == [
            "0.0,performance,track,cursor_in_target,1",
            "0.0,performance,track,center_deviation,0.0",
            "0.0,state,track,\"automode, text\",MANUAL",
            "0.0,state,track,\"reticle, cursor_relative\",\"(1.5551740801295997, 1.8661952105624855)\"",
            "0.0,state,track,\"reticle, cursor_proportional\",\"(0.003999933333666666, 0.004799884800829438)\"",
            "0.02,performance,track,cursor_in_target,1",
            "0.02,performance,track,center_deviation,2.429249",
            "0.02,state,track,\"reticle, cursor_relative\",\"(2.3327125209841446, 2.7992088370088615)\"",
            "0.02,state,track,\"reticle, cursor_proportional\",\"(0.005999775002531236, 0.007199611206298512)\"",
        ])
    }

    @Test func joystickRightMovesTheCursorRight() throws {
        var free = try SessionHarness(Self.basic)
        free.run(until: 2, step: 1.0 / 60)
        var pushed = try SessionHarness(Self.basic)
        pushed.send(.joystickAxes(x: 1, y: 0), at: 0.001)
        pushed.run(until: 2, step: 1.0 / 60)
        #expect(pushed.linesWithoutLogtime.contains("0.001,input,joystick,x,1.0"))
        let last = { (h: SessionHarness) in h.linesWithoutLogtime.last { $0.contains("cursor_relative") } ?? "" }
        #expect(last(free).hasPrefix("2.0,"))
        #expect(last(pushed).hasPrefix("2.0,"))
        let x = { (line: String) in Double(line.split(separator: "(")[1].split(separator: ",")[0]) ?? 0 }
        // 100 updates with the stick held right (the start step came before it moved).
        #expect(abs(x(last(pushed)) - x(last(free)) - 100) < 1e-9)
    }

    @Test func stickReachesAPausedOrHiddenTaskAndIsReadWhenItComputes() throws {
        var harness = try SessionHarness("0:00:00;track;start\n0:00:01;track;pause\n0:00:02;track;resume\n0:00:03;track;stop\n")
        harness.run(until: 1.5, step: 1.0 / 60)
        harness.send(.joystickAxes(x: -1, y: 0), at: 1.5)
        harness.run(until: 2.5, step: 1.0 / 60)
        var free = try SessionHarness("0:00:00;track;start\n0:00:01;track;pause\n0:00:02;track;resume\n0:00:03;track;stop\n")
        free.run(until: 2.5, step: 1.0 / 60)
        let x = { (h: SessionHarness) -> Double in
            let row = h.linesWithoutLogtime.last { $0.hasPrefix("2.5,") && $0.contains("cursor_relative") } ?? ""
            return Double(row.split(separator: "(").last?.split(separator: ",").first ?? "") ?? .nan
        }
        // From the resume at 2.0 to 2.5: 26 updates with the stick held left.
        #expect(abs(x(free) - x(harness) - 26) < 1e-9)
        #expect(harness.linesWithoutLogtime.contains("1.5,input,joystick,x,-1.0"))
    }

    @Test func leavingTheTargetChangesColourAndCountsResponseTime() throws {
        var harness = try SessionHarness("""
            0:00:00;track;targetproportion;0.02
            0:00:00;track;start
            0:00:02;track;targetproportion;1
            0:00:04;track;stop
            """)
        harness.run(until: 3, step: 1.0 / 60)
        let lines = harness.linesWithoutLogtime
        // Radius 3.888: the displayed cursor leaves it after a few updates.
        let firstOut = try #require(lines.firstIndex(of: "0.06,performance,track,cursor_in_target,0"))
        #expect(lines[(firstOut + 1)...].contains("0.06,state,track,\"reticle, cursor_color\",\"(241, 100, 100, 255)\""))
        #expect(lines.contains("2.0,event,track,targetproportion,1.0"))
        #expect(lines.contains("2.0,state,track,\"reticle, target_proportion\",1.0"))
        // Back inside: the time spent out is logged, in whole updates.
        let back = try #require(lines.firstIndex { $0.hasPrefix("2.02,performance,track,response_time,") })
        #expect(lines[back] == "2.02,performance,track,response_time,1960")
        #expect(lines.contains("2.02,state,track,\"reticle, cursor_color\",\"(50, 50, 50, 255)\""))
    }

    @Test func noTargetLogsNaN() throws {
        var harness = try SessionHarness("0:00:00;track;targetproportion;0\n0:00:00;track;start\n0:00:01;track;stop\n")
        harness.run(until: 0.1, step: 0.05)
        #expect(harness.linesWithoutLogtime.contains("0.04,performance,track,cursor_in_target,nan"))
        #expect(!harness.linesWithoutLogtime.contains { $0.contains("response_time") })
    }
}
