import Testing
@testable import KioskCore

@Suite struct PromptsBlockHelpTests {
    static let sequence = """
        pause_every = 1
        [[preparation]]
        text = "Put the headset on."
        [[help]]
        question = "What if I feel dizzy?"
        answer = "Open your eyes and tell the experimenter."
        [[help]]
        question = "Can I move?"
        answer = "Stay as still as you can."
        [[phase]]
        name = "close"
        text = "Close your eyes."
        seconds = 1
        [[phase]]
        name = "open"
        text = "Open your eyes."
        until = "continue"
        [[trial]]
        n = 1
        [[trial]]
        n = 2
        """

    @Test func helpOpensFromAWaitingScreenShowsAnswersAndCloses() throws {
        var script = try PromptsScript(Self.sequence)
        script.frame(1000, .keyRelease("H"))
        #expect(script.block.help != nil && script.block.isWaitingForParticipant)
        #expect(script.block.buttons.map(\.role) == [.question(0), .question(1), .close])
        script.frame(2000, .keyRelease("_2"))
        #expect(script.block.help?.answer == 1)
        script.tap(.question(0), at: 3000)
        // Space closes help; it does not also continue the screen underneath.
        script.frame(4000, .keyRelease("SPACE"))
        #expect(script.block.help == nil && script.block.progressLine == "Preparation 1 of 1")
        script.tap(.help, at: 5000)
        script.tap(.close, at: 6000)
        #expect(script.brief == [
            "preparation 0/0 1 of 1", "help_open 1000/1000 key H", "help_answer 2000/2000 2 (key _2)", "help_answer 3000/3000 1 (tap)",
            "help_close 4000/4000 key SPACE", "help_open 5000/5000 tap", "help_close 6000/6000 tap",
        ])
        #expect(script.rows[2].text == "Can I move?" && script.rows[3].text == "What if I feel dizzy?")
        #expect(script.rows.filter { $0.event == .helpOpen || $0.event == .helpAnswer }.allSatisfy { $0.isShownAtFrame })
    }

    @Test func helpIsOfferedOnEveryWaitingScreenAndNowhereElse() throws {
        var script = try PromptsScript(Self.sequence)
        #expect(script.block.buttons.map(\.role) == [.help, .continue])
        script.frame(100, .keyRelease("ENTER"))
        // A timed phase has no buttons, and H does nothing there.
        #expect(script.block.buttons.isEmpty)
        script.frame(500, .keyRelease("H"))
        #expect(script.block.help == nil)
        script.frame(1100)
        #expect(script.block.buttons.map(\.role) == [.help, .continue])
        script.frame(1200, .keyRelease("H"))
        script.frame(1300, .keyRelease("ESCAPE"))
        script.frame(1400, .keyRelease("SPACE"))
        // The pause screen: Escape in help closes help rather than stopping.
        #expect(script.block.buttons.map(\.role) == [.help, .continue, .stop])
        script.frame(1500, .keyRelease("H"))
        script.frame(1600, .keyRelease("ESCAPE"))
        #expect(!script.block.isFinished)
        script.frame(1700, .joystickButton("JOY_BTN_1", pressed: true))
        #expect(script.brief.filter { !$0.hasPrefix("phase") } == [
            "preparation 0/0 1 of 1", "continue 100/100 key ENTER", "help_open 1200/1200 key H", "help_close 1300/1300 key ESCAPE",
            "continue open 1400/1400 key SPACE", "pause 1400/1400 after trial 1 of 2", "help_open 1500/1500 key H",
            "help_close 1600/1600 key ESCAPE", "continue 1700/1700 joystick JOY_BTN_1",
        ])
    }

    @Test func dismissingClosesHelpFirst() throws {
        var script = try PromptsScript(Self.sequence)
        script.frame(100, .keyRelease("H"))
        script.dismiss(at: 200)
        #expect(script.block.help == nil && script.block.isWaitingForParticipant)
        script.dismiss(at: 300)
        #expect(script.brief == ["preparation 0/0 1 of 1", "help_open 100/100 key H", "help_close 200/200 unattended",
                                 "continue 300/300 unattended", "phase_start close 300/300"])
    }

    @Test func withoutHelpItemsThereIsNoHelp() throws {
        var script = try PromptsScript("[[preparation]]\ntext = \"Hi\"\n[[phase]]\nname = \"p\"\ntext = \"x\"\nseconds = 1")
        #expect(script.block.buttons.map(\.role) == [.continue])
        script.frame(100, .keyRelease("H"))
        #expect(script.block.help == nil && script.rows.count == 1)
    }
}
