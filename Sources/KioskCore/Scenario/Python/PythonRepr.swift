/// Python's `repr()` and `str()` of the values a scenario validator can produce, for the
/// texts OpenMATB builds with `%s` (a choice list, an evaluated colour literal).
///
/// Floats use Python's shortest round-trip `repr`: fixed notation while the decimal exponent
/// is in -4...15, otherwise scientific with a signed exponent of at least two digits
/// (`1e+16`, `1e-05`).
enum PythonRepr {
    /// Python `str(value)`: strings bare, everything else as `repr`.
    static func str(_ value: PyValue) -> String {
        if case .string(let text) = value { return text }
        return repr(value)
    }

    /// Python `repr(value)`.
    static func repr(_ value: PyValue) -> String {
        switch value {
        case .none: "None"
        case .bool(let flag): flag ? "True" : "False"
        case .int(let number): String(number)
        case .float(let number): float(number)
        case .string(let text): string(text)
        case .tuple(let items):
            items.count == 1
                ? "(\(repr(items[0])),)" : "(" + items.map(repr).joined(separator: ", ") + ")"
        case .list(let items): "[" + items.map(repr).joined(separator: ", ") + "]"
        case .dict(let entries):
            "{" + entries.map { "\(string($0.key)): \(repr($0.value))" }.joined(separator: ", ") + "}"
        case .object(let text): text
        }
    }

    /// Python `repr` of a list of strings, e.g. `['-1', '0', '1']`.
    static func stringList(_ items: [String]) -> String {
        "[" + items.map(string).joined(separator: ", ") + "]"
    }

    /// Python `repr` of a float.
    static func float(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        let sign = value.sign == .minus ? "-" : ""
        if value == 0 { return sign + "0.0" }
        // Swift's description already holds the shortest round-trip digits; only the
        // layout differs from Python's, so take the digits and lay them out again.
        let text = value.magnitude.description
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let integerPart = parts.first ?? ""
        let fractionPart = parts.count > 1 ? parts[1] : ""
        var digits = Array(integerPart + fractionPart)
        // The value is 0.d1d2d3… × 10^point.
        var point = integerPart.count + exponent
        while digits.first == "0" {
            digits.removeFirst()
            point -= 1
        }
        while digits.last == "0" { digits.removeLast() }
        guard let first = digits.first else { return sign + "0.0" }
        let count = digits.count
        if point <= -4 || point > 16 {
            let rest = count > 1 ? "." + String(digits[1...]) : ""
            let power = point - 1
            let magnitude = power.magnitude
            let powerText = (power < 0 ? "-" : "+") + (magnitude < 10 ? "0" : "") + String(magnitude)
            return sign + String(first) + rest + "e" + powerText
        }
        if point <= 0 {
            return sign + "0." + String(repeating: "0", count: -point) + String(digits)
        }
        if point >= count {
            return sign + String(digits) + String(repeating: "0", count: point - count) + ".0"
        }
        return sign + String(digits[..<point]) + "." + String(digits[point...])
    }

    /// Python `repr` of a string: single quotes unless the text holds `'` and no `"`;
    /// backslash escapes for the quote, `\`, `\t`, `\n`, `\r` and non-printable characters.
    static func string(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let quote: Unicode.Scalar = scalars.contains("'") && !scalars.contains("\"") ? "\"" : "'"
        var result = String(quote)
        for scalar in scalars {
            switch scalar {
            case quote, "\\": result += "\\" + String(scalar)
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default:
                result += isPrintable(scalar) ? String(scalar) : escape(scalar)
            }
        }
        return result + String(quote)
    }

    /// Python's `str.isprintable()` for one code point: all but the "Other" and
    /// "Separator" categories, except that the space is printable.
    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == " " { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned,
            .lineSeparator, .paragraphSeparator, .spaceSeparator:
            return false
        default:
            return true
        }
    }

    /// `\xhh`, `\uhhhh` or `\Uhhhhhhhh`, as Python escapes a non-printable code point.
    private static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        let (prefix, width) = scalar.value < 0x100 ? ("\\x", 2) : scalar.value < 0x10000 ? ("\\u", 4) : ("\\U", 8)
        return prefix + String(repeating: "0", count: max(0, width - hex.count)) + hex
    }
}
