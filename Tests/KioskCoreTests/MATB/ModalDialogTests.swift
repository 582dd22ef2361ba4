import Testing
import TestSupport
@testable import KioskCore

@Suite struct ModalDialogTests {
    static let screen = Rect(left: 0, bottom: 0, width: 1920, height: 1080)
    static let scenario = "0:00:00;track;start\n0:00:05;track;stop\n"

    private func centre(of button: ModalDialog.Button, in session: MATBBlock) throws -> Point {
        let dialog = try #require(session.dialog)
        let frame = try #require(dialog.layout(on: Self.screen).buttons.first { $0.button == button }?.frame)
        return Point(frame.centerX, frame.centerY)
    }

    @Test func textsAndButtonsFollowSpec101InBothLanguages() {
        let exit = ModalDialog.exitConfirmation(.fr)
        #expect(exit.title == "Quitter OpenMATB ?")
        #expect(exit.messages == ["Vous avez pressé la touche Échap"])
        #expect(exit.hints == "[Q] Quitter  –  [Espace] Continuer")
        #expect(exit.buttons == [.exit, .continue])
        #expect(ModalDialog.sessionIdentifier(7, .fr).messages == ["Identifiant unique de la session : 7"])
        #expect(ModalDialog.pause(.en).hints == "[Space] Continue")
        let warning = ModalDialog.problems(["No joystick found"], fatal: false, .fr)
        #expect(warning.title == "Attention" && warning.messages == ["– No joystick found"])
        #expect(warning.hints == "[Q] Quitter  –  [Espace] Continuer")
        let error = ModalDialog.problems(["a", "b"], fatal: true, .en)
        #expect(error.title == "Error(s)" && error.messages == ["– a", "– b"] && error.hints == "[Q] Exit" && error.buttons == [.exit])
    }

    @Test func theBoxHoldsItsTextAndButtonsCentred() {
        let layout = ModalDialog.exitConfirmation(.en).layout(on: Self.screen)
        #expect(abs(layout.box.centerX - 960) < 1e-9 && abs(layout.box.centerY - 540) < 1e-9)
        for line in layout.lines {
            #expect(line.box.left >= layout.box.left + 20 - 1e-9 && line.box.right <= layout.box.right - 20 + 1e-9)
            #expect(line.box.top <= layout.box.top - 10 + 1e-9)
            #expect(TextMetrics.width(line.text, pointSize: ModalDialog.pointSize, bold: line.bold) <= line.box.width + 1e-9)
        }
        #expect(layout.lines.map(\.text) == ["Exit OpenMATB?", "You hit the Escape key", "[Q] Exit  –  [Space] Continue"])
        #expect(layout.lines.first?.bold == true && layout.lines.last?.italic == true)
        #expect(layout.buttons.allSatisfy { $0.frame.bottom >= layout.box.bottom && $0.frame.top < (layout.lines.last?.box.bottom ?? 0) })
    }

    @Test func theSessionIdDialogAnswersATap() throws {
        var harness = try SessionHarness(Self.scenario, displaySessionNumber: true)
        #expect(harness.session.dialog?.messages == ["Session ID: 1"])
        harness.run(until: 1, step: 1.0 / 60)
        #expect(harness.session.scenarioTime == .zero, "time waits for the participant")
        let button = try centre(of: .continue, in: harness.session)
        harness.send(.pointerDown(button, .finger(3)), at: 1.1)
        #expect(harness.session.dialog?.pressed?.button == .continue, "the button shows it is held")
        harness.send(.pointerUp(button, .finger(3)), at: 1.2)
        #expect(harness.session.dialog == nil)
        #expect(harness.linesWithoutLogtime.contains("0.0,dialog,,,OpenMATB end"))
        harness.run(until: 2.2, step: 1.0 / 60)
        #expect(abs(harness.session.scenarioTime.seconds - 1.0) < 0.02)
    }

    @Test func aJoystickButtonAnswersOnlyIfPressedWhileTheDialogShowed() throws {
        var harness = try SessionHarness(Self.scenario)
        harness.run(until: 0.5, step: 1.0 / 60)
        harness.send(.joystickButton("JOY_BTN_1", pressed: true), at: 0.55)
        harness.send(.keyPress("P"), at: 0.6)
        harness.send(.joystickButton("JOY_BTN_1", pressed: false), at: 0.7)
        #expect(harness.session.dialog?.kind == .pause, "a release of a button held before the dialog does nothing")
        harness.send(.joystickButton("JOY_BTN_1", pressed: true), at: 0.8)
        harness.send(.joystickButton("JOY_BTN_1", pressed: false), at: 0.9)
        #expect(harness.session.dialog == nil)
        let lines = harness.linesWithoutLogtime
        // The tracking task resumes and computes after the dialog row; no row comes between.
        #expect(lines.last { $0.contains(",dialog,") || $0.contains("JOY_BTN") } == "0.6,dialog,,,OpenMATB end")
        #expect(lines.filter { $0.contains("JOY_BTN_1") } == ["0.55,input,Joystick,JOY_BTN_1,press"], "no input row while the dialog shows")
    }

