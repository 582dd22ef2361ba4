import Testing
@testable import KioskCore

@Suite struct AWTKeyTests {
    @Test func logLinesFollowInteractLog() {
        func line(_ name: String, shift: Bool = false, control: Bool = false, pressed: Bool = true) -> String {
            AWTKey.from(keyName: name, shift: shift, control: control).logLine(pressed: pressed)
        }
        #expect(line("ENTER") == "KeyPressed_10(RETURN1)")
        #expect(line("NUM_ENTER", pressed: false) == "KeyReleased_10(RETURN4)")
        #expect(line("RIGHT") == "KeyPressed_39(RIGHT:1)")
        #expect(line("ESCAPE") == "KeyPressed_27(ESCAPE:1)")
        #expect(line("SEMICOLON") == "KeyPressed_59(Semicolon:1)")
        #expect(line("A") == "KeyPressed_65(a:1)")
        #expect(line("A", shift: true) == "KeyPressed_65(A:1)")
        #expect(line("SPACE") == "KeyPressed_32( :1)")
        #expect(line("LSHIFT") == "KeyPressed_16(\u{FFFF}:2)")
        #expect(line("RCTRL") == "KeyPressed_17(\u{FFFF}:3)")
        #expect(line("_1", shift: true) == "KeyPressed_49(!:1)")
        #expect(line("NUM_7") == "KeyPressed_103(7:4)")
        #expect(line("A", control: true) == "KeyPressed_65(\u{1}:1)")
        #expect(Array(line("LSHIFT").utf8).contains(0xEF))  // U+FFFF is EF BF BF in UTF-8
    }

    @Test func keyTextsAreAWTs() {
        #expect(AWTKey.from(keyName: "UP", shift: false, control: false).keyText == "Up")
        #expect(AWTKey.from(keyName: "SPACE", shift: false, control: false).keyText == "Space")
        #expect(AWTKey.from(keyName: "Q", shift: false, control: false).keyText == "Q")
        #expect(AWTKey.from(keyName: "F3", shift: false, control: false).keyText == "F3")
    }
}
