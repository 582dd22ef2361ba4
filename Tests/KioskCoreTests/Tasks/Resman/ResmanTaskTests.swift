import Testing
import TestSupport
@testable import KioskCore

/// Resman run through a session: keys, taps, rows and their order.
@Suite struct ResmanTaskTests {
    static let scenario = """
        0:00:00;resman;start
        0:00:30;resman;stop
        """

    static func lines(_ harness: SessionHarness) -> [String] {
        harness.linesWithoutLogtime.filter { $0.contains(",resman,") || $0.contains(",keyboard,") || $0.contains(",mouse_key,") }
    }

    @Test func areasOfInterestMatchTheReferenceLayout() throws {
        let harness = try SessionHarness(Self.scenario)
        let lines = harness.linesWithoutLogtime
        #expect(lines.contains("0.0,aoi,resman,tank_a,\"(723.84, 437.4, 882.24, 267.3)\""))
        #expect(lines.contains("0.0,aoi,resman,tank_c,\"(628.8, 243.0, 734.4, 72.89999999999999)\""))
        #expect(lines.contains("0.0,aoi,resman,pump_1_flow,\"(1632, 486.0, 1920, 432.0)\""))
        #expect(lines.contains("0.0,aoi,resman,status_foreground,\"(1632, 486.0, 1920, 0.0)\""))
        #expect(lines.contains("0.0,aoi,resman,status_title,\"(1632, 540.0, 1920, 486.0)\""))
    }