    @Test func theExitButtonEndsTheSession() throws {
        var harness = try SessionHarness(Self.scenario, language: .fr)
        harness.run(until: 0.5, step: 1.0 / 60)
        harness.send(.keyPress("ESCAPE"), at: 0.5)
        harness.tap(try centre(of: .exit, in: harness.session), at: 0.7)
        #expect(harness.session.isFinished)
        #expect(Array(harness.linesWithoutLogtime.suffix(4)) == [
            "0.5,dialog,,,Quitter OpenMATB ? end",
            "0.5,state,track,\"foreground, visibility\",1",
            "0.5,event,track,self,stop",
            "0.5,manual,,,end",
        ])
    }

    @Test func inKioskModeEscapeIsLoggedButOffersNoExit() throws {
        var harness = try SessionHarness(Self.scenario, escapeOffersExit: false)
        harness.run(until: 0.5, step: 1.0 / 60)
        harness.send(.keyPress("ESCAPE"), at: 0.5)
        #expect(!harness.session.isWaitingForParticipant)
        #expect(harness.linesWithoutLogtime.last == "0.5,input,keyboard,ESCAPE,press")
    }

    @Test func joystickButtonTwoExitsWhereExitIsOffered() throws {
        var harness = try SessionHarness(Self.scenario)
        harness.run(until: 0.5, step: 1.0 / 60)
        harness.send(.keyPress("P"), at: 0.5)
        harness.send([.joystickButton("JOY_BTN_2", pressed: true), .joystickButton("JOY_BTN_2", pressed: false)], at: 0.6)
        #expect(harness.session.dialog?.kind == .pause, "pause offers no Exit")
        harness.send(.keyRelease("SPACE"), at: 0.7)
        harness.send(.keyPress("ESCAPE"), at: 0.8)
        harness.send([.joystickButton("JOY_BTN_2", pressed: true), .joystickButton("JOY_BTN_2", pressed: false)], at: 0.9)
        #expect(harness.session.isFinished)
    }

    @Test func aReportedWarningOpensAtTheNextFrameAndContinues() throws {
        var harness = try SessionHarness(Self.scenario)
        harness.run(until: 0.5, step: 1.0 / 60)
        harness.session.report("No joystick found", fatal: false, at: SessionHarness.at(0.5))
        harness.run(until: 0.6, step: 0.1)
        #expect(harness.session.dialog?.title == "Warning")
        #expect(harness.session.dialog?.messages == ["– No joystick found"])
        harness.send(.keyRelease("SPACE"), at: 0.7)
        #expect(harness.session.dialog == nil && !harness.session.isFinished)
        #expect(harness.linesWithoutLogtime.contains("0.5,manual,,,No joystick found"))
        #expect(harness.linesWithoutLogtime.last == "0.5,dialog,,,Warning end")
    }

    @Test func aFatalErrorOnlyExits() throws {
        var harness = try SessionHarness(Self.scenario)
        harness.run(until: 0.5, step: 1.0 / 60)
        harness.session.report("parallel port: write failed", fatal: true, at: SessionHarness.at(0.5))
        harness.session.report("second problem", fatal: false, at: SessionHarness.at(0.5))
        harness.run(until: 0.6, step: 0.1)
        #expect(harness.session.dialog?.kind == .error)
        #expect(harness.session.dialog?.messages == ["– parallel port: write failed", "– second problem"])
        harness.send(.keyRelease("SPACE"), at: 0.7)
        #expect(harness.session.dialog != nil, "no going on after a fatal error")
        harness.send(.keyRelease("Q"), at: 0.8)
        #expect(harness.session.isFinished)
        #expect(harness.linesWithoutLogtime.contains("0.5,dialog,,,Error(s) end"))
    }

    @Test func headlessDismissalOfAFatalErrorEndsTheSession() throws {
        var harness = try SessionHarness(Self.scenario)
        harness.run(until: 0.5, step: 1.0 / 60)
        harness.session.report("boom", fatal: true, at: SessionHarness.at(0.5))
        harness.session.dismissWaitingScreen(at: SessionHarness.at(0.5))
        #expect(harness.session.isFinished)
    }

    @Test func hideOnPauseCoversTheTasks() throws {
        let scenario = try ScenarioValidator(context: .noFiles).validate(Array(Self.scenario.utf8), path: "t").get()
        let session = MATBBlock(scenario: scenario, configuration: MATBConfiguration(runNumber: 1, version: "t", hideOnPause: true))
        session.begin(at: SessionHarness.start)
        session.advance(to: SessionHarness.start)
        session.advance(to: SessionHarness.at(0.1), inputs: [InputEvent(time: SessionHarness.at(0.1), .keyPress("P"))])
        let commands = session.drawList().commands
        let cover = try #require(commands.lastIndex(of: .fillRect(Self.screen, .background)))
        #expect(commands[(cover + 1)...].first == .fillRect(try #require(session.dialog?.layout(on: Self.screen).box), .whiteTranslucent))
    }
}
