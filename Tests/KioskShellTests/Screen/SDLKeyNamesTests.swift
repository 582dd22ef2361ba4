import CSDL2
import Testing

@testable import KioskShell

@Suite struct SDLKeyNamesTests {
    func name(_ key: SDL_KeyCode, numLock: Bool = false) -> String {
        SDLKeyNames.name(keycode: Int32(bitPattern: key.rawValue), scancode: 0, numLock: numLock)
    }

    @Test func specExamples() {
        #expect(name(SDLK_RETURN) == "ENTER")
        #expect(name(SDLK_KP_ENTER) == "NUM_ENTER")
        #expect(name(SDLK_KP_1, numLock: true) == "NUM_1")
        #expect(name(SDLK_KP_1, numLock: false) == "NUM_END")
        #expect(name(SDLK_KP_5, numLock: false) == "NUM_BEGIN")
        #expect(name(SDLK_KP_PERIOD, numLock: false) == "NUM_DELETE")
        #expect(name(SDLK_F1) == "F1")
        #expect(name(SDLK_F24) == "F24")
        #expect(name(SDLK_a) == "A")
        #expect(name(SDLK_z) == "Z")
        #expect(name(SDLK_1) == "_1")
        #expect(name(SDLK_0) == "_0")
        #expect(name(SDLK_SPACE) == "SPACE")
        #expect(name(SDLK_ESCAPE) == "ESCAPE")
        #expect(name(SDLK_UP) == "UP")
        #expect(name(SDLK_HASH) == "POUND")
        #expect(name(SDLK_BACKQUOTE) == "QUOTELEFT")
        #expect(name(SDLK_LGUI) == "LWINDOWS")
        #expect(name(SDLK_KP_PLUS) == "NUM_ADD")
    }

    @Test func unknownKeysNameTheirScancodeInHex() {
        #expect(SDLKeyNames.name(keycode: 0xE9, scancode: 0x64, numLock: false) == "user_key(64)")
    }

    /// Every name the table can produce must be one OpenMATB accepts (spec Appendix B).
    @Test func everyProducedNameIsAValidOpenMATBName() {
        var produced = Set(SDLKeyNames.named.values).union(SDLKeyNames.ascii.values)
        for pair in SDLKeyNames.keypad.values { produced.formUnion([pair.on, pair.off]) }
        for code in Int32(0x20)..<0x7F { produced.insert(SDLKeyNames.name(keycode: code, scancode: 0, numLock: false)) }
        #expect(produced.subtracting(Self.appendixB).isEmpty, "not in Appendix B: \(produced.subtracting(Self.appendixB).sorted())")
    }

    static let appendixB: Set<String> = {
        var names: Set<String> = [
            "NUM_ENTER", "NUM_ADD", "NUM_SUBTRACT", "NUM_MULTIPLY", "NUM_DIVIDE", "NUM_DECIMAL", "NUM_EQUAL",
            "NUM_SEPARATOR", "NUM_SPACE", "NUM_TAB", "NUM_F1", "NUM_F2", "NUM_F3", "NUM_F4", "NUM_HOME", "NUM_END",
            "NUM_BEGIN", "NUM_INSERT", "NUM_DELETE", "NUM_LEFT", "NUM_RIGHT", "NUM_UP", "NUM_DOWN", "NUM_PAGE_UP",
            "NUM_PAGE_DOWN", "NUMLOCK", "LEFT", "RIGHT", "UP", "DOWN", "HOME", "END", "PAGEUP", "PAGEDOWN", "BEGIN",
            "INSERT", "DELETE", "ENTER", "SPACE", "TAB", "BACKSPACE", "ESCAPE", "LINEFEED", "CLEAR", "PAUSE",
            "SCROLLLOCK", "SYSREQ", "CAPSLOCK", "BREAK", "SELECT", "PRINT", "EXECUTE", "UNDO", "REDO", "MENU", "FIND",
            "CANCEL", "HELP", "SCRIPTSWITCH", "LSHIFT", "RSHIFT", "LCTRL", "RCTRL", "LALT", "RALT", "LMETA", "RMETA",
            "LWINDOWS", "RWINDOWS", "LCOMMAND", "RCOMMAND", "LOPTION", "ROPTION", "EXCLAMATION", "DOUBLEQUOTE",
            "POUND", "DOLLAR", "PERCENT", "AMPERSAND", "APOSTROPHE", "PARENLEFT", "PARENRIGHT", "ASTERISK", "PLUS",
            "COMMA", "MINUS", "PERIOD", "SLASH", "COLON", "SEMICOLON", "LESS", "EQUAL", "GREATER", "QUESTION", "AT",
            "BRACKETLEFT", "BACKSLASH", "BRACKETRIGHT", "ASCIICIRCUM", "UNDERSCORE", "QUOTELEFT", "BRACELEFT", "BAR",
            "BRACERIGHT", "ASCIITILDE",
        ]
        for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" { names.insert(String(letter)) }
        for d in 0...9 { names.formUnion(["_\(d)", "NUM_\(d)"]) }
        for f in 1...24 { names.insert("F\(f)") }
        return names
    }()

    @Test func appendixBHas175Names() {
        #expect(Self.appendixB.count == 175)
    }
}
