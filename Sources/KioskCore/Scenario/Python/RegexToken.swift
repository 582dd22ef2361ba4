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
