/// Turning scenario text into a typed value, exactly as OpenMATB 1.4.5's validators do
/// (docs/openmatb-behaviour.md: Parameter validators, `core/validation.py`), with a clean ``ValueError``
/// where OpenMATB crashes.
extension ValueType {
    /// The location names `taskplacement` accepts, in OpenMATB's order (`invisible` is not
    /// among them).
    public static let locationChoices = [
        "fullscreen", "topmid", "topright", "topleft", "bottomleft", "bottommid", "bottomright",
    ]

    private static let asciiDigits = Set<Unicode.Scalar>("0123456789".unicodeScalars)
    private static let hexDigits = Set<Unicode.Scalar>("0123456789abcdefABCDEF".unicodeScalars)

    /// Validates the value field of a `parameter;value` scenario line.
    ///
    /// Spaces (U+0020 only) are removed first unless the type is ``string``. On success the
    /// result is the value OpenMATB stores and logs; on failure, the reason with the text
    /// OpenMATB would print.
    /// - Parameters:
    ///   - raw: the value field as read from the scenario line.
    ///   - context: answers whether include files exist, for ``textFile``.
    /// - Returns: the typed value, or why the text is not acceptable.
    public func validate(_ raw: String, context: ValidationContext) -> Result<PyValue, ValueError> {
        let text = stripsSpaces ? Self.removingSpaces(raw) : raw
        switch self {
        case .string: return .success(.string(text))
        case .natural: return Self.natural(text).map { .success(.int($0)) } ?? .failure(.notNatural(text))
        case .positive: return Self.positive(text).map { .success($0) } ?? .failure(.notPositive(text))
        case .bool: return Self.bool(text).map { .success(.bool($0)) } ?? .failure(.notBool(text))
        case .color: return Self.color(text)
        case .positiveFloat:
            return Self.positiveFloat(text).map { .success(.float($0)) } ?? .failure(.notPositiveFloat(text))
        case .unit: return Self.unit(text).map { .success(.float($0)) } ?? .failure(.notUnit(text))
        case .oneOf(let choices): return Self.oneOf(text, choices: choices)
        case .location: return Self.oneOf(text, choices: Self.locationChoices)
        case .regex:
            return PythonRegexSyntax.isValid(text) ? .success(.string(text)) : .failure(.notRegex(text))
        case .keyboardKey:
            return KeyNames.isKeyboardKey(text) ? .success(.string(text)) : .failure(.notKeyboardKey(text))
        case .key:
            // Joystick names are accepted whether or not a joystick is plugged in, and bad
            // names are always rejected (OpenMATB silently stores None without a joystick).
            let isKey = KeyNames.isKeyboardKey(text) || KeyNames.isJoystickKey(text)
            return isKey ? .success(.string(text)) : .failure(.notKey(text))
        case .callsign: return Self.callsign(text)
        case .callsigns: return Self.callsigns(text)
        case .textFile:
            return context.textFileExists(text) ? .success(.string(text)) : .failure(.textFileNotFound(text))
        }
    }

