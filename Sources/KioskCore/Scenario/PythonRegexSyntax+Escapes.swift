import Foundation

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
        let query = "\\N{" + name.uppercased() + "}"
        guard let found = query.applyingTransform(StringTransform("Name-Any"), reverse: false), found != query,
            found.unicodeScalars.count == 1, let scalar = found.unicodeScalars.first
        else { throw Invalid() }
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

/// One token of a pattern as CPython's tokenizer yields it: a code point, or a backslash
/// with the code point after it.
enum RegexToken: Equatable {
    case character(Unicode.Scalar)
    case escaped(Unicode.Scalar)

    static let decimalDigits = Set<Unicode.Scalar>("0123456789".unicodeScalars)
    static let octalDigits = Set<Unicode.Scalar>("01234567".unicodeScalars)
    static let hexDigits = Set<Unicode.Scalar>("0123456789abcdefABCDEF".unicodeScalars)
    /// What verbose mode skips.
    static let whitespace = Set<Unicode.Scalar>(" \t\n\r\u{0B}\u{0C}".unicodeScalars)

    /// The tokens of `pattern`, or `nil` if it ends with a lone backslash ("bad escape").
    static func tokens(of pattern: String) -> [RegexToken]? {
        var tokens: [RegexToken] = []
        var iterator = pattern.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if scalar == "\\" {
                guard let escaped = iterator.next() else { return nil }
                tokens.append(.escaped(escaped))
            } else {
                tokens.append(.character(scalar))
            }
        }
        return tokens
    }

    /// The token's text, as CPython's `getuntil` accumulates it.
    var text: String {
        switch self {
        case .character(let scalar): String(scalar)
        case .escaped(let scalar): "\\" + String(scalar)
        }
    }
}

/// The inline flags `(?aiLmstux)`.
struct RegexFlags: OptionSet, Hashable {
    let rawValue: Int

    static let ignoreCase = RegexFlags(rawValue: 1 << 0)
    static let locale = RegexFlags(rawValue: 1 << 1)
    static let multiline = RegexFlags(rawValue: 1 << 2)
    static let dotAll = RegexFlags(rawValue: 1 << 3)
    static let verbose = RegexFlags(rawValue: 1 << 4)
    static let ascii = RegexFlags(rawValue: 1 << 5)
    static let template = RegexFlags(rawValue: 1 << 6)
    static let unicode = RegexFlags(rawValue: 1 << 7)
    /// The flags that choose a character model; at most one may be on.
    static let types: RegexFlags = [.ascii, .locale, .unicode]

    init(rawValue: Int) { self.rawValue = rawValue }

    /// The flag a letter names, or `nil`.
    init?(letter: Unicode.Scalar) {
        switch letter {
        case "i": self = .ignoreCase
        case "L": self = .locale
        case "m": self = .multiline
        case "s": self = .dotAll
        case "x": self = .verbose
        case "a": self = .ascii
        case "t": self = .template
        case "u": self = .unicode
        default: return nil
        }
    }

    var isType: Bool { !isDisjoint(with: .types) }
}
