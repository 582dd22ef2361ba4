/// How staff leave a kiosk-mode run, which ignores window-close requests and window-manager
/// shortcuts: the experimenter chord held down, or the PIN typed and confirmed with Enter
/// (docs/plans.md: Kiosk mode). Both come from the `[Kiosk]` section of the settings file.
public struct StaffExit: Hashable, Sendable {
    /// Keys that must all be down at once, as OpenMATB names keys; `CTRL`, `ALT`, `SHIFT` and
    /// `WINDOWS` stand for either side's key.
    public let chord: [String]
    public let pin: String?
    private var held: Set<String> = []
    private var typed = ""

    public static let defaultChord = ["CTRL", "ALT", "SHIFT", "Q"]

    public init(chord: [String] = StaffExit.defaultChord, pin: String? = nil) {
        self.chord = chord.map { $0.uppercased() }
        self.pin = pin
    }

    /// The chord as a person would type it in the settings file: `CTRL+ALT+SHIFT+Q`.
    public var chordText: String { chord.joined(separator: "+") }

    /// Follows the keys of one input; true when it completes the chord or the PIN.
    public mutating func observe(_ event: InputEvent) -> Bool {
        switch event.payload {
        case .keyPress(let name):
            held.insert(name)
            if let digit = Self.digit(name) {
                typed = String((typed + digit).suffix(16))
            } else if name == "ENTER" || name == "NUM_ENTER" {
                defer { typed = "" }
                if let pin, !pin.isEmpty, typed.hasSuffix(pin) { return true }
            } else if !Self.isModifier(name) {
                typed = ""
            }
            return chord.allSatisfy { key in held.contains { Self.key($0, matches: key) } }
        case .keyRelease(let name):
            held.remove(name)
            return false
        default:
            return false
        }
    }

    private static func key(_ name: String, matches chordKey: String) -> Bool {
        switch chordKey {
        case "CTRL", "ALT", "SHIFT", "WINDOWS": name == "L" + chordKey || name == "R" + chordKey
        default: name == chordKey
        }
    }

    private static func isModifier(_ name: String) -> Bool {
        ["LCTRL", "RCTRL", "LALT", "RALT", "LSHIFT", "RSHIFT", "LWINDOWS", "RWINDOWS"].contains(name)
    }

    /// The digit a key types: `_7` on the main keyboard, `NUM_7` on the keypad.
    static func digit(_ name: String) -> String? {
        for prefix in ["_", "NUM_"] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if rest.count == 1, let first = rest.first, first.isASCII, first.isNumber { return String(rest) }
        }
        return nil
    }
}