    @Test func startBlockDumpsLevelsAndShowsTheStatusPanel() throws {
        let harness = try SessionHarness(Self.scenario)
        let lines = harness.linesWithoutLogtime
        let start = try #require(lines.firstIndex(of: "0.0,event,resman,self,start"))
        // Every widget shows (the host's cover and alarm frame, then the status cover), then
        // the covers and the frame are lifted.
        #expect(Array(lines[(start - 6)..<start]) == [
            "0.0,state,resman,\"foreground, visibility\",1",
            "0.0,state,resman,\"overdue, visibility\",1",
            "0.0,state,resman,\"status_foreground, visibility\",1",
            "0.0,state,resman,\"foreground, visibility\",0",
            "0.0,state,resman,\"overdue, visibility\",0",
            "0.0,state,resman,\"status_foreground, visibility\",0",
        ])
        #expect(lines.contains("0.0,parameter,resman,tank-a-level,2500"))
        #expect(lines.contains("0.0,parameter,resman,tank-a-_response_time,0"))
        #expect(lines.contains("0.0,parameter,resman,tank-a-_is_in_tolerance,"))
        #expect(lines.contains("0.0,parameter,resman,pump-8-key,NUM_8"))
        #expect(lines.contains("0.0,parameter,resman,pump-1-statuswidget,<core.widgets.pumpflow.PumpFlow object>"))
    }

    @Test func updatesLogPerformanceThenTheFluidRows() throws {
        var harness = try SessionHarness(Self.scenario)
        harness.run(until: 4.1, step: 1.0 / 60)
        let lines = Self.lines(harness).filter { $0.hasPrefix("2.0,") }
        #expect(lines == [
            "2.0,performance,resman,a_in_tolerance,1",
            "2.0,performance,resman,a_deviation,-26",
            "2.0,performance,resman,b_in_tolerance,1",
            "2.0,performance,resman,b_deviation,-26",
            "2.0,state,resman,\"tank_a, fluid_level\",2474",
            "2.0,state,resman,\"tank_a, fluid_label\",2474",
            "2.0,state,resman,\"tank_b, fluid_level\",2474",
            "2.0,state,resman,\"tank_b, fluid_label\",2474",
        ])
        #expect(Self.lines(harness).filter { $0.hasPrefix("0.0,performance") } == [
            "0.0,performance,resman,a_in_tolerance,1", "0.0,performance,resman,a_deviation,0",
            "0.0,performance,resman,b_in_tolerance,1", "0.0,performance,resman,b_deviation,0",
        ])
    }

    @Test func pumpKeyTogglesThePumpAndItsRowsFollowTheInputRow() throws {
        var harness = try SessionHarness(Self.scenario)
        harness.run(until: 4.5, step: 1.0 / 60)
        harness.send(.keyPress("NUM_2"), at: 4.8)
        harness.send(.keyRelease("NUM_2"), at: 4.9)
        let lines = Self.lines(harness).filter { $0.hasPrefix("4.8,") }
        #expect(lines == [
            "4.8,input,keyboard,NUM_2,press",
            "4.8,state,resman,\"pump_2, triangle\",\"(142, 219, 176, 255)\"",
            "4.8,state,resman,\"pump_2_flow, 2\",600",
        ])
        harness.run(until: 6.1, step: 1.0 / 60)
        // A: 2448 − 26 + 20.
        #expect(Self.lines(harness).contains("6.0,state,resman,\"tank_a, fluid_level\",2442"))
    }

    @Test func keyboardsWithoutNumpadUseTheDigitRowAndNumLockOffNames() throws {
        var harness = try SessionHarness(Self.scenario)
        harness.send(.keyPress("_3"), at: 0.5)
        harness.send(.keyPress("NUM_UP"), at: 0.6)
        harness.send(.keyPress("NUM_9"), at: 0.7)
        let lines = Self.lines(harness)
        #expect(lines.contains("0.5,state,resman,\"pump_3, triangle\",\"(142, 219, 176, 255)\""))
        #expect(lines.contains("0.6,state,resman,\"pump_8, triangle\",\"(142, 219, 176, 255)\""))
        #expect(!lines.contains { $0.hasPrefix("0.7,state") })
    }

    @Test func aPumpWithItsOwnKeyNoLongerAnswersToAliases() throws {
        var harness = try SessionHarness("""
            0:00:00;resman;pump-1-key;A
            0:00:00;resman;start
            0:00:30;resman;stop
            """)
        harness.send(.keyPress("_1"), at: 0.5)
        harness.send(.keyPress("NUM_1"), at: 0.6)
        #expect(!Self.lines(harness).contains { $0.contains("pump_1, triangle") })
        harness.send(.keyPress("A"), at: 0.7)
        #expect(Self.lines(harness).contains("0.7,state,resman,\"pump_1, triangle\",\"(142, 219, 176, 255)\""))
    }

    @Test func tappingAPumpLogsTheKeyItStandsForAndToggles() throws {
        var harness = try SessionHarness(Self.scenario)
        let geometry = ResmanGeometry(area: ScreenLayout().taskArea(of: ScreenLayout().region(.bottommid)))
        let triangle = geometry.pumps[6].triangle
        let center = Point(triangle.map(\.x).reduce(0, +) / 3, triangle.map(\.y).reduce(0, +) / 3)
        harness.send(.pointerDown(center, .finger(1)), at: 0.5)
        harness.send(.pointerUp(center, .finger(1)), at: 0.55)
        harness.send(.pointerDown(Point(5, 5), .mouse), at: 0.6)
        #expect(Self.lines(harness).filter { $0.hasPrefix("0.5") } == [
            "0.5,input,mouse_key,NUM_7,press",
            "0.5,state,resman,\"pump_7, triangle\",\"(142, 219, 176, 255)\"",
            "0.5,state,resman,\"pump_7_flow, 7\",400",
        ])
        #expect(!Self.lines(harness).contains { $0.hasPrefix("0.6") })
    }

    @Test func scenarioSetsPumpStatesLevelsAndColours() throws {
        var harness = try SessionHarness("""
            0:00:00;resman;pumpcoloron;BLUE
            0:00:00;resman;start
            0:00:01;resman;pump-4-state;on
            0:00:01;resman;pump-6-state;failure
            0:00:02;resman;tank-a-level;1000
            0:00:02;resman;tolerancecoloroutside;RED
            0:00:03;resman;pump-6-state;off
            0:00:30;resman;stop
            """)
        harness.run(until: 4.1, step: 0.25)
        let lines = Self.lines(harness)
        #expect(lines.contains("1.0,state,resman,\"pump_4, triangle\",\"(153, 204, 255, 255)\""))
        #expect(lines.contains("1.0,state,resman,\"pump_6, triangle\",\"(241, 100, 100, 255)\""))
        #expect(lines.contains("1.0,state,resman,\"pump_6_flow, 6\",0") == false)
        #expect(lines.contains("2.0,performance,resman,a_in_tolerance,0"))
        #expect(lines.contains("2.0,performance,resman,a_deviation,-1526"))
        #expect(lines.contains("2.0,state,resman,\"tank_a, tolerance_color\",\"(241, 100, 100, 255)\""))
        #expect(lines.contains("3.0,state,resman,\"pump_6, triangle\",\"(255, 255, 255, 255)\""))
        #expect(lines.contains("4.0,performance,resman,a_in_tolerance,0"))
    }

    @Test func hidingCoversTheStatusPanelToo() throws {
        var harness = try SessionHarness("""
            0:00:00;resman;start
            0:00:01;resman;hide
            0:00:02;resman;show
            0:00:03;resman;stop
            """)
        harness.run(until: 4, step: 0.5)
        let lines = Self.lines(harness)
        for (time, value) in [("1.0", 1), ("2.0", 0), ("3.0", 1)] {
            #expect(lines.contains("\(time),state,resman,\"status_foreground, visibility\",\(value)"))
        }
        // While hidden the widgets do not refresh; the change shows when it reappears.
        #expect(!lines.contains { $0.hasPrefix("1.") && $0.contains("fluid_level") })
    }

    @Test func withoutStatusPanelThereAreNoStatusRowsOrWidgets() throws {
        var harness = try SessionHarness("""
            0:00:00;resman;displaystatus;False
            0:00:00;resman;start
            0:00:01;resman;pump-1-state;on
            0:00:03;resman;stop
            """)
        harness.run(until: 4, step: 0.5)
        let lines = Self.lines(harness)
        #expect(!lines.contains { ($0.contains(",state,") || $0.contains(",aoi,")) && ($0.contains("status") || $0.contains("_flow")) })
        #expect(!lines.contains { $0.contains("statuswidget") })
        #expect(lines.contains("1.0,state,resman,\"pump_1, triangle\",\"(142, 219, 176, 255)\""))
    }

    @Test func drawingIsStableBetweenUpdates() throws {
        var harness = try SessionHarness(Self.scenario)
        harness.run(until: 2.5, step: 1.0 / 60)
        let before = harness.session.drawList()
        harness.run(until: 3.9, step: 1.0 / 60)
        #expect(harness.session.drawList() == before)
        harness.run(until: 4.1, step: 1.0 / 60)
        #expect(harness.session.drawList() != before)
    }
}
