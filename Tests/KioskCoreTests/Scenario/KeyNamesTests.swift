import Testing

@testable import KioskCore

@Suite struct KeyNamesTests {
    @Test func thereAre175DistinctKeyboardNames() {
        #expect(KeyNames.keyboard.count == 175)
        #expect(Set(KeyNames.keyboard).count == 175)
    }

    @Test func tableHoldsEachGroupOfAppendixB() {
        let names = Set(KeyNames.keyboard)
        for expected in ["A", "Z", "_0", "_9", "F1", "F24", "NUM_0", "NUM_9", "NUM_F4", "NUMLOCK", "PAGEUP", "ENTER",
            "SCRIPTSWITCH", "ROPTION", "POUND", "QUOTELEFT", "ASCIITILDE", "NUM_PAGE_DOWN"]
        {
            #expect(names.contains(expected), "\(expected)")
        }
        for absent in ["RETURN", "HASH", "GRAVE", "F25", "NUM_F5", "a", "ESC", "JOY_BTN_1"] {
            #expect(!names.contains(absent), "\(absent)")
        }
    }

    @Test func lookAlikesAreNotKeys() {
        // U+212A KELVIN SIGN is canonically equivalent to "K", so Swift's == equates them.
        #expect("\u{212A}" == "K")
        #expect(!KeyNames.isKeyboardKey("\u{212A}"))
        #expect(KeyNames.isKeyboardKey("K"))
    }

    @Test func joystickNames() {
        #expect(KeyNames.joystickHats == ["JOY_HAT_LEFT", "JOY_HAT_UP", "JOY_HAT_RIGHT", "JOY_HAT_DOWN"])
        #expect(KeyNames.isJoystickKey("JOY_BTN_1"))
        #expect(KeyNames.isJoystickKey("JOY_BTN_32"))
        #expect(!KeyNames.isJoystickKey("JOY_BTN_0"))
        #expect(!KeyNames.isJoystickKey("JOY_BTN_007"))
        #expect(!KeyNames.isJoystickKey("JOY_BTN_+1"))
        #expect(!KeyNames.isJoystickKey("JOY_BTN_\u{0661}"))
        #expect(!KeyNames.isJoystickKey("SPACE"))
    }
}
