import Testing
import TestSupport
@testable import KioskCore

@Suite struct InstructionsTaskTests {
    static let scenario = """
        0:00:00;sysmon;start
        0:00:00;instructions;filename;two.txt
        0:00:00;instructions;start
        0:00:02;sysmon;stop
        """
    static let file = "<h1>Welcome</h1>\n<p>First <b>page</b>.</p>\n# a comment\n<newpage>\n<p>Second page</p>"
    static let continueButton = ContinueButton.frame(in: SlideShow.screen)
    static let buttonCentre = Point(continueButton.centerX, continueButton.centerY)

    private func harness(_ scenario: String = scenario, file: String = file) throws -> SessionHarness {
        var harness = try SessionHarness(scenario, includes: ["two.txt": file])
        harness.run(until: 0.5, step: 1.0 / 60)
        return harness
    }

    private func richTexts(_ session: MATBBlock) -> [String] {
        session.drawList().commands.compactMap { command in
            if case .richText(let text, _, _) = command { return text.plainText }
            return nil
        }
    }

    @Test func firstSlideShowsAfterTheStartRowWithItsAreas() throws {
        let harness = try harness()
        let lines = harness.linesWithoutLogtime
        let start = try #require(lines.firstIndex(of: "0.0,event,instructions,self,start"))
        #expect(Array(lines[(start + 1)...].filter { $0.contains(",aoi,") }.prefix(3)) == [
            "0.0,aoi,instructions,title,\"(0, 1080, 1920, 0)\"",
            "0.0,aoi,instructions,press_space,\"(0, 1080, 1920, 0)\"",
            "0.0,aoi,instructions,instructions,\"(0, 1080, 1920, 0)\"",
        ])
        #expect(lines.contains("0.0,parameter,instructions,response-text,Press SPACE to continue"))
        #expect(richTexts(harness.session) == ["Welcome", "First page.", "Press SPACE to continue"])
        #expect(harness.session.isShowingBlockingScreen)
    }

    @Test func spaceReleaseNotPressMovesOnAndTheInputRowComesFirst() throws {
        var harness = try harness()
        harness.send(.keyPress("SPACE"), at: 0.6)
        #expect(richTexts(harness.session).contains("First page."))
        harness.send(.keyRelease("SPACE"), at: 0.7)
        #expect(richTexts(harness.session).contains("Second page"))
        let lines = harness.linesWithoutLogtime
        let release = try #require(lines.firstIndex(of: "0.0,input,keyboard,SPACE,release"))
        #expect(lines[release + 1] == "0.0,aoi,instructions,press_space,\"(0, 1080, 1920, 0)\"", "no title on page two")
        harness.send(.keyRelease("SPACE"), at: 0.8)
        #expect(!harness.session.isShowingBlockingScreen)
        #expect(!harness.linesWithoutLogtime.contains { $0.contains("event,instructions,self,stop") })
        harness.run(until: 3, step: 1.0 / 60)
        #expect(harness.session.isFinished)
    }

    @Test func aTapOnContinueMovesOnButATapElsewhereDoesNot() throws {
        var harness = try harness()
        harness.tap(Point(100, 900), at: 0.6)
        #expect(richTexts(harness.session).contains("First page."))
        harness.tap(Self.buttonCentre, at: 0.7)
        #expect(richTexts(harness.session).contains("Second page"))
        // A finger that slides off the button before lifting cancels.
        harness.send([.pointerDown(Self.buttonCentre, .mouse), .pointerUp(Point(100, 900), .mouse)], at: 0.8)
        #expect(harness.session.isShowingBlockingScreen)
        harness.send(.pointerDown(Self.buttonCentre, .mouse), at: 0.9)
        harness.send(.pointerUp(Self.buttonCentre, .mouse), at: 1.0)
        #expect(!harness.session.isShowingBlockingScreen)
        #expect(!harness.linesWithoutLogtime.contains { $0.contains("pointer") }, "pointer events are not logged")
    }

    @Test func aJoystickButtonPressMovesOn() throws {
        var harness = try harness()
        harness.send(.joystickButton("JOY_BTN_3", pressed: true), at: 0.6)
        #expect(richTexts(harness.session).contains("Second page"))
        #expect(harness.linesWithoutLogtime.contains("0.0,input,Joystick,JOY_BTN_3,press"))
    }

    @Test func withoutKeyPressesThereIsNoPromptNorButtonButSpaceStillWorks() throws {
        var harness = try harness("""
            0:00:00;instructions;filename;two.txt
            0:00:00;instructions;allowkeypress;False
            0:00:00;instructions;start
            """)
        #expect(richTexts(harness.session) == ["Welcome", "First page."])
        #expect(!harness.linesWithoutLogtime.contains { $0.contains("press_space") })
        harness.tap(Self.buttonCentre, at: 0.6)
        #expect(richTexts(harness.session).contains("First page."))
        harness.send(.keyRelease("SPACE"), at: 0.7)
        #expect(richTexts(harness.session).contains("Second page"))
    }

    @Test func scenarioTimeStandsStillWhileSlidesShow() throws {
        var harness = try harness()
        harness.run(until: 5, step: 1.0 / 60)
        #expect(harness.session.scenarioTime == .zero)
        harness.send(.keyRelease("SPACE"), at: 5.1)
        harness.send(.keyRelease("SPACE"), at: 5.2)
        harness.run(until: 6.2, step: 1.0 / 60)
        #expect(abs(harness.session.scenarioTime.seconds - 1.0) < 0.02)
    }

    @Test func frenchPromptIsTranslatedInTheLogAndOnScreen() throws {
        var harness = try SessionHarness("0:00:00;instructions;filename;two.txt\n0:00:00;instructions;start\n", includes: ["two.txt": Self.file], language: .fr)
        harness.run(until: 0.2, step: 1.0 / 60)
        #expect(harness.linesWithoutLogtime.contains("0.0,parameter,instructions,response-text,Appuyez sur ESPACE pour continuer"))
        #expect(richTexts(harness.session).last == "Appuyez sur ESPACE pour continuer")
        let labels = harness.session.drawList().commands.compactMap { command -> String? in
            if case .text(let text, _, _) = command { return text }
            return nil
        }
        #expect(labels.contains("Continuer"))
    }

    @Test func headlessDismissalWalksEverySlide() throws {
        var harness = try harness()
        harness.session.dismissWaitingScreen(at: SessionHarness.at(0.6))
        #expect(harness.session.isShowingBlockingScreen)
        harness.session.dismissWaitingScreen(at: SessionHarness.at(0.7))
        #expect(!harness.session.isShowingBlockingScreen)
        harness.run(until: 0.8, step: 0.1)
        #expect(harness.linesWithoutLogtime.filter { $0.contains("dismissed instructions screen") }.count == 2)
    }
}
