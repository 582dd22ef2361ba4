/// Why a regular expression could not be parsed or could not produce a string.
public struct PythonRegexError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The broad reason.
    public enum Kind: Hashable, Sendable {
        /// Python's `re` parser rejects the pattern (OpenMATB's validator would too).
        case syntax
        /// Valid Python syntax that rstr 3.1.0 cannot generate from (atomic groups,
        /// possessive repeats, conditionals), or a pattern nested deeper than we parse.
        case unsupported
        /// Parsed, but generation failed with these draws: a repeat minimum above the cap
        /// of 100, a back-reference to a group that was not generated, a code point that
        /// is not a Unicode scalar, or an output above the length limit.
        case cannotGenerate
    }

    public var kind: Kind
    /// A human-readable message, close to Python's wording where there is one.
    public var message: String
    /// Code-point offset in the pattern, when the error has a place.
    public var position: Int?

    /// An error of `kind`, with a message and optionally the offending position.
    public init(_ kind: Kind, _ message: String, position: Int? = nil) {
        self.kind = kind
        self.message = message
        self.position = position
    }

    public var description: String {
        if let position { return "\(message) at position \(position)" }
        return message
    }
}
