/// A key as Java's AWT names it, which is how InteractLog logs keys: its virtual-key code,
/// location, the character it types and AWT's English key text (docs/drawing-pad.md: Keys).
public struct AWTKey: Hashable, Sendable {
    public var code: Int
    /// 0 unknown, 1 standard, 2 left, 3 right, 4 number pad.
    public var location: Int
    /// The character typed; U+FFFF (AWT's "undefined") for keys that type none.
    public var character: Character
    /// `KeyEvent.getKeyText`: `Up`, `Space`, `A`, `F1`, `NumPad-1`.
    public var keyText: String

    public static let undefinedCharacter: Character = "\u{FFFF}"

    /// The label inside InteractLog's key lines: `Semicolon`, `RETURN` (joined to the
    /// location, without a colon), the arrow and Escape names, or the character typed.
    public var logLabel: String {
        if character == ";" { return "Semicolon" }
        switch code {
        case 38: return "UP"
        case 39: return "RIGHT"
        case 37: return "LEFT"
        case 40: return "DOWN"
        case 27: return "ESCAPE"
        default: return String(character)
        }
    }

    /// `KeyPressed_39(RIGHT:1)`, `KeyReleased_10(RETURN1)`.
    public func logLine(pressed: Bool) -> String {
        let verb = pressed ? "KeyPressed_" : "KeyReleased_"
        if code == 10 { return "\(verb)\(code)(RETURN\(location))" }
        return "\(verb)\(code)(\(logLabel):\(location))"
    }

    /// The AWT key for one of labkiosk's key names (OpenMATB's, docs/openmatb-behaviour.md:
    /// Key names), with the modifiers held. The character follows a US layout, as the key
    /// names do; Caps Lock is not applied.
    public static func from(keyName name: String, shift: Bool, control: Bool) -> AWTKey {
        if name.count == 1, let scalar = name.unicodeScalars.first, scalar.value >= 0x41, scalar.value <= 0x5A {
            let code = Int(scalar.value)
            let character: Character
            if control {
                character = Character(Unicode.Scalar(UInt8(code - 0x40)))
            } else {
                character = shift ? Character(scalar) : Character(Unicode.Scalar(UInt8(code + 0x20)))
            }
            return AWTKey(code: code, location: 1, character: character, keyText: String(Character(scalar)))
        }
        if name.count == 2, name.hasPrefix("_"), let digit = Int(name.dropFirst()) {
            let shifted: [Character] = [")", "!", "@", "#", "$", "%", "^", "&", "*", "("]
            let character = shift ? shifted[digit] : Character(String(digit))
            return AWTKey(code: 48 + digit, location: 1, character: character, keyText: String(digit))
        }
        if name.hasPrefix("NUM_"), name.count == 5, let digit = Int(name.dropFirst(4)) {
            return AWTKey(code: 96 + digit, location: 4, character: Character(String(digit)), keyText: "NumPad-\(digit)")
        }
        if name.hasPrefix("F"), let number = Int(name.dropFirst()), (1...12).contains(number) {
            return AWTKey(code: 111 + number, location: 1, character: undefinedCharacter, keyText: "F\(number)")
        }
        if let known = named[name] {
            var key = known
            if shift, let shiftedCharacter = shiftedPunctuation[name] { key.character = shiftedCharacter }
            return key
        }
        return AWTKey(code: 0, location: 0, character: undefinedCharacter, keyText: "Unknown keyCode: 0x0")
    }

    private static let u = undefinedCharacter

    private static let named: [String: AWTKey] = [
        "ENTER": AWTKey(code: 10, location: 1, character: "\n", keyText: "Enter"),
        "NUM_ENTER": AWTKey(code: 10, location: 4, character: "\n", keyText: "Enter"),
        "BACKSPACE": AWTKey(code: 8, location: 1, character: "\u{8}", keyText: "Backspace"),
        "TAB": AWTKey(code: 9, location: 1, character: "\t", keyText: "Tab"),
        "ESCAPE": AWTKey(code: 27, location: 1, character: "\u{1B}", keyText: "Escape"),
        "SPACE": AWTKey(code: 32, location: 1, character: " ", keyText: "Space"),
        "LEFT": AWTKey(code: 37, location: 1, character: u, keyText: "Left"),
        "UP": AWTKey(code: 38, location: 1, character: u, keyText: "Up"),
        "RIGHT": AWTKey(code: 39, location: 1, character: u, keyText: "Right"),
        "DOWN": AWTKey(code: 40, location: 1, character: u, keyText: "Down"),
        "LSHIFT": AWTKey(code: 16, location: 2, character: u, keyText: "Shift"),
        "RSHIFT": AWTKey(code: 16, location: 3, character: u, keyText: "Shift"),
        "LCTRL": AWTKey(code: 17, location: 2, character: u, keyText: "Ctrl"),
        "RCTRL": AWTKey(code: 17, location: 3, character: u, keyText: "Ctrl"),
        "LALT": AWTKey(code: 18, location: 2, character: u, keyText: "Alt"),
        "RALT": AWTKey(code: 18, location: 3, character: u, keyText: "Alt"),
        "CAPSLOCK": AWTKey(code: 20, location: 1, character: u, keyText: "Caps Lock"),
        "PAGEUP": AWTKey(code: 33, location: 1, character: u, keyText: "Page Up"),
        "PAGEDOWN": AWTKey(code: 34, location: 1, character: u, keyText: "Page Down"),
        "END": AWTKey(code: 35, location: 1, character: u, keyText: "End"),
        "HOME": AWTKey(code: 36, location: 1, character: u, keyText: "Home"),
        "INSERT": AWTKey(code: 155, location: 1, character: u, keyText: "Insert"),
        "DELETE": AWTKey(code: 127, location: 1, character: "\u{7F}", keyText: "Delete"),
        "COMMA": AWTKey(code: 44, location: 1, character: ",", keyText: "Comma"),
        "MINUS": AWTKey(code: 45, location: 1, character: "-", keyText: "Minus"),
        "PERIOD": AWTKey(code: 46, location: 1, character: ".", keyText: "Period"),
        "SLASH": AWTKey(code: 47, location: 1, character: "/", keyText: "Slash"),
        "SEMICOLON": AWTKey(code: 59, location: 1, character: ";", keyText: "Semicolon"),
        "EQUAL": AWTKey(code: 61, location: 1, character: "=", keyText: "Equals"),
        "BRACKETLEFT": AWTKey(code: 91, location: 1, character: "[", keyText: "Open Bracket"),
        "BACKSLASH": AWTKey(code: 92, location: 1, character: "\\", keyText: "Back Slash"),
        "BRACKETRIGHT": AWTKey(code: 93, location: 1, character: "]", keyText: "Close Bracket"),
        "QUOTELEFT": AWTKey(code: 192, location: 1, character: "`", keyText: "Back Quote"),
        "APOSTROPHE": AWTKey(code: 222, location: 1, character: "'", keyText: "Quote"),
    ]

    private static let shiftedPunctuation: [String: Character] = [
        "COMMA": "<", "MINUS": "_", "PERIOD": ">", "SLASH": "?", "SEMICOLON": ":", "EQUAL": "+",
        "BRACKETLEFT": "{", "BACKSLASH": "|", "BRACKETRIGHT": "}", "QUOTELEFT": "~", "APOSTROPHE": "\"",
    ]
}
