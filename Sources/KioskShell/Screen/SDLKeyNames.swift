import CSDL2

/// SDL keys to OpenMATB's key names (pyglet 2.x's `window/key.py`).
///
/// pyglet names the X keysym after modifier processing. SDL's keycode is the layout's
/// unshifted symbol, so the two agree except for Shift-produced symbols (pyglet: Shift+1 on
/// a US layout is `EXCLAMATION`, here `_1`) and the keypad, whose NumLock state is applied
/// here from `KMOD_NUM` as X does. Keys with no name become `user_key(<scancode hex>)`,
/// the shape pyglet gives keys it cannot name (pyglet puts the X keycode there; SDL does
/// not expose it, so this is SDL's scancode, also a hardware code).
public enum SDLKeyNames {
    /// The OpenMATB name of a key.
    ///
    /// - Parameters:
    ///   - keycode: `SDL_Keysym.sym`.
    ///   - scancode: `SDL_Keysym.scancode`, used only for keys without a name.
    ///   - numLock: whether NumLock is on (`KMOD_NUM` in `SDL_Keysym.mod`).
    public static func name(keycode: Int32, scancode: UInt32, numLock: Bool) -> String {
        if let name = keypad[keycode] { return numLock ? name.on : name.off }
        if let name = named[keycode] { return name }
        // Printable ASCII: SDL keycodes are the unshifted character.
        if keycode >= 0x20 && keycode < 0x7F {
            if keycode >= 0x61 && keycode <= 0x7A, let scalar = Unicode.Scalar(UInt32(keycode - 0x20)) {
                return String(Character(scalar))  // a...z → A...Z
            }
            if keycode >= 0x41 && keycode <= 0x5A, let scalar = Unicode.Scalar(UInt32(keycode)) {
                return String(Character(scalar))  // not sent by SDL, but an upper-case letter is still that letter
            }
            if keycode >= 0x30 && keycode <= 0x39 { return "_\(keycode - 0x30)" }
            if let name = ascii[keycode] { return name }
        }
        return "user_key(\(String(scancode, radix: 16)))"
    }

    /// The OpenMATB name of an SDL key event's key.
    public static func name(of keysym: SDL_Keysym) -> String {
        name(
            keycode: keysym.sym, scancode: keysym.scancode.rawValue,
            numLock: UInt32(keysym.mod) & KMOD_NUM.rawValue != 0)
    }

    /// Keypad keys that X maps differently with NumLock on and off.
    static let keypad: [Int32: (on: String, off: String)] = [
        key(SDLK_KP_0): ("NUM_0", "NUM_INSERT"),
        key(SDLK_KP_1): ("NUM_1", "NUM_END"),
        key(SDLK_KP_2): ("NUM_2", "NUM_DOWN"),
        key(SDLK_KP_3): ("NUM_3", "NUM_PAGE_DOWN"),
        key(SDLK_KP_4): ("NUM_4", "NUM_LEFT"),
        key(SDLK_KP_5): ("NUM_5", "NUM_BEGIN"),
        key(SDLK_KP_6): ("NUM_6", "NUM_RIGHT"),
        key(SDLK_KP_7): ("NUM_7", "NUM_HOME"),
        key(SDLK_KP_8): ("NUM_8", "NUM_UP"),
        key(SDLK_KP_9): ("NUM_9", "NUM_PAGE_UP"),
        key(SDLK_KP_PERIOD): ("NUM_DECIMAL", "NUM_DELETE"),
    ]

