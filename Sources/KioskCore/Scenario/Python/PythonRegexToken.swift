/// One token of a Python regular expression: a character, or a backslash and the
/// character after it (as `sre_parse`'s tokenizer groups them).
struct PythonRegexToken: Hashable, Sendable {
    /// True for `\x`-style tokens.
    var isEscape: Bool
    /// The character itself, or for an escape the character after the backslash.
    var scalar: Unicode.Scalar

    /// True when this is the plain (unescaped) character `c`.
    func isPlain(_ c: Unicode.Scalar) -> Bool { !isEscape && scalar == c }

    /// True when this is a plain character contained in `set`.
    func isPlain(in set: Set<Unicode.Scalar>) -> Bool { !isEscape && set.contains(scalar) }

    /// The token's length in code points (2 for an escape).
    var length: Int { isEscape ? 2 : 1 }
}
