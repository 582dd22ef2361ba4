import Testing
@testable import KioskCore

@Suite struct ConsentBlockTests {
    private let canvas = Canvas(width: 1280, height: 800)

    private func block(name: Bool = true, signature: Bool = true) -> ConsentBlock {
        let form = ConsentForm(title: "Consent", pages: [.init(file: "a.html"), .init(file: "b.html")],
                               statements: ["I have read it.", "I may stop at any time."], asksName: name, asksSignature: signature)
        let block = ConsentBlock(form: form, pageTexts: ["<h1>Study</h1><p>About it.</p>", "<p>Your data.</p>"], canvas: canvas)
        block.begin(at: at(0))
        return block
    }

    private func at(_ seconds: Double) -> MonotonicTime { MonotonicTime(nanoseconds: Int64(seconds * 1e9)) }

    /// A tap on the enabled button that does `action`.
    private func tap(_ block: ConsentBlock, _ action: ConsentBlock.Action, time: Double = 1) {
        guard let button = block.buttons().first(where: { $0.action == action && $0.enabled }) else {
            Issue.record("no enabled \(action) on \(block.stage)")
            return
        }
        let point = Point(button.box.centerX, button.box.centerY)
        block.advance(to: at(time), inputs: [InputEvent(time: at(time), .pointerDown(point, .finger(1))), InputEvent(time: at(time), .pointerUp(point, .finger(1)))])
    }

    private func keys(_ block: ConsentBlock, _ names: [String]) {
        block.advance(to: at(2), inputs: names.map { InputEvent(time: at(2), .keyPress($0)) })
    }

    @Test func agreeingTakesEveryBoxThenTheNameThenASignature() {
        let consent = block()
        tap(consent, .next)
        #expect(consent.stage == .page(1))
        tap(consent, .back)
        tap(consent, .next)
        tap(consent, .next)
        #expect(consent.stage == .statements)
        // Agree waits for every box.
        #expect(consent.buttons().first { $0.action == .agree }?.enabled == false)
        tap(consent, .toggle(0))
        #expect(consent.button(at: Point(consent.buttons().last!.box.centerX, consent.buttons().last!.box.centerY)) == nil)
        tap(consent, .toggle(1))
        tap(consent, .agree)
        #expect(consent.stage == .name && consent.ticked == [true, true])
        // Words start with capitals; Shift flips the next letter; a keyboard types too.
        for letter in "ADA" { tap(consent, .type(letter)) }
        tap(consent, .type(" "))
        keys(consent, ["L", "O", "V", "E", "BACKSPACE", "E", "SPACE", "LSHIFT", "M", "C"])
        consent.advance(to: at(2), inputs: [InputEvent(time: at(2), .keyRelease("LSHIFT"))])
        tap(consent, .shift)
        tap(consent, .type("K"))
        keys(consent, ["7", "SLASH"])
        #expect(consent.name == "Ada Love mCK")
        tap(consent, .type(" "))
        keys(consent, ["ENTER"])
        #expect(consent.stage == .signature && consent.name == "Ada Love mCK")
        #expect(consent.buttons().first { $0.action == .signed }?.enabled == false)
        let box = consent.signatureBox
        let inside = Point(box.left + 50, box.bottom + 50)
        consent.advance(to: at(3), inputs: [InputEvent(time: at(3), .pointerDown(inside, .pen(1))),
                                            InputEvent(time: at(3), .pointerMove(Point(box.left + 120, box.bottom + 90), .pen(1))),
                                            InputEvent(time: at(3), .pointerMove(Point(box.right + 500, box.bottom + 90), .pen(1))),
                                            InputEvent(time: at(3), .pointerUp(Point(box.right + 500, box.bottom + 90), .pen(1)))])
        #expect(consent.strokes.count == 1 && consent.strokes[0].allSatisfy { $0.x <= box.right })
        tap(consent, .clearSignature)
        #expect(consent.strokes.isEmpty)
        consent.advance(to: at(4), inputs: [InputEvent(time: at(4), .pointerDown(inside, .finger(2))),
                                            InputEvent(time: at(4), .pointerUp(Point(inside.x + 80, inside.y), .finger(2)))])
        tap(consent, .signed, time: 5)
        #expect(consent.outcome == ConsentBlock.Outcome(decision: .agreed, time: at(5)))
        #expect(consent.isFinished)
    }

    @Test func declineAsksOnceMoreFromAnyScreen() {
        let consent = block()
        tap(consent, .decline)
        #expect(consent.stage == .confirmDecline(from: .page(0)))
        tap(consent, .declineCancelled)
        #expect(consent.stage == .page(0) && !consent.isFinished)
        tap(consent, .next)
        tap(consent, .next)
        tap(consent, .toggle(0))
        tap(consent, .decline)
        tap(consent, .declineConfirmed, time: 7)
        #expect(consent.outcome == ConsentBlock.Outcome(decision: .declined, time: at(7)))
    }

    @Test func aFormWithoutNameOrSignatureEndsAtAgree() {
        let consent = block(name: false, signature: false)
        tap(consent, .next)
        tap(consent, .next)
        tap(consent, .toggle(0))
        tap(consent, .toggle(1))
        tap(consent, .agree, time: 3)
        #expect(consent.outcome?.decision == .agreed)
    }

    @Test func unattendedRunsAndQuitsSayNobodyDecided() {
        let unattended = block()
        unattended.dismissWaitingScreen(at: at(1))
        #expect(unattended.outcome?.decision == .notAsked)
        let closed = block()
        closed.advance(to: at(1), inputs: [InputEvent(time: at(1), .quitRequested)])
        #expect(closed.outcome?.decision == .stopped)
    }

    @Test func aPressThatSlidesOffAButtonDoesNothing() {
        let consent = block()
        let next = consent.buttons().first { $0.action == .next }!
        consent.advance(to: at(1), inputs: [InputEvent(time: at(1), .pointerDown(Point(next.box.centerX, next.box.centerY), .finger(1))),
                                            InputEvent(time: at(1), .pointerUp(Point(10, 400), .finger(1)))])
        #expect(consent.stage == .page(0))
    }

    @Test func everyScreenDrawsItsButtons() {
        let consent = block()
        #expect(consent.drawList().commands.contains { if case .richText = $0 { true } else { false } })
        tap(consent, .next)
        tap(consent, .next)
        let texts = consent.drawList().commands.compactMap { if case .text(let text, _, _) = $0 { text } else { nil } }
        #expect(texts.contains("I have read it.") && texts.contains("I agree") && texts.contains("I do not wish to take part"))
    }

    @Test func theRecordNamesEveryFileBoxAndTheDecision() throws {
        let record = ConsentRecord(participant: "P017", form: ("consent/form.toml", "aa"), title: "Consent", pages: [("consent/a.html", "bb")],
                                   textSHA256: "cc", statements: [("I have read it.", true), ("Tab\there", false)], decision: .declined,
                                   decided: "2026-11-27 10:00:00", name: "Ada", signature: nil, strokes: 0, version: "1.0")
        let fields = try #require(ConsentRecord.fields(record.text))
        #expect(fields.map(\.name) == ["version", "participant", "title", "form", "form sha256", "page 1", "page 1 sha256", "text sha256",
                                       "statement 1", "statement 1 ticked", "statement 2", "statement 2 ticked", "decision", "decided", "name"])
        #expect(fields.first { $0.name == "statement 2" }?.value == "Tab here")
        #expect(fields.first { $0.name == "decision" }?.value == "declined")
        #expect(ConsentRecord.fields("participant\tP1\n") == nil)
    }
}