    /// Keys that are not printable characters, and keypad keys unaffected by NumLock.
    static let named: [Int32: String] = [
        key(SDLK_RETURN): "ENTER", key(SDLK_RETURN2): "ENTER", key(SDLK_ESCAPE): "ESCAPE",
        key(SDLK_BACKSPACE): "BACKSPACE", key(SDLK_TAB): "TAB", key(SDLK_SPACE): "SPACE",
        key(SDLK_DELETE): "DELETE", key(SDLK_INSERT): "INSERT", key(SDLK_HOME): "HOME",
        key(SDLK_END): "END", key(SDLK_PAGEUP): "PAGEUP", key(SDLK_PAGEDOWN): "PAGEDOWN",
        key(SDLK_LEFT): "LEFT", key(SDLK_RIGHT): "RIGHT", key(SDLK_UP): "UP", key(SDLK_DOWN): "DOWN",
        key(SDLK_CAPSLOCK): "CAPSLOCK", key(SDLK_SCROLLLOCK): "SCROLLLOCK", key(SDLK_NUMLOCKCLEAR): "NUMLOCK",
        key(SDLK_PAUSE): "PAUSE", key(SDLK_PRINTSCREEN): "PRINT", key(SDLK_SYSREQ): "SYSREQ",
        key(SDLK_CLEAR): "CLEAR", key(SDLK_SELECT): "SELECT", key(SDLK_EXECUTE): "EXECUTE",
        key(SDLK_UNDO): "UNDO", key(SDLK_AGAIN): "REDO", key(SDLK_MENU): "MENU", key(SDLK_APPLICATION): "MENU",
        key(SDLK_FIND): "FIND", key(SDLK_CANCEL): "CANCEL", key(SDLK_HELP): "HELP", key(SDLK_STOP): "BREAK",
        key(SDLK_MODE): "SCRIPTSWITCH",
        key(SDLK_LSHIFT): "LSHIFT", key(SDLK_RSHIFT): "RSHIFT", key(SDLK_LCTRL): "LCTRL", key(SDLK_RCTRL): "RCTRL",
        key(SDLK_LALT): "LALT", key(SDLK_RALT): "RALT", key(SDLK_LGUI): "LWINDOWS", key(SDLK_RGUI): "RWINDOWS",
        key(SDLK_F1): "F1", key(SDLK_F2): "F2", key(SDLK_F3): "F3", key(SDLK_F4): "F4", key(SDLK_F5): "F5",
        key(SDLK_F6): "F6", key(SDLK_F7): "F7", key(SDLK_F8): "F8", key(SDLK_F9): "F9", key(SDLK_F10): "F10",
        key(SDLK_F11): "F11", key(SDLK_F12): "F12", key(SDLK_F13): "F13", key(SDLK_F14): "F14",
        key(SDLK_F15): "F15", key(SDLK_F16): "F16", key(SDLK_F17): "F17", key(SDLK_F18): "F18",
        key(SDLK_F19): "F19", key(SDLK_F20): "F20", key(SDLK_F21): "F21", key(SDLK_F22): "F22",
        key(SDLK_F23): "F23", key(SDLK_F24): "F24",
        key(SDLK_KP_ENTER): "NUM_ENTER", key(SDLK_KP_PLUS): "NUM_ADD", key(SDLK_KP_MINUS): "NUM_SUBTRACT",
        key(SDLK_KP_MULTIPLY): "NUM_MULTIPLY", key(SDLK_KP_DIVIDE): "NUM_DIVIDE", key(SDLK_KP_EQUALS): "NUM_EQUAL",
        key(SDLK_KP_COMMA): "NUM_SEPARATOR", key(SDLK_KP_SPACE): "NUM_SPACE", key(SDLK_KP_TAB): "NUM_TAB",
    ]

    /// Printable punctuation by character code (letters and digits are computed).
    static let ascii: [Int32: String] = [
        0x21: "EXCLAMATION", 0x22: "DOUBLEQUOTE", 0x23: "POUND", 0x24: "DOLLAR", 0x25: "PERCENT",
        0x26: "AMPERSAND", 0x27: "APOSTROPHE", 0x28: "PARENLEFT", 0x29: "PARENRIGHT", 0x2A: "ASTERISK",
        0x2B: "PLUS", 0x2C: "COMMA", 0x2D: "MINUS", 0x2E: "PERIOD", 0x2F: "SLASH", 0x3A: "COLON",
        0x3B: "SEMICOLON", 0x3C: "LESS", 0x3D: "EQUAL", 0x3E: "GREATER", 0x3F: "QUESTION", 0x40: "AT",
        0x5B: "BRACKETLEFT", 0x5C: "BACKSLASH", 0x5D: "BRACKETRIGHT", 0x5E: "ASCIICIRCUM", 0x5F: "UNDERSCORE",
        0x60: "QUOTELEFT", 0x7B: "BRACELEFT", 0x7C: "BAR", 0x7D: "BRACERIGHT", 0x7E: "ASCIITILDE",
    ]

    /// SDL's keycode enum constants import as `SDL_KeyCode` structs; events carry `Int32`.
    private static func key(_ code: SDL_KeyCode) -> Int32 { Int32(bitPattern: code.rawValue) }
}
