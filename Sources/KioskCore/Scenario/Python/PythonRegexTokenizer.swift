/// Splits a pattern into `PythonRegexToken`s with one token of lookahead, like `sre_parse`'s
/// `Tokenizer`.
struct PythonRegexTokenizer {
    private let scalars: [Unicode.Scalar]
    /// Offset of the code point after `next`.
    private var index: Int = 0
    /// The token that `get()` will return, `nil` at the end of the pattern.
    private(set) var next: PythonRegexToken?

    init(_ pattern: String) throws(PythonRegexError) {
        scalars = Array(pattern.unicodeScalars)
        try advance()
    }

    /// The offset of `next` in code points.
    var position: Int { index - (next?.length ?? 0) }

    private mutating func advance() throws(PythonRegexError) {
        guard index < scalars.count else {
            next = nil
            return
        }
        let scalar = scalars[index]
        if scalar == "\\" {
            guard index + 1 < scalars.count else {
                throw PythonRegexError(.syntax, "bad escape (end of pattern)", position: index)
            }
            next = PythonRegexToken(isEscape: true, scalar: scalars[index + 1])
            index += 2
        } else {
            next = PythonRegexToken(isEscape: false, scalar: scalar)
            index += 1
        }
    }

    /// Returns `next` and moves on.
    mutating func get() throws(PythonRegexError) -> PythonRegexToken? {
        let token = next
        try advance()
        return token
    }

    /// Consumes `next` when it is the plain character `c`.
    mutating func match(_ c: Unicode.Scalar) throws(PythonRegexError) -> Bool {
        guard let token = next, token.isPlain(c) else { return false }
        try advance()
        return true
    }

    /// Consumes up to `count` plain characters from `set` and returns them.
    mutating func getWhile(_ count: Int, in set: Set<Unicode.Scalar>) throws(PythonRegexError) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        while result.count < count, let token = next, token.isPlain(in: set) {
            result.append(token.scalar)
            try advance()
        }
        return result
    }

    /// Reads a name up to `terminator` (consumed), as `getuntil`; escapes are kept as
    /// backslash + character so that they make the name invalid, as in Python.
    mutating func getUntil(_ terminator: Unicode.Scalar, what: String) throws(PythonRegexError) -> String {
        var result = ""
        while true {
            let start = position
            guard let token = try get() else {
                if result.isEmpty { throw PythonRegexError(.syntax, "missing \(what)", position: start) }
                throw PythonRegexError(.syntax, "missing \(terminator), unterminated name", position: start)
            }
            if token.isPlain(terminator) {
                if result.isEmpty { throw PythonRegexError(.syntax, "missing \(what)", position: start) }
                return result
            }
            if token.isEscape { result.unicodeScalars.append("\\") }
            result.unicodeScalars.append(token.scalar)
        }
    }

    /// Moves back to a code-point offset previously read from `position`.
    mutating func seek(_ offset: Int) throws(PythonRegexError) {
        index = offset
        try advance()
    }
}