    /// The text without its U+0020 spaces, code point by code point (a space followed by a
    /// combining mark is still removed, as Python's `str.replace` does).
    static func removingSpaces(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.lazy.filter { $0 != " " })
        return String(scalars)
    }

    /// Python's `text.split(',')` if the text holds a comma, else `[text]`; code point based.
    static func commaSeparated(_ text: String) -> [String] {
        text.unicodeScalars.split(separator: ",", omittingEmptySubsequences: false).map {
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: $0)
            return String(scalars)
        }
    }

    /// Whether two strings are equal code point by code point, as Python compares them
    /// (Swift's `==` also equates canonically equivalent strings).
    static func sameText(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.elementsEqual(b.unicodeScalars)
    }

    /// `int(eval(x))` when it is ≥ 0.
    static func natural(_ text: String) -> Int? {
        guard let value = PythonExpression.evaluate(text), let number = truncatedInt(value), number >= 0 else {
            return nil
        }
        return number
    }

    /// `eval(x)`, untruncated, when `int(eval(x))` is > 0 (OpenMATB stores `1.5` as 1.5).
    static func positive(_ text: String) -> PyValue? {
        guard let value = PythonExpression.evaluate(text), let number = truncatedInt(value), number > 0 else {
            return nil
        }
        return value
    }

    /// Python's `int(value)` for the values a literal can evaluate to; `nil` where Python
    /// raises (None, containers, nan, infinity) or the result leaves `Int`'s range.
    static func truncatedInt(_ value: PyValue) -> Int? {
        switch PythonNumber(value) {
        case .int(let number): number
        case .float(let number): number.isFinite ? Int(exactly: number.rounded(.towardZero)) : nil
        case nil: nil
        }
    }

    /// `True`/`False` in any letter case (`x.capitalize()` compared), or `1`/`0`.
    static func bool(_ text: String) -> Bool? {
        guard text.unicodeScalars.allSatisfy(\.isASCII) else { return nil }
        switch text.lowercased() {
        case "true": return true
        case "false": return false
        default: break
        }
        switch text {
        case "1": return true
        case "0": return false
        default: return nil
        }
    }

    /// `#RRGGBB`, an upper-case colour name, or a literal of four components in 0...255.
    static func color(_ text: String) -> Result<PyValue, ValueError> {
        let scalars = Array(text.unicodeScalars)
        if scalars.first == "#", scalars.count == 4 || scalars.count == 7,
            scalars.dropFirst().allSatisfy({ hexDigits.contains($0) })
        {
            // `#abc` passes OpenMATB's pattern and then crashes its conversion; reject it.
            guard scalars.count == 7 else { return .failure(.notColor(text)) }
            let channels = stride(from: 1, to: 7, by: 2).compactMap { start in
                var pair = String.UnicodeScalarView()
                pair.append(contentsOf: scalars[start..<start + 2])
                return Int(String(pair), radix: 16)
            }
            guard channels.count == 3 else { return .failure(.notColor(text)) }
            return .success(.color(Color(channels[0], channels[1], channels[2])))
        }
        if let named = Color.named.first(where: { sameText($0.name, text) }) {
            return .success(.color(named.color))
        }
        guard let value = PythonExpression.evaluate(text) else { return .failure(.notColor(text)) }
        switch value {
        case .tuple(let items), .list(let items):
            let inRange = items.allSatisfy { item in
                PythonNumber(item).map { number in
                    switch number {
                    case .int(let component): (0...255).contains(component)
                    case .float(let component): component >= 0 && component <= 255
                    }
                } ?? false
            }
            if items.count == 4 && inRange { return .success(.tuple(items)) }
        case .none, .bool, .int, .float, .string, .dict, .object:
            break
        }
        return .failure(.colorOutOfRange(value.pythonStr))
    }

    /// Digits with exactly one `.` (`108.`, `.5`), value > 0.
    static func positiveFloat(_ text: String) -> Double? {
        let scalars = text.unicodeScalars
        let dots = scalars.filter { $0 == "." }.count
        let digits = scalars.filter { asciiDigits.contains($0) }.count
        guard dots == 1, digits >= 1, dots + digits == scalars.count else { return nil }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let integerPart = parts.first.map(String.init) ?? ""
        let fractionPart = parts.count > 1 ? String(parts[1]) : ""
        let normalized = (integerPart.isEmpty ? "0" : integerPart) + "." + (fractionPart.isEmpty ? "0" : fractionPart)
        // Python would store `inf` for a literal beyond the float range; refuse it instead.
        guard let value = Double(normalized), value.isFinite, value > 0 else { return nil }
        return value
    }

    /// `float(eval(x))` within [0, 1].
    static func unit(_ text: String) -> Double? {
        guard let value = PythonExpression.evaluate(text) else { return nil }
        let number: Double
        switch PythonNumber(value) {
        case .int(let integer): number = Double(integer)
        case .float(let float): number = float
        case nil: return nil
        }
        return number >= 0 && number <= 1 ? number : nil
    }

    /// One value or comma-separated values, each among `choices`; items evaluate as Python
    /// literals when all of them can (`-1` → int, `True` → bool), else stay text. One item
    /// gives a scalar, several a list.
    static func oneOf(_ text: String, choices: [String]) -> Result<PyValue, ValueError> {
        let items = commaSeparated(text)
        let rejected = items.filter { item in !choices.contains { sameText($0, item) } }
        guard rejected.isEmpty else { return .failure(.notAmongChoices(choices: choices, rejected: rejected)) }
        let evaluated = items.compactMap(PythonExpression.evaluate)
        let values = evaluated.count == items.count ? evaluated : items.map(PyValue.string)
        if values.count == 1, let single = values.first { return .success(single) }
        return .success(.list(values))
    }

    /// Only ASCII letters and digits. The error names each offending character once, in
    /// order, separated by spaces (a space cannot be one of them: spaces are removed first).
    static func callsign(_ text: String) -> Result<PyValue, ValueError> {
        var bad: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where !isCallsignCharacter(scalar) && !bad.contains(scalar) {
            bad.append(scalar)
        }
        guard bad.isEmpty else {
            let listed = bad.map(String.init).joined(separator: " ")
            return .failure(.badCallsignCharacters(badCharacters: listed, callsign: text))
        }
        return .success(.string(text))
    }

    /// Comma-separated callsigns, always a list (an empty item is an empty callsign, as
    /// in OpenMATB).
    static func callsigns(_ text: String) -> Result<PyValue, ValueError> {
        let items = commaSeparated(text)
        let invalid = items.filter { !$0.unicodeScalars.allSatisfy(isCallsignCharacter) }
        guard invalid.isEmpty else { return .failure(.badCallsigns(invalid)) }
        return .success(.list(items.map(PyValue.string)))
    }

    static func isCallsignCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": true
        default: false
        }
    }
}
