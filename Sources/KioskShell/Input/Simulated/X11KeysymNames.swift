/// The X keysym a simulated participant's key press names (docs/simulate.md), so that X gives
/// back, through SDL, the key labkiosk logs under that name (``SDLKeyNames``, OpenMATB's
/// names): the inverse of that naming for the keys a participant presses. Keypad digits are
/// the digits with NumLock on, which the keyboard turns on before its first key.
enum X11KeysymNames {
    /// The keysym's name for `key`, or nil when no single X key gives it.
    static func keysym(for key: String) -> String? {
        if let name = named[key] { return name }
        if key.count == 1, let letter = key.unicodeScalars.first, ("A"..."Z").contains(letter) { return key.lowercased() }
        if key.count == 2, key.hasPrefix("_"), let digit = key.last, digit.isASCII, digit.isNumber { return String(digit) }
        if key.count == 5, key.hasPrefix("NUM_"), let digit = key.last, digit.isASCII, digit.isNumber { return "KP_\(digit)" }
        if key.hasPrefix("F"), let number = Int(key.dropFirst()), (1...24).contains(number) { return key }
        return nil
    }

    private static let named: [String: String] = [
        "SPACE": "space", "ENTER": "Return", "ESCAPE": "Escape", "BACKSPACE": "BackSpace", "TAB": "Tab",
        "DELETE": "Delete", "INSERT": "Insert", "HOME": "Home", "END": "End", "PAGEUP": "Prior", "PAGEDOWN": "Next",
        "LEFT": "Left", "RIGHT": "Right", "UP": "Up", "DOWN": "Down",
        "LSHIFT": "Shift_L", "RSHIFT": "Shift_R", "LCTRL": "Control_L", "RCTRL": "Control_R", "LALT": "Alt_L", "RALT": "Alt_R",
        "NUM_ENTER": "KP_Enter", "NUM_ADD": "KP_Add", "NUM_SUBTRACT": "KP_Subtract", "NUM_MULTIPLY": "KP_Multiply",
        "NUM_DIVIDE": "KP_Divide", "NUM_DECIMAL": "KP_Decimal",
        "MINUS": "minus", "EQUAL": "equal", "APOSTROPHE": "apostrophe", "PERIOD": "period", "COMMA": "comma",
        "SLASH": "slash", "SEMICOLON": "semicolon", "BRACKETLEFT": "bracketleft", "BRACKETRIGHT": "bracketright",
        "BACKSLASH": "backslash", "QUOTELEFT": "grave",
    ]
}
