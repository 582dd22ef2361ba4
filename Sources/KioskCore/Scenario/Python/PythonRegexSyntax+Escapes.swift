/// Escapes (`\d`, `\x41`, `\1`, `\N{…}`) and character sets (`[…]`).
extension PythonRegexSyntax {
    /// `_escape`: a backslash escape outside a set.
    mutating func parseEscape(_ scalar: Unicode.Scalar) throws -> Item {
        switch scalar {
        case "A", "Z", "b", "B":
            return Item(kind: .anchor, width: .zero)
        case "d", "D", "s", "S", "w", "W", "a", "f", "n", "r", "t", "v", "\\":
            return Item(kind: .unit, width: .one)
        case "0":
            _ = source.scalars(upTo: 2, in: RegexToken.octalDigits)
            return Item(kind: .unit, width: .one)
        case "1"..."9":
            // An octal escape of three octal digits, else a group reference.
            var digits = String(scalar)
            if let next = source.nextScalar, RegexToken.decimalDigits.contains(next) {
                source.advance()
                digits.unicodeScalars.append(next)
                if let third = source.nextScalar, RegexToken.octalDigits.contains(scalar),
                    RegexToken.octalDigits.contains(next), RegexToken.octalDigits.contains(third)
                {
                    source.advance()
                    digits.unicodeScalars.append(third)
                    guard let value = Int(digits, radix: 8), value <= 0o377 else { throw Invalid() }
                    return Item(kind: .unit, width: .one)
                }
            }
            guard let id = Int(digits), id < groupCount else { throw Invalid() }  // "invalid group reference"
            return try backReference(id)
        default:
            try parseCommonEscape(scalar)
            return Item(kind: .unit, width: .one)
        }
    }

    /// `_class_escape`: a backslash escape inside a set; returns the code point, or `nil`
    /// for a category (`\d`, `\w`, …), which cannot bound a range.
    mutating func parseSetEscape(_ scalar: Unicode.Scalar) throws -> UInt32? {
        switch scalar {
        case "a": return 0x07
        case "b": return 0x08
        case "f": return 0x0C
        case "n": return 0x0A
        case "r": return 0x0D
        case "t": return 0x09
        case "v": return 0x0B
        case "\\": return 0x5C
        case "d", "D", "s", "S", "w", "W": return nil
        case "0"..."7":
            let digits = String(scalar) + source.scalars(upTo: 2, in: RegexToken.octalDigits)
            guard let value = UInt32(digits, radix: 8), value <= 0o377 else { throw Invalid() }
            return value
        case "8", "9":
            throw Invalid()
        default:
            return try parseCommonEscape(scalar)
        }
    }

    /// The escapes shared by both contexts: `\x`, `\u`, `\U`, `\N{name}`, and a backslash
    /// before any character that is not an ASCII letter or digit. Returns the code point.
    @discardableResult
    private mutating func parseCommonEscape(_ scalar: Unicode.Scalar) throws -> UInt32 {
        let hexDigitCount: Int
        switch scalar {
        case "x": hexDigitCount = 2
        case "u": hexDigitCount = 4
        case "U": hexDigitCount = 8
        case "N":
            guard source.match("{") else { throw Invalid() }
            return try Self.lookUpCharacter(named: try source.until("}"))
        default:
            if scalar.isASCII && (scalar.properties.isAlphabetic || RegexToken.decimalDigits.contains(scalar)) {
                throw Invalid()  // "bad escape"
            }
            return scalar.value
        }
        let digits = source.scalars(upTo: hexDigitCount, in: RegexToken.hexDigits)
        guard digits.unicodeScalars.count == hexDigitCount, let value = UInt32(digits, radix: 16),
            value <= 0x10FFFF
        else { throw Invalid() }
        return value
    }

    /// The code point of a Unicode character name, as `unicodedata.lookup` finds it
    /// (case-insensitive); named sequences and unknown names are invalid.
    private static func lookUpCharacter(named name: String) throws -> UInt32 {
        guard let scalar = Unicode.Scalar(named: name.uppercased()) else { throw Invalid() }
        return scalar.value
    }

    /// A character set after its `[`: items, ranges, an optional leading `^`; a `]` right
    /// after the opening (or `^`) is a literal.
    mutating func parseSet() throws {
        _ = source.match("^")
        var isEmpty = true
        while true {
            guard let this = source.get() else { throw Invalid() }  // "unterminated character set"
            if this == .character("]") && !isEmpty { return }
            let low = try setMember(this)
            isEmpty = false
            guard source.match("-") else { continue }
            guard let that = source.get() else { throw Invalid() }
            if that == .character("]") { return }
            let high = try setMember(that)
            guard let low, let high, low <= high else { throw Invalid() }  // "bad character range"
        }
    }

    /// The code point of a set member, or `nil` for a category escape.
    private mutating func setMember(_ token: RegexToken) throws -> UInt32? {
        switch token {
        case .character(let scalar): scalar.value
        case .escaped(let scalar): try parseSetEscape(scalar)
        }
    }
}
