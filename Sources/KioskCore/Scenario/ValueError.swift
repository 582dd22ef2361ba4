/// Why a scenario value was rejected by its validator (docs/openmatb-behaviour.md: Parameter validators),
/// with OpenMATB's wording.
///
/// The message is the part of OpenMATB's error that follows `Error on line N. <param> `;
/// the caller adds the location and the parameter name. Each case keeps the offending text
/// exactly as OpenMATB prints it: the value after space removal, or for
/// ``colorOutOfRange(_:)`` the Python `str()` of the evaluated literal.
///
/// Where OpenMATB 1.4.5 crashes while formatting its message (several bad list items,
/// several bad callsign characters), the case carries all of them and the message lists
/// them instead.
public enum ValueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not a string; cannot happen for scenario text, kept for completeness.
    case notString(String)
    /// Not a Python literal that truncates to an integer ≥ 0.
    case notNatural(String)
    /// Not a Python literal that truncates to an integer > 0.
    case notPositive(String)
    /// Neither `True`/`False` (any case) nor `1`/`0`.
    case notBool(String)
    /// Neither `#RRGGBB`, a colour name, nor a Python literal.
    case notColor(String)
    /// A Python literal that is not four components in 0...255; holds its Python `str()`.
    case colorOutOfRange(String)
    /// Not digits with exactly one `.`, or not above zero.
    case notPositiveFloat(String)
    /// Not a Python literal whose float lies in [0, 1].
    case notUnit(String)
    /// Some comma-separated items are not among the accepted choices.
    case notAmongChoices(choices: [String], rejected: [String])
    /// Not a valid Python regular expression.
    case notRegex(String)
    /// Not one of the keyboard key names (``KeyNames/keyboard``).
    case notKeyboardKey(String)
    /// Neither a keyboard key name nor a joystick button or hat name.
    case notKey(String)
    /// A callsign holding characters other than ASCII letters and digits.
    /// - `badCharacters`: each offending character once, in order of appearance,
    ///   separated by spaces (`@` for `AB@12`, `@ #` for `A@#1`).
    case badCallsignCharacters(badCharacters: String, callsign: String)
    /// Some comma-separated callsigns are invalid; holds them in order.
    case badCallsigns([String])
    /// The file is in neither the instructions nor the questionnaires folder.
    case textFileNotFound(String)

    /// The English message, as OpenMATB's msgid reads.
    public var description: String { message(in: .en) }

    /// The message in `language`, as OpenMATB 1.4.5 words it (docs/openmatb-behaviour.md: Translated
    /// strings); the few messages OpenMATB never translated stay in English.
    public func message(in language: Language) -> String {
        switch language {
        case .en: englishMessage
        case .fr: frenchMessage
        }
    }

    private var englishMessage: String {
        switch self {
        case .notString(let x): "should be a string (not \(x))."
        case .notNatural(let x): "should be a natural (0 included) integer (not \(x))."
        case .notPositive(let x): "should be a positive (0 excluded) integer (not \(x))."
        case .notBool(let x): "should be a boolean (not \(x))."
        case .notColor(let x): "must be (R,G,B,a) or hexadecimal (e.g., #00ff00) values (not \(x))"
        case .colorOutOfRange(let x): "should be (R,G,B,a) values each comprised between 0 and 255 (not \(x))"
        case .notPositiveFloat(let x): "should be a positive float (not \(x))"
        case .notUnit(let x): "should be a float between 0 and 1 (included) (not \(x))"
        case .notAmongChoices(let choices, let rejected):
            "should be comprised in \(PyValue.list(choices.map(PyValue.string)).pythonRepr) (not \(rejected.joined(separator: ",")))"
        case .notRegex(let x): "should be a valid regex expression (not \(x))"
        case .notKeyboardKey(let x): "should be an acceptable keyboard key value (not \(x)). See documentation."
        case .notKey(let x): keyMessage(x)
        case .badCallsignCharacters(let bad, let callsign):
            "should be composed of letters [a-z] or digits [0-9] (not \(bad) in \(callsign))"
        case .badCallsigns(let callsigns):
            "should be composed of valid callsigns (not \(callsigns.joined(separator: ",")))"
        case .textFileNotFound(let x):
            "should be available either in the Instruction or Questionnaire folder (not \(x))"
        }
    }

    private var frenchMessage: String {
        switch self {
        case .notString(let x): "devrait être une chaîne de caractères (et non \(x))."
        case .notNatural(let x): "devrait être un entier naturel (0 inclus, et non \(x))."
        case .notPositive(let x): "devrait être un entier positif (0 exclus, et non \(x))."
        case .notBool(let x): "devrait être un booléen (et non \(x))."
        case .notColor(let x):
            "devrait être une valeur (R,G,B,a) ou hexadécimale (p.ex., #00ff00) (non pas \(x))."
        case .colorOutOfRange(let x): "devraient être des valeurs (R,G,B,a) comprises en 0 et 255 (et non \(x))"
        case .notPositiveFloat(let x): "devrait être un nombre décimal positif (et non \(x))."
        case .notUnit(let x): "devrait être un nombre décimal compris entre 0 et 1 inclus (et non \(x))"
        case .notAmongChoices(let choices, let rejected):
            "devrait être compris dans \(PyValue.list(choices.map(PyValue.string)).pythonRepr) (et non \(rejected.joined(separator: ",")))"
        case .notRegex(let x): "devrait être une expression régulière (regex) valide (et non \(x))"
        case .notKeyboardKey(let x):
            "devrait être une touche de clavier acceptable (et non \(x)). Voir la documentation."
        case .notKey(let x): keyMessage(x)
        case .badCallsignCharacters(let bad, let callsign):
            "devrait n'être composé que de lettres [a-z] et de chiffres [0-9] (et non \(bad) dans \(callsign))"
        case .badCallsigns(let callsigns):
            "devrait être composé d'identifiants valides (et non \(callsigns.joined(separator: ",")))"
        case .textFileNotFound(let x):
            "devrait être disponible dans le dossier Instruction ou Questionnaire (\(x))"
        }
    }

    /// OpenMATB has no French text for this message.
    private func keyMessage(_ x: String) -> String {
        "should be an acceptable (keyboard or joystick) key value (not \(x)). See documentation."
    }
}
