import Testing
import TestSupport
@testable import KioskCore

@Suite struct GenericScalesTaskTests {
    static let scenario = "0:00:00;genericscales;filename;q.txt\n0:00:00;genericscales;start\n"
    static let file = """
        # two sliders, then one
        Alpha;How much alpha?;Low/High;0/10/5
        Beta;How much beta?;Low/High;0/100/50
        <newpage>
        Gamma;Gamma;Never/Always;1/7/4
        """

    private func harness(_ scenario: String = scenario) throws -> SessionHarness {
        var harness = try SessionHarness(scenario, includes: ["q.txt": Self.file])
        harness.run(until: 0.1, step: 1.0 / 60)
        return harness
    }

    private func sliderRows(_ harness: SessionHarness) -> [String] {
        harness.linesWithoutLogtime.filter { $0.contains("state,genericscales") }
    }

    /// The reference-screen point at `fraction` along slider `item`'s groove on a page of `count` items.
    private func point(item: Int, of count: Int, fraction: Double, title: String, question: String) -> Point {
        let row = ScaleLayout(itemCount: count, screen: SlideShow.screen).item(item, title: title, question: question).slider
        let groove = ScaleSlider.groove(in: ScaleSlider.zones(in: row, showsValue: false).slide)
        return Point(groove.left + fraction * groove.width, groove.centerY)
    }

    @Test func eachPageLogsItsWidgetAreas() throws {
        let harness = try harness()
        let areas = harness.linesWithoutLogtime.filter { $0.contains(",aoi,genericscales,") }.map { $0.split(separator: ",")[3] }
        #expect(areas == ["press_space", "title_1", "label_1", "slider_1", "title_2", "label_2", "slider_2"])
    }

