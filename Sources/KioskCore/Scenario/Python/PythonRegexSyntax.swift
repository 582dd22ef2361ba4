/// Decides whether a pattern compiles with CPython 3.11's `re.compile`, the check behind
/// OpenMATB's `regex` validator (`callsignregex`).
///
/// This is a port of the error paths of CPython's `sre_parse` (syntax) plus the two
/// `sre_compile` checks that can fail on a parsed pattern (fixed-width look-behind, the
/// deprecated `(?t)` flag with a repeat). ICU's `NSRegularExpression` is not used: it
/// accepts patterns Python rejects (`\p{L}`, `\Q…\E`) and rejects patterns Python accepts
/// (`a{`, `(?P<n>x)(?P=n)`). A pattern that would make Python raise anything at all —
/// including the `OverflowError` of `a{4294967295}` that OpenMATB does not catch — is
/// invalid here. Groups may nest at most ``maximumNesting`` deep.
struct PythonRegexSyntax {
    /// Deeper nesting is refused rather than risking the call stack; CPython itself gives up
    /// (RecursionError) a few hundred levels down.
    static let maximumNesting = 100
    /// CPython's `MAXREPEAT` on 64-bit builds.
    static let maxRepeat = 4_294_967_295

    /// Whether Python's `re.compile(pattern)` succeeds.
    static func isValid(_ pattern: String) -> Bool {
        guard let tokens = RegexToken.tokens(of: pattern) else { return false }
        var parser = PythonRegexSyntax(source: RegexSource(tokens: tokens))
        return (try? parser.parsePattern()) != nil
    }

    /// Why parsing stopped; the details do not matter to the validator.
    struct Invalid: Error {}

    /// The minimum and maximum number of characters a piece of pattern matches.
    struct Width: Equatable {
        var low: Int
        var high: Int

        static let zero = Width(low: 0, high: 0)
        static let one = Width(low: 1, high: 1)

        /// Clamped as CPython's `SubPattern.getwidth` clamps every subpattern.
        var capped: Width { Width(low: min(low, maxRepeat - 1), high: min(high, maxRepeat)) }

        static func + (a: Width, b: Width) -> Width {
            Width(low: saturatingAdd(a.low, b.low), high: saturatingAdd(a.high, b.high))
        }

