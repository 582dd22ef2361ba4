import Testing
@testable import KioskCore

@Suite struct PadTrialTests {
    private func events(_ script: PadTrialScript) throws -> [String] {
        try script.files().main.split(separator: "\n").dropFirst(12).map { String($0.split(separator: ";", maxSplits: 4)[4]) }
    }

    private func openPad(_ script: inout PadTrialScript) {
        script.frame([(4, .keyPress("N"))])
        script.frame([(9, .keyRelease("N"))])
    }

    private func tap(_ script: inout PadTrialScript, _ role: PadButton.Role, holdMilliseconds: Int64 = 50) {
        guard let button = script.block.buttons.first(where: { $0.role == role }) else {
            Issue.record("no \(role) button")
            return
        }
        let centre = Point(button.box.centerX, button.box.centerY)
        script.frame([(2, .pointerDown(centre, .finger(7)))])
        // Frames go on while the finger rests, as they do at 60 Hz.
        for _ in 0..<(holdMilliseconds / 17) { script.frame() }
        script.frame([(1, .pointerUp(centre, .finger(7)))])
    }

    @Test func withoutFamiliarisationTheFirstStimulusIsLoggedWhenItShows() throws {
        var script = try PadTrialScript { $0.familiarisationImage = nil }
        openPad(&script)
        script.key("DOWN")
        script.frame([(1, .keyPress("ESCAPE"))])
        #expect(try events(script) == ["DrawingEnabled", "StimulusOn_S1.png", "KeyPressed_40(DOWN:1)", "StimulusOff_S1.png",
                                       "KeyReleased_40(DOWN:1)", "KeyPressed_27(ESCAPE:1)"])
    }

    @Test func eachLineShownAtItsFrameIsAnOnsetACornerPatchChecks() throws {
        var script = try PadTrialScript()
        var onsets: [String] = []
        openPad(&script)
        onsets += script.block.takeDrawnOnsets().map { "\($0.kind): \($0.label)" }
        script.key("RIGHT")  // ends familiarisation
        onsets += script.block.takeDrawnOnsets().map { "\($0.kind): \($0.label)" }
        script.key("RIGHT")  // stimulus 1, hidden again on release
        onsets += script.block.takeDrawnOnsets().map { "\($0.kind): \($0.label)" }
        // Keys carry their own times: they are not the display's onsets.
        #expect(onsets == ["FamiliarisationOn: FamiliarisationOn_P1.png", "DrawingEnabled: DrawingEnabled",
                           "FamiliarisationOff: FamiliarisationOff_P1.png", "StimulusOn: StimulusOn_S1.png", "StimulusOff: StimulusOff_S1.png"])
        #expect(script.block.takeDrawnOnsets().isEmpty)
    }

    @Test func everyKeyEndsFamiliarisationAndOnlyThen() throws {
        var script = try PadTrialScript()
        openPad(&script)
        script.key("RIGHT")  // only ends familiarisation
        script.key("RIGHT")  // stimulus 1, hidden again on release
        script.frame([(1, .keyPress("ESCAPE"))])
        #expect(try events(script) == [
            "FamiliarisationOn_P1.png", "DrawingEnabled", "KeyPressed_39(RIGHT:1)", "FamiliarisationOff_P1.png", "KeyReleased_39(RIGHT:1)",
            "KeyPressed_39(RIGHT:1)", "StimulusOn_S1.png", "KeyReleased_39(RIGHT:1)", "StimulusOff_S1.png", "KeyPressed_27(ESCAPE:1)",
        ])
    }

    @Test func theFamiliarisationTimerEnablesDrawingWhenItEnds() throws {
        var script = try PadTrialScript { $0.familiarisationTimerMilliseconds = 1000 }
        openPad(&script)
        script.stroke(from: PadTrialScript.pad(10, 10), to: PadTrialScript.pad(20, 20))  // blocked: not logged
        script.frame(after: 1000)
        script.stroke(from: PadTrialScript.pad(10, 10), to: PadTrialScript.pad(20, 20))
        script.frame([(1, .keyPress("ESCAPE"))])
        #expect(try events(script) == ["FamiliarisationOn_P1.png", "FamiliarisationOff_P1.png", "DrawingEnabled",
                                       "ButtonDown", "ButtonReleased", "KeyPressed_27(ESCAPE:1)"])
    }

    @Test func aDelayedStimulusShowsAfterItsDelayOrNotAtAllWhenTheKeyIsGone() throws {
        var script = try PadTrialScript { $0.stimulusDelayMilliseconds = 500 }
        openPad(&script)
        script.key("DOWN")
        script.key("UP", holdMilliseconds: 200)   // released before the delay: nothing shows
        script.frame([(1, .keyPress("UP"))])
        script.frame(after: 300)
        let pressed = script.frame
        script.frame(after: 300)                   // due now
        let shown = script.frame
        script.frame([(1, .keyRelease("UP"))])
        script.frame([(1, .keyPress("ESCAPE"))])
        let lines = try script.files().main.split(separator: "\n").dropFirst(12)
        let on = lines.filter { $0.hasSuffix("StimulusOn_S1.png") }
        #expect(on.count == 1)
        let time = Int64(on[0].split(separator: ";")[1])!
        #expect(time == shown.nanoseconds && time > pressed.nanoseconds)
    }

    @Test func strokesAreBlockedOverAStimulusUnlessAllowed() throws {
        for allowed in [false, true] {
            var script = try PadTrialScript { $0.allowDrawingOverStimulus = allowed }
            openPad(&script)
            script.key("DOWN")
            script.frame([(1, .keyPress("UP"))])
            script.stroke(from: PadTrialScript.pad(10, 10), to: PadTrialScript.pad(50, 50))
            script.frame([(1, .keyRelease("UP"))])
            script.frame([(1, .keyPress("ESCAPE"))])
            #expect(try events(script).contains("ButtonDown") == allowed)
            // Samples are kept either way; a blocked one belongs to no stroke.
            let samples = try script.files().samples.split(separator: "\n").filter { $0.hasPrefix("sample\t") }
            #expect(samples.count == 5)
            #expect(samples.allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false)[10].isEmpty } == !allowed)
        }
    }

    @Test func aHeldKeyIsLoggedOnceAndCtrlEnterEndsTheTrial() throws {
        var script = try PadTrialScript()
        openPad(&script)
        script.key("DOWN")
        script.frame([(1, .keyPress("UP"))])
        script.frame([(1, .keyPress("UP"))])  // auto-repeat
        script.frame([(1, .keyPress("LCTRL"))])
        script.frame([(1, .keyPress("ENTER"))])
        let lines = try events(script)
        #expect(lines.filter { $0 == "KeyPressed_38(UP:1)" }.count == 1)
        #expect(Array(lines.suffix(3)) == ["KeyPressed_17(\u{FFFF}:2)", "StimulusOff_S1.png", "KeyPressed_10(RETURN1)"])
        #expect(script.outputs.last == .trialEnded)
    }

    @Test func onScreenControlsActLikeKeysWithoutKeyLines() throws {
        var script = try PadTrialScript()
        openPad(&script)
        tap(&script, .hide)
        tap(&script, .next, holdMilliseconds: 400)
        script.frame([(1, .keyPress("ESCAPE"))])
        #expect(try events(script) == ["FamiliarisationOn_P1.png", "DrawingEnabled", "FamiliarisationOff_P1.png",
                                       "StimulusOn_S1.png", "StimulusOff_S1.png", "KeyPressed_27(ESCAPE:1)"])
        let controls = try script.files().samples.split(separator: "\n").filter { $0.hasPrefix("control\t") }
        #expect(controls.map { $0.split(separator: "\t", omittingEmptySubsequences: false)[13] } == ["hide", "next"])
    }

    @Test func theEndControlMustBeHeld() throws {
        var script = try PadTrialScript { $0.endHoldMilliseconds = 1000 }
        openPad(&script)
        tap(&script, .endTrial, holdMilliseconds: 300)
        #expect(!script.outputs.contains(.trialEnded))
        tap(&script, .endTrial, holdMilliseconds: 1100)
        #expect(script.outputs.last == .trialEnded)
        #expect(try events(script).last == "DrawingEnabled")  // no key line for a control
    }

    @Test func undoAndTheEraserTakeStrokesOffThePadButNotOutOfTheLogs() throws {
        var script = try PadTrialScript {
            $0.allowUndo = true
            $0.allowEraser = true
        }
        openPad(&script)
        script.key("DOWN")
        script.stroke(from: PadTrialScript.pad(100, 100), to: PadTrialScript.pad(300, 100))
        script.stroke(from: PadTrialScript.pad(100, 300), to: PadTrialScript.pad(300, 300))
        script.stroke(from: PadTrialScript.pad(100, 500), to: PadTrialScript.pad(300, 500))
        tap(&script, .undo)
        script.stroke(from: PadTrialScript.pad(200, 90), to: PadTrialScript.pad(200, 110), tool: .eraser(1))
        script.frame([(1, .keyPress("ESCAPE"))])
        let files = try script.files()
        #expect(files.strokes.split(separator: "\n").count == 12 + 3)
        #expect(files.ink.count == 1 && files.ink[0].first == Point(100, 300))
        let rows = files.samples.split(separator: "\n")
        #expect(rows.contains { $0.hasPrefix("undo\t") && $0.hasSuffix("\t3") })
        #expect(rows.contains { $0.hasPrefix("erase\t") && $0.hasSuffix("\t1") })
        #expect(try events(script).filter { $0 == "ButtonDown" }.count == 3)
    }

    @Test func oneStrokeAtATime() throws {
        var script = try PadTrialScript()
        openPad(&script)
        script.key("DOWN")
        script.frame([(1, .pointerDown(PadTrialScript.pad(10, 10), .pen(1)))])
        script.frame([(1, .pointerDown(PadTrialScript.pad(400, 400), .finger(2)))])
        script.frame([(1, .pointerUp(PadTrialScript.pad(420, 420), .finger(2)))])
        script.frame([(1, .pointerUp(PadTrialScript.pad(30, 30), .pen(1)))])
        script.frame([(1, .keyPress("ESCAPE"))])
        let strokes = try script.files().strokes.split(separator: "\n").dropFirst(12)
        #expect(strokes.count == 1 && strokes.first!.hasPrefix("1;") && strokes.first!.hasSuffix(";10;10;30;30"))
    }

    @Test func anotherTrialCountsOnWithItsOwnLines() throws {
        var script = try PadTrialScript()
        openPad(&script)
        script.frame([(1, .keyPress("ESCAPE"))])
        script.frame([(1, .keyRelease("ESCAPE"))])
        script.frame([(1, .keyPress("N"))])
        let openings = script.outputs.compactMap { if case .trialOpened(let o) = $0 { o } else { nil } }
        #expect(openings.map(\.trialNumber) == [1, 2])
        let lastLines = script.outputs.reversed().prefix { if case .trialOpened = $0 { false } else { true } }
        #expect(lastLines.contains(.record(.event(InteractLogEvent(number: 1, time: script.frame, text: "FamiliarisationOn_P1.png", isShownAtFrame: true)))))
    }

    @Test func unattendedRunsMoveOnByThemselves() throws {
        let script = try PadTrialScript(participant: nil)
        for _ in 0..<4 { script.block.dismissWaitingScreen(at: script.frame) }
        #expect(script.block.isFinished)
        #expect(script.block.participant == PadBlock.anonymous)
        #expect(script.block.takeOutputs().contains(.trialEnded))
    }
}