    @Test func keysSelectWithWrapAndStepTheSelectedSlider() throws {
        var harness = try harness()
        harness.send(.keyPress("RIGHT"), at: 0.2)
        harness.send(.keyPress("DOWN"), at: 0.3)
        harness.send(.keyPress("LEFT"), at: 0.4)
        harness.send(.keyPress("DOWN"), at: 0.5)  // wraps to the first
        harness.send(.keyPress("RIGHT"), at: 0.6)
        harness.send(.keyPress("UP"), at: 0.7)  // wraps to the last
        harness.send(.keyPress("RIGHT"), at: 0.8)
        #expect(sliderRows(harness) == [
            "0.0,state,genericscales,\"slider_1, value\",5.5",
            "0.0,state,genericscales,\"slider_2, value\",45.0",
            "0.0,state,genericscales,\"slider_1, value\",6.0",
            "0.0,state,genericscales,\"slider_2, value\",50.0",
        ])
        // The slider's row comes before the key's own input row, as in OpenMATB.
        let lines = harness.linesWithoutLogtime
        let row = try #require(lines.firstIndex(of: "0.0,state,genericscales,\"slider_1, value\",5.5"))
        #expect(lines[row + 1] == "0.0,input,keyboard,RIGHT,press")
    }

    @Test func onlyTheLastPageIsLoggedAsPerformanceAfterTheReleaseRow() throws {
        var harness = try harness()
        harness.send(.keyPress("RIGHT"), at: 0.2)
        harness.send(.keyRelease("SPACE"), at: 0.3)
        // Page two restarts the names at slider_1.
        harness.send(.keyPress("RIGHT"), at: 0.4)
        #expect(sliderRows(harness).last == "0.0,state,genericscales,\"slider_1, value\",4.3")
        harness.send(.keyRelease("SPACE"), at: 0.5)
        let lines = harness.linesWithoutLogtime
        let release = try #require(lines.lastIndex(of: "0.0,input,keyboard,SPACE,release"))
        #expect(lines[release + 1] == "0.0,performance,genericscales,Gamma,4.3")
        #expect(!lines.contains { $0.contains("performance,genericscales,Alpha") })
        #expect(harness.session.isFinished)
    }

    @Test func anUntouchedSliderLogsItsIntegerDefault() throws {
        var harness = try harness()
        harness.send(.keyRelease("SPACE"), at: 0.2)
        harness.send(.keyRelease("SPACE"), at: 0.3)
        #expect(harness.linesWithoutLogtime.contains("0.0,performance,genericscales,Gamma,4"))
    }

    @Test func touchGrabsAnywhereOnTheSlideZoneAndDrags() throws {
        var harness = try harness()
        let start = point(item: 1, of: 2, fraction: 0, title: "Beta", question: "How much beta?")
        let end = point(item: 1, of: 2, fraction: 1, title: "Beta", question: "How much beta?")
        let quarter = point(item: 1, of: 2, fraction: 0.25, title: "Beta", question: "How much beta?")
        // Pressing a little above the thin groove still grabs the slider.
        harness.send(.pointerDown(Point(start.x, start.y + 8), .finger(7)), at: 0.2)
        harness.send(.pointerMove(quarter, .finger(7)), at: 0.3)
        harness.send(.pointerMove(Point(end.x + 300, end.y + 200), .finger(7)), at: 0.4)
        harness.send(.pointerUp(Point(end.x + 300, end.y + 200), .finger(7)), at: 0.5)
        let values = sliderRows(harness).map { Double($0.split(separator: ",").last ?? "") ?? -1 }
        #expect(sliderRows(harness).allSatisfy { $0.hasPrefix("0.0,state,genericscales,\"slider_2, value\",") })
        #expect(values.count == 3 && values[0] == 0 && abs(values[1] - 25) < 1e-9 && values[2] == 100)
        // The dragged slider is now the selected one for keys.
        harness.send(.keyPress("LEFT"), at: 0.6)
        #expect(sliderRows(harness).last == "0.0,state,genericscales,\"slider_2, value\",95.0")
        // Continue validates the page by touch.
        let button = ContinueButton.frame(in: SlideShow.screen)
        harness.tap(Point(button.centerX, button.centerY), at: 0.7)
        #expect(harness.linesWithoutLogtime.contains { $0.contains(",aoi,genericscales,slider_1,") && $0.contains("\"(0, ") }
            && harness.session.isShowingBlockingScreen)
        let sliders = harness.linesWithoutLogtime.filter { $0.contains(",aoi,genericscales,slider_") }
        #expect(sliders.count == 3, "page two built")
    }

    @Test func theJoystickStepsWhileHeldSelectsAndValidates() throws {
        var harness = try harness()
        harness.send(.joystickAxes(x: 1, y: 0), at: 0.2)
        harness.run(until: 0.65, step: 1.0 / 60)  // steps at 0.2, 0.4, 0.6
        harness.send(.joystickAxes(x: 0, y: 0), at: 0.7)
        harness.run(until: 1.0, step: 1.0 / 60)
        #expect(sliderRows(harness).map { $0.split(separator: ",").last ?? "" } == ["5.5", "6.0", "6.5"])
        harness.send(.joystickAxes(x: 0, y: 0.9), at: 1.1)  // pulled back: next slider
        harness.send(.joystickAxes(x: -1, y: 0.9), at: 1.2)
        #expect(sliderRows(harness).last == "0.0,state,genericscales,\"slider_2, value\",45.0")
        harness.send(.joystickButton("JOY_BTN_1", pressed: true), at: 1.3)
        #expect(harness.linesWithoutLogtime.filter { $0.contains(",aoi,genericscales,slider_") }.count == 3)
        #expect(harness.linesWithoutLogtime.contains("0.0,input,joystick,x,-1.0"))
    }

    @Test func quittingMidQuestionnaireLogsThePageOnScreen() throws {
        var harness = try harness()
        harness.send(.keyPress("RIGHT"), at: 0.2)
        harness.send(.keyPress("ESCAPE"), at: 0.3)
        harness.send(.keyRelease("Q"), at: 0.4)
        #expect(Array(harness.linesWithoutLogtime.suffix(4)) == [
            "0.0,performance,genericscales,Alpha,5.5",
            "0.0,performance,genericscales,Beta,50",
            "0.0,event,genericscales,self,stop",
            "0.0,manual,,,end",
        ])
    }

    @Test func showValueDrawsTheRoundedValue() throws {
        var harness = try harness()
        harness.send(.keyPress("RIGHT"), at: 0.2)
        let texts = harness.session.drawList().commands.compactMap { command -> String? in
            if case .text(let text, _, _) = command { return text }
            return nil
        }
        #expect(texts.contains("How much alpha?") && texts.contains("Alpha") && texts.contains("Low") && texts.contains("Continue"))
        #expect(!texts.contains("6"), "showvalue is off by default")
    }
}
