/// A regular expression ready to generate matching strings with rstr 3.1.0's `xeger`.
///
/// OpenMATB makes callsigns with `rstr.xeger(regex)` after reseeding CPython's generator
/// (docs/openmatb-behaviour.md: Callsigns). rstr parses the pattern with Python's `sre_parse` and walks the
/// tree, drawing from `random` as it goes; this type parses the same tree (`PythonRegexParser`) and
/// makes the same draws in the same order from a `PythonRandom`:
///
/// * a literal emits itself, with no draw;
/// * a class `[…]`, `\d`, `\w`, … draws `choice(candidates)`: class items in order, ranges
///   expanded in code-point order, categories as rstr's alphabets (`\d` = `0123456789`,
///   `\w` = letters + digits + `_`, …), duplicates kept;
/// * a negated class draws `choice` among `string.printable` minus the class (see below);
///   `[^x]` with one character draws among `string.printable` without it;
/// * `.` draws `choice` among `string.printable` without `\n`;
/// * a repeat draws `randint(min, min(max, 100))`, then generates its body that many
///   times; lazy repeats behave the same;
/// * an alternation draws `choice(alternatives)`;
/// * groups record their text for back-references; `(?=…)`/`(?<=…)` generate their
///   content; `(?!…)`, `(?<!…)` and anchors emit nothing.
///
/// Decided semantics: rstr turns a negated class into a Python `set`, whose iteration
/// order depends on the interpreter's per-process hash seed, so OpenMATB's own output for
/// `[^…]` classes and `\W` differs between runs. We list the candidates in
/// `string.printable` order: the number of candidates, and so the draws consumed, are the
/// same as rstr's.
public struct Xeger: Sendable {
    /// rstr's `STAR_PLUS_LIMIT`: the cap on every repeat's upper bound.
    public static let repeatLimit = 100
    /// Our cap on generated length, so that nested repeats cannot exhaust memory.
    public static let maximumLength = 1_000_000
    /// Our cap on generation steps, so that nested repeats of empty bodies cannot spin.
    public static let maximumSteps = 10_000_000

    /// The pattern as written.
    public let pattern: String
    /// The parsed tree.
    let nodes: [PythonRegexNode]

    /// Parses `pattern` as Python's `sre_parse` does.
    /// - Throws: `PythonRegexError`: `.syntax`, or `.unsupported` for what rstr 3.1.0 cannot
    ///   generate from (atomic groups, possessive repeats, conditional groups).
    public init(_ pattern: String) throws(PythonRegexError) {
        self.pattern = pattern
        nodes = try PythonRegexParser.parse(pattern)
        if let construct = Self.firstUnsupportedConstruct(in: nodes) {
            throw PythonRegexError(.unsupported, "\(construct) are not supported by rstr")
        }
    }

    /// The first construct rstr cannot walk (its `xeger` has no case for their opcodes).
    private static func firstUnsupportedConstruct(in nodes: [PythonRegexNode]) -> String? {
        for node in nodes {
            let found: String?
            switch node {
            case .atomicGroup: found = "atomic groups"
            case .possessiveRepeat: found = "possessive repeats"
            case .groupReferenceExists: found = "conditional groups"
            case .group(_, let body), .assert(let body, _), .assertNot(let body, _), .repeat(_, _, _, let body):
                found = firstUnsupportedConstruct(in: body)
            case .branch(let alternatives):
                found = alternatives.lazy.compactMap { firstUnsupportedConstruct(in: $0) }.first
            case .literal, .notLiteral, .any, .anchor, .set, .groupReference:
                found = nil
            }
            if let found { return found }
        }
        return nil
    }

    /// Generates one string, drawing from `random` exactly as rstr would.
    /// - Throws: `PythonRegexError` of kind `.cannotGenerate`.
    public func generate(using random: inout PythonRandom) throws(PythonRegexError) -> String {
        var walker = XegerWalker(random: random)
        try walker.walk(nodes)
        random = walker.random
        return String(walker.output)
    }

    /// `random.seed(seed); rstr.xeger(pattern)`.
    public static func generate(_ pattern: String, seed: Int) throws(PythonRegexError) -> String {
        var random = PythonRandom(seed: seed)
        return try Xeger(pattern).generate(using: &random)
    }
}
