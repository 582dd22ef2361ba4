/// The validator attached to a settable parameter (docs/openmatb-behaviour.md: Parameter validators): how
/// scenario text becomes a typed value, and the message when it cannot.
public enum ValueType: Hashable, Sendable {
    /// Anything; spaces are kept.
    case string
    /// A Python literal truncated to an int ≥ 0 (`natint`).
    case natural
    /// A Python literal truncating to an int > 0 (`posint`); the untruncated value is stored.
    case positive
    case bool
    /// `#RRGGBB`, an upper-case colour name, or a 4-tuple of 0...255.
    case color
    /// Digits with exactly one `.`, value > 0 (`posfloat`).
    case positiveFloat
    /// A float in [0, 1].
    case unit
    /// One value or a comma-separated list, every item among these choices.
    case oneOf([String])
    case regex
    /// A keyboard key name (docs/openmatb-behaviour.md: Key names).
    case keyboardKey
    /// A keyboard key name, or a joystick button/hat name.
    case key
    case callsign
    /// Comma-separated callsigns; always a list.
    case callsigns
    /// A screen region name.
    case location
    /// A file in the instructions or questionnaires folder.
    case textFile

    /// Whether spaces are removed from the text before validation (all but `string`).
    public var stripsSpaces: Bool { self != .string }
}