        private static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? Int.max / 2 : sum
        }
    }

    /// What an item of a parsed sequence is, as far as the repeat checks care.
    enum ItemKind {
        /// A character, class, category or `.`: matches exactly one character.
        case unit
        /// `^`, `$`, `\A`, `\Z`, `\b`, `\B`: nothing may repeat it.
        case anchor
        /// A repeat; repeating it again is a "multiple repeat".
        case repeated
        /// Groups, look-arounds, back-references: repeatable.
        case group
    }

    /// One item of a parsed sequence.
    struct Item {
        var kind: ItemKind
        var width: Width
    }

    // MARK: Parser state (CPython's `State`)

    var source: RegexSource
    /// Width of each group once closed, `nil` while open; index 0 stands for the whole match.
    var groupWidths: [Width?] = [nil]
    var groupNames: [String: Int] = [:]
    /// While inside a look-behind, the number of groups opened before it.
    var lookbehindGroups: Int?
    /// Group numbers `(?(n)…)` refers to; each must exist by the end of the pattern.
    var conditionalReferences: Set<Int> = []
    var globalFlags: RegexFlags = []
    var containsRepeat = false
    var nesting = 0

    var groupCount: Int { groupWidths.count }

    init(source: RegexSource) { self.source = source }

    mutating func parsePattern() throws {
        _ = try parseAlternatives(verbose: false, nested: 0)
        if globalFlags.contains(.ascii) && globalFlags.contains(.unicode) { throw Invalid() }
        if source.next != nil { throw Invalid() }  // "unbalanced parenthesis"
        if conditionalReferences.contains(where: { $0 >= groupCount }) { throw Invalid() }
        if globalFlags.contains(.template) && containsRepeat { throw Invalid() }
    }

    /// `_parse_sub`: alternatives separated by `|`; returns the width of the whole.
    mutating func parseAlternatives(verbose: Bool, nested: Int) throws -> Width {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= Self.maximumNesting else { throw Invalid() }
        var verbose = verbose
        var widths: [Width] = []
        while true {
            let items = try parseSequence(verbose: verbose, nested: nested + 1, first: nested == 0 && widths.isEmpty)
            widths.append(Self.width(of: items))
            if !source.match("|") { break }
            if nested == 0 { verbose = globalFlags.contains(.verbose) }
        }
        guard let first = widths.first else { return .zero }
        return widths.dropFirst().reduce(first) {
            Width(low: min($0.low, $1.low), high: max($0.high, $1.high))
        }.capped
    }

    static func width(of items: [Item]) -> Width {
        items.reduce(Width.zero) { $0 + $1.width }.capped
    }

    /// `_parse`: a sequence of items up to `|`, `)` or the end.
    mutating func parseSequence(verbose: Bool, nested: Int, first: Bool) throws -> [Item] {
        var verbose = verbose
        var items: [Item] = []
        while let this = source.next {
            if this == .character("|") || this == .character(")") { break }
            source.advance()
            if verbose, case .character(let scalar) = this {
                if RegexToken.whitespace.contains(scalar) { continue }
                if scalar == "#" {
                    while let skipped = source.get(), skipped != .character("\n") {}
                    continue
                }
            }
            switch this {
            case .escaped(let scalar):
                items.append(try parseEscape(scalar))
            case .character(let scalar):
                switch scalar {
                case "[":
                    try parseSet()
                    items.append(Item(kind: .unit, width: .one))
                case "*", "+", "?", "{":
                    try parseRepeat(scalar, items: &items)
                case ".":
                    items.append(Item(kind: .unit, width: .one))
                case "(":
                    if let item = try parseGroup(verbose: &verbose, nested: nested, first: first, items: items) {
                        items.append(item)
                    }
                case "^", "$":
                    items.append(Item(kind: .anchor, width: .zero))
                default:
                    items.append(Item(kind: .unit, width: .one))
                }
            }
        }
        return items
    }

    /// A quantifier after the last item: `*`, `+`, `?`, `{m,n}`, optionally lazy (`?`) or
    /// possessive (`+`). A `{` that does not start a valid `{m,n}` is a literal.
    mutating func parseRepeat(_ scalar: Unicode.Scalar, items: inout [Item]) throws {
        var minimum = 0, maximum = Self.maxRepeat
        switch scalar {
        case "?": maximum = 1
        case "+": minimum = 1
        case "{":
            let here = source.position
            if source.next == .character("}") {
                items.append(Item(kind: .unit, width: .one))
                return
            }
            let low = source.digits()
            let high = source.match(",") ? source.digits() : low
            guard source.match("}") else {
                items.append(Item(kind: .unit, width: .one))
                source.seek(here)
                return
            }
            if !low.isEmpty {
                guard let value = Int(low), value < Self.maxRepeat else { throw Invalid() }
                minimum = value
            }
            if !high.isEmpty {
                guard let value = Int(high), value < Self.maxRepeat, value >= minimum else { throw Invalid() }
                maximum = value
            }
        default: break
        }
        guard let last = items.last, last.kind != .anchor, last.kind != .repeated else { throw Invalid() }
        if !source.match("?") { _ = source.match("+") }
        containsRepeat = true
        let width = last.width.capped
        items[items.count - 1] = Item(
            kind: .repeated,
            width: Width(low: Self.saturatingMultiply(width.low, minimum), high: Self.saturatingMultiply(width.high, maximum)))
    }

    static func saturatingMultiply(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? Int.max / 2 : product
    }

    // MARK: Group bookkeeping

    /// Whether group `id` exists and is closed.
    func isClosedGroup(_ id: Int) -> Bool {
        id >= 0 && id < groupCount && groupWidths[id] != nil
    }

    /// Inside a look-behind, a back-reference must name a closed group opened before it.
    func checkLookbehindReference(_ id: Int) throws {
        guard let before = lookbehindGroups else { return }
        guard isClosedGroup(id), id < before else { throw Invalid() }
    }

    /// An item for a back-reference to group `id`.
    func backReference(_ id: Int) throws -> Item {
        guard isClosedGroup(id), let width = groupWidths[id] else { throw Invalid() }
        try checkLookbehindReference(id)
        return Item(kind: .group, width: width)
    }
}
