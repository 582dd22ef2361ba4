/// A cursor over a pattern's tokens, with the look-ahead helpers of CPython's `Tokenizer`.
struct RegexSource {
    let tokens: [RegexToken]
    /// Index of ``next`` in ``tokens``.
    private(set) var position = 0

    init(tokens: [RegexToken]) { self.tokens = tokens }

    /// The token about to be read, `nil` at the end.
    var next: RegexToken? { position < tokens.count ? tokens[position] : nil }

    /// The next token's code point when it is not an escape.
    var nextScalar: Unicode.Scalar? {
        if case .character(let scalar) = next { return scalar }
        return nil
    }

    mutating func advance() {
        if position < tokens.count { position += 1 }
    }

    /// Reads and returns the next token.
    mutating func get() -> RegexToken? {
        let token = next
        advance()
        return token
    }

    /// Reads the next token if it is the unescaped `scalar`.
    mutating func match(_ scalar: Unicode.Scalar) -> Bool {
        guard next == .character(scalar) else { return false }
        advance()
        return true
    }

    mutating func seek(_ index: Int) { position = min(max(index, 0), tokens.count) }

    /// Reads up to `limit` unescaped code points from `set` (`getwhile`).
    mutating func scalars(upTo limit: Int, in set: Set<Unicode.Scalar>) -> String {
        var result = String.UnicodeScalarView()
        while result.count < limit, let scalar = nextScalar, set.contains(scalar) {
            result.append(scalar)
            advance()
        }
        return String(result)
    }

    /// Reads all unescaped decimal digits.
    mutating func digits() -> String {
        scalars(upTo: Int.max, in: RegexToken.decimalDigits)
    }

    /// Reads tokens up to `terminator` and consumes it (`getuntil`); throws when the
    /// pattern ends first or nothing precedes the terminator.
    mutating func until(_ terminator: Unicode.Scalar) throws -> String {
        var result = ""
        while true {
            guard let token = get() else { throw PythonRegexSyntax.Invalid() }
            if token == .character(terminator) {
                guard !result.isEmpty else { throw PythonRegexSyntax.Invalid() }
                return result
            }
            result += token.text
        }
    }
}
