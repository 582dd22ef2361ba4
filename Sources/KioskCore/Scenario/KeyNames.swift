/// The key names scenario files may use (pyglet 2.x's `window/key.py`): pyglet's symbol names for the
/// keyboard, and OpenMATB's joystick button and hat names.
///
/// Names are compared code point by code point, as Python compares strings: a look-alike
/// such as the Kelvin sign `K` (U+212A), which Swift's `String ==` treats as `K`, is not a key.
public enum KeyNames {
    /// The 175 keyboard key names `kbkey` and `key` parameters accept: letters, digits, function keys, keypad, navigation, editing, modifiers, punctuation.
    public static let keyboard: [String] = letters + digits + functionKeys + numpad + navigation
        + editing + modifiers + punctuation

    /// The four joystick hat directions, in OpenMATB's order.
    public static let joystickHats = ["JOY_HAT_LEFT", "JOY_HAT_UP", "JOY_HAT_RIGHT", "JOY_HAT_DOWN"]

    /// The prefix of joystick button names, numbered from 1: `JOY_BTN_1`, `JOY_BTN_2`, …
    public static let joystickButtonPrefix = "JOY_BTN_"

    /// Whether `name` is one of the ``keyboard`` names.
    public static func isKeyboardKey(_ name: String) -> Bool {
        name.unicodeScalars.allSatisfy(\.isASCII) && keyboardSet.contains(name)
    }

    /// Whether `name` is a joystick button (`JOY_BTN_n`, n ≥ 1 written without leading
    /// zeros) or hat name.
    ///
    /// The button count depends on the device, which validation does not know; any
    /// positive number is accepted.
    public static func isJoystickKey(_ name: String) -> Bool {
        guard name.unicodeScalars.allSatisfy(\.isASCII) else { return false }
        if joystickHats.contains(name) { return true }
        guard name.hasPrefix(joystickButtonPrefix) else { return false }
        let number = name.dropFirst(joystickButtonPrefix.count)
        guard let first = number.first, first != "0" else { return false }
        return number.allSatisfy { ("0"..."9").contains($0) } && Int(number) != nil
    }

    private static let keyboardSet = Set(keyboard)

    private static let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
    private static let digits = (0...9).map { "_\($0)" }
    private static let functionKeys = (1...24).map { "F\($0)" }
    private static let numpad =
        (0...9).map { "NUM_\($0)" } + [
            "NUM_ENTER", "NUM_ADD", "NUM_SUBTRACT", "NUM_MULTIPLY", "NUM_DIVIDE", "NUM_DECIMAL",
            "NUM_EQUAL", "NUM_SEPARATOR", "NUM_SPACE", "NUM_TAB",
        ] + (1...4).map { "NUM_F\($0)" } + [
            "NUM_HOME", "NUM_END", "NUM_BEGIN", "NUM_INSERT", "NUM_DELETE", "NUM_LEFT", "NUM_RIGHT",
            "NUM_UP", "NUM_DOWN", "NUM_PAGE_UP", "NUM_PAGE_DOWN", "NUMLOCK",
        ]
    private static let navigation = [
        "LEFT", "RIGHT", "UP", "DOWN", "HOME", "END", "PAGEUP", "PAGEDOWN", "BEGIN", "INSERT", "DELETE",
    ]
    /// `ENTER` is the main Return key; pyglet has no `RETURN` name.
    private static let editing = [
        "ENTER", "SPACE", "TAB", "BACKSPACE", "ESCAPE", "LINEFEED", "CLEAR", "PAUSE", "SCROLLLOCK",
        "SYSREQ", "CAPSLOCK", "BREAK", "SELECT", "PRINT", "EXECUTE", "UNDO", "REDO", "MENU", "FIND",
        "CANCEL", "HELP", "SCRIPTSWITCH",
    ]
    private static let modifiers = [
        "LSHIFT", "RSHIFT", "LCTRL", "RCTRL", "LALT", "RALT", "LMETA", "RMETA", "LWINDOWS", "RWINDOWS",
        "LCOMMAND", "RCOMMAND", "LOPTION", "ROPTION",
    ]
    /// `POUND` is the `#` key (no `HASH`); `QUOTELEFT` is the backquote (no `GRAVE`).
    private static let punctuation = [
        "EXCLAMATION", "DOUBLEQUOTE", "POUND", "DOLLAR", "PERCENT", "AMPERSAND", "APOSTROPHE",
        "PARENLEFT", "PARENRIGHT", "ASTERISK", "PLUS", "COMMA", "MINUS", "PERIOD", "SLASH", "COLON",
        "SEMICOLON", "LESS", "EQUAL", "GREATER", "QUESTION", "AT", "BRACKETLEFT", "BACKSLASH",
        "BRACKETRIGHT", "ASCIICIRCUM", "UNDERSCORE", "QUOTELEFT", "BRACELEFT", "BAR", "BRACERIGHT",
        "ASCIITILDE",
    ]
}
