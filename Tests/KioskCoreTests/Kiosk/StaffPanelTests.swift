import Testing
@testable import KioskCore

@Suite struct StaffPanelTests {
    private let canvas = Canvas(width: 1920, height: 1080)

    private func at(_ seconds: Double) -> MonotonicTime { MonotonicTime(nanoseconds: Int64(seconds * 1e9)) }

    /// Hands `payloads` to the panel at `seconds`; returns its choice and what the block still gets.
    private func frame(_ panel: inout StaffPanel, _ payloads: [InputEvent.Payload], at seconds: Double) -> (StaffPanel.Choice?, [InputEvent]) {
        var inputs = payloads.map { InputEvent(time: at(seconds), $0) }
        let choice = panel.take(&inputs, canvas: canvas, at: at(seconds))
        return (choice, inputs)
    }

    @Test func theChordOpensTheMenuAndItsKeysChoose() {
        var panel = StaffPanel(exit: StaffExit())
        let chord: [InputEvent.Payload] = [.keyPress("LCTRL"), .keyPress("LALT"), .keyPress("LSHIFT"), .keyPress("Q")]
        let (none, passed) = frame(&panel, chord, at: 1)
        #expect(none == nil && panel.isOpen)
        #expect(passed.isEmpty, "the keys that opened the panel do not reach the block")
        _ = frame(&panel, [.keyRelease("LCTRL"), .keyRelease("LALT"), .keyRelease("LSHIFT"), .keyRelease("Q")], at: 1.1)
        #expect(frame(&panel, [.keyPress("S")], at: 1.2).0 == .skipBlock)
        #expect(!panel.isOpen)
        let (_, after) = frame(&panel, [.keyPress("SPACE")], at: 1.3)
        #expect(!panel.isOpen && after.count == 1, "released chord keys do not reopen it")
    }

    @Test func holdingTheCornerOpensThePinPadOnlyWhenAPinIsSet() {
        var withoutPin = StaffPanel(exit: StaffExit())
        _ = frame(&withoutPin, [.pointerDown(Point(20, 1060), .finger(1))], at: 0)
        _ = frame(&withoutPin, [], at: 4)
        #expect(!withoutPin.isOpen)

        var panel = StaffPanel(exit: StaffExit(pin: "2468"))
        _ = frame(&panel, [.pointerDown(Point(20, 1060), .finger(1))], at: 0)
        _ = frame(&panel, [], at: 2)
        #expect(!panel.isOpen, "not before three seconds")
        _ = frame(&panel, [], at: 3.1)
        #expect(panel.isOpen)
    }

    @Test func theRightPinOnThePadLeadsToTheMenu() {
        var panel = StaffPanel(exit: StaffExit(pin: "24"))
        _ = frame(&panel, [.pointerDown(Point(20, 1060), .finger(1))], at: 0)
        _ = frame(&panel, [], at: 3.1)
        _ = frame(&panel, [.pointerUp(Point(20, 1060), .finger(1))], at: 3.5)
        #expect(panel.isOpen)
        var list = DrawList(canvas: canvas)
        panel.draw(into: &list)
        let keys = list.commands.compactMap { command -> (String, Rect)? in
            if case .text(let text, let box, _) = command { return (text, box) } else { return nil }
        }
        func tap(_ label: String, at seconds: Double) -> StaffPanel.Choice? {
            guard let box = keys.first(where: { $0.0 == label })?.1 else { return nil }
            let centre = Point(box.left + box.width / 2, box.bottom + box.height / 2)
            return frame(&panel, [.pointerDown(centre, .finger(1)), .pointerUp(centre, .finger(1))], at: seconds).0
        }
        _ = tap("2", at: 4)
        _ = tap("4", at: 4.1)
        _ = tap("OK", at: 4.2)
        var menu = DrawList(canvas: canvas)
        panel.draw(into: &menu)
        #expect(menu.commands.contains { if case .text("Leave; resume later (L)", _, _) = $0 { true } else { false } })
        #expect(frame(&panel, [.keyPress("L")], at: 5).0 == .leave)
    }
}
