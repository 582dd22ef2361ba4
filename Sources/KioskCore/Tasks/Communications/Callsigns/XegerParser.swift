/// Parses a Python regular expression into the tree that CPython 3.11's `sre_parse` builds.
///
/// The tree includes `sre_parse`'s rewrites, which change what rstr draws:
///
/// * duplicate class items are dropped and a one-character class becomes a literal
///   (`[AA]` → `A`, `[^A]` → "not A");
/// * alternatives lose their common leading items (`AB|AC` → `A` then `B|C`);
/// * alternatives that are all single characters or non-negated classes become one class
///   (`A|B|A` → `[AB]`, `\d|[A-C]` → `[\dA-C]`);
/// * plain non-capturing groups `(?:…)` are spliced into the enclosing sequence.
///
/// Syntax errors use Python's messages. Atomic groups, possessive repeats and conditional
/// groups parse in Python but rstr 3.1.0 cannot generate them, so they are rejected as
/// `.unsupported`, as is `\N{name}` (no Unicode name table here).
struct XegerParser {
    /// `sre_constants.MAXREPEAT`: the "no upper bound" of `*`, `+` and `{m,}`.
    static let maxRepeat = 4_294_967_295
    /// Our limit on nested groups, so that a pathological pattern cannot exhaust the
    /// stack (Python allows a few hundred; callsign patterns use two or three).
    static let maxGroupNesting = 50

    private static let specialCharacters: Set<Unicode.Scalar> = Set(".\\[{()*+?^$|".unicodeScalars)
    private static let digits: Set<Unicode.Scalar> = Set("0123456789".unicodeScalars)
    private static let octalDigits: Set<Unicode.Scalar> = Set("01234567".unicodeScalars)
    private static let hexDigits: Set<Unicode.Scalar> = Set("0123456789abcdefABCDEF".unicodeScalars)
    private static let whitespace: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}"]
    private static let flagBits: [Unicode.Scalar: Int] = [
        "i": 2, "L": 4, "m": 8, "s": 16, "x": 64, "a": 256, "t": 1, "u": 32,
    ]
    private static let verboseFlag = 64
    private static let typeFlags = 292  // a | L | u
    private static let globalFlags = 129  // DEBUG | TEMPLATE

    private var source: XegerTokenizer
    /// Whether a global `(?x)` has been seen.
    private var globalVerbose = false
    /// `State.groups`: number of opened groups + 1 (group 0 is the whole match).
    private var groupCount = 1
    /// Per group number, whether the group is closed (group 0 unused).
    private var closedGroups: [Bool] = [false]
    private var groupNames: [String: Int] = [:]
    /// `State.lookbehindgroups`: group count when the outermost look-behind started.
    private var lookbehindGroups: Int?

    private init(_ pattern: String) throws(XegerError) {
        source = try XegerTokenizer(pattern)
    }

    /// Parses `pattern` as `sre_parse.parse(pattern)` with no flags.
    static func parse(_ pattern: String) throws(XegerError) -> [XegerNode] {
        var parser = try XegerParser(pattern)
        let nodes = try parser.parseAlternation(verbose: false, nested: 0)
        if parser.source.next != nil {
            throw XegerError(.syntax, "unbalanced parenthesis", position: parser.source.position)
        }
        return nodes
    }

    // MARK: - Alternation

    /// `_parse_sub`: `a|b|c`, with the prefix and character-set rewrites.
    private mutating func parseAlternation(verbose: Bool, nested: Int) throws(XegerError) -> [XegerNode] {
        // `nested` grows by two per group level, as in `sre_parse`.
        if nested > 2 * Self.maxGroupNesting {
            throw XegerError(.unsupported, "pattern nested too deeply", position: source.position)
        }
        var verbose = verbose
        var items: [[XegerNode]] = []
        while true {
            items.append(try parseSequence(verbose: verbose, nested: nested + 1, first: nested == 0 && items.isEmpty))
            if !(try source.match("|")) { break }
            if nested == 0 { verbose = globalVerbose }
        }
        if items.count == 1 { return items[0] }

        var result: [XegerNode] = []
        // Move a prefix shared by every alternative out of the branch.
        while let head = items.first?.first,
            items.allSatisfy({ item in item.first.map { $0.equalsForPrefix(head) } ?? false })
        {
            for i in items.indices { items[i].removeFirst() }
            result.append(head)
        }
        // Alternatives that are all single characters or classes become one class.
        var setItems: [XegerNode.SetItem] = []
        var allCharacters = true
        for item in items {
            guard item.count == 1 else {
                allCharacters = false
                break
            }
            switch item[0] {
            case .literal(let c): setItems.append(.literal(c))
            case .set(negated: false, let classItems): setItems.append(contentsOf: classItems)
            default: allCharacters = false
            }
            if !allCharacters { break }
        }
        if allCharacters {
            result.append(.set(negated: false, items: Self.unique(setItems)))
        } else {
            result.append(.branch(items))
        }
        return result
    }

    // MARK: - Sequence

    /// `_parse`: one alternative, a sequence of items.
    private mutating func parseSequence(verbose: Bool, nested: Int, first: Bool) throws(XegerError) -> [XegerNode] {
        var verbose = verbose
        var nodes: [XegerNode] = []
        // For each node, the body of a plain `(?:…)` group to splice in at the end.
        var splices: [[XegerNode]?] = []
        func append(_ node: XegerNode, splice: [XegerNode]? = nil) {
            nodes.append(node)
            splices.append(splice)
        }

        while let this = source.next {
            if this.isPlain("|") || this.isPlain(")") { break }
            let start = source.position
            _ = try source.get()

            if verbose {
                if this.isPlain(in: Self.whitespace) { continue }
                if this.isPlain("#") {
                    while let token = try source.get(), !token.isPlain("\n") {}
                    continue
                }
            }

            if this.isEscape {
                append(try escape(this, start: start))
                continue
            }
            let c = this.scalar
            if !Self.specialCharacters.contains(c) {
                append(.literal(c.value))
                continue
            }
            switch c {
            case "[":
                append(try characterClass(start: start))
            case "*", "+", "?", "{":
                let here = source.position
                guard let (minimum, maximum) = try repeatBounds(c, here: here) else {
                    append(.literal(c.value))  // a `{` that does not start a repeat
                    continue
                }
                guard let last = nodes.last else {
                    throw XegerError(.syntax, "nothing to repeat", position: start)
                }
                switch last {
                case .anchor: throw XegerError(.syntax, "nothing to repeat", position: start)
                case .repeat: throw XegerError(.syntax, "multiple repeat", position: start)
                default: break
                }
                let body = splices[splices.count - 1] ?? [last]
                let lazy = try source.match("?")
                if !lazy, try source.match("+") {
                    throw XegerError(.unsupported, "possessive repeats are not supported by rstr", position: start)
                }
                nodes[nodes.count - 1] = .repeat(min: minimum, max: maximum, lazy: lazy, body: body)
                splices[splices.count - 1] = nil
            case ".":
                append(.any)
            case "(":
                switch try group(start: start, verbose: &verbose, nested: nested, first: first, isEmpty: nodes.isEmpty)
                {
                case .none: break
                case .node(let node): append(node)
                case .splice(let body): append(.group(index: nil, body: body), splice: body)
                }
            case "^":
                append(.anchor(.beginning))
            case "$":
                append(.anchor(.end))
            default:
                throw XegerError(.syntax, "unsupported special character \(c)", position: start)
            }
        }

        // Unpack plain non-capturing groups.
        var result: [XegerNode] = []
        for (node, splice) in zip(nodes, splices) {
            if let splice { result.append(contentsOf: splice) } else { result.append(node) }
        }
        return result
    }

    /// The bounds of `?`, `*`, `+` or `{m,n}`; `nil` when `{` is a plain character.
    private mutating func repeatBounds(_ c: Unicode.Scalar, here: Int) throws(XegerError) -> (Int, Int)? {
        switch c {
        case "?": return (0, 1)
        case "*": return (0, Self.maxRepeat)
        case "+": return (1, Self.maxRepeat)
        default: break
        }
        if let next = source.next, next.isPlain("}") { return nil }
        let low = try source.getWhile(Int.max, in: Self.digits)
        var high = low
        if try source.match(",") { high = try source.getWhile(Int.max, in: Self.digits) }
        if !(try source.match("}")) {
            try source.seek(here)
            return nil
        }
        var minimum = 0
        var maximum = Self.maxRepeat
        if !low.isEmpty { minimum = try repeatNumber(low) }
        if !high.isEmpty {
            maximum = try repeatNumber(high)
            if maximum < minimum {
                throw XegerError(.syntax, "min repeat greater than max repeat", position: here)
            }
        }
        return (minimum, maximum)
    }

    private func repeatNumber(_ digits: [Unicode.Scalar]) throws(XegerError) -> Int {
        var value = 0
        for digit in digits {
            value = value * 10 + Int(digit.value - 48)
            if value >= Self.maxRepeat {
                throw XegerError(.syntax, "the repetition number is too large")
            }
        }
        return value
    }

    // MARK: - Groups

    /// What a `(` construct contributes to the sequence.
    private enum GroupResult {
        /// Nothing (a comment or global flags).
        case none
        case node(XegerNode)
        /// A plain `(?:…)` group, spliced unless it gets repeated.
        case splice([XegerNode])
    }

    private mutating func group(
        start: Int, verbose: inout Bool, nested: Int, first: Bool, isEmpty: Bool
    ) throws(XegerError) -> GroupResult {
        var capture = true
        var name: String?
        var addFlags = 0
        var deleteFlags = 0
        if try source.match("?") {
            guard let char = try source.get() else {
                throw XegerError(.syntax, "unexpected end of pattern", position: source.position)
            }
            let c = char.isEscape ? nil : char.scalar
            switch c {
            case "P":
                if try source.match("<") {
                    let groupName = try source.getUntil(">", what: "group name")
                    try checkGroupName(groupName)
                    name = groupName
                } else if try source.match("=") {
                    let groupName = try source.getUntil(")", what: "group name")
                    try checkGroupName(groupName)
                    guard let index = groupNames[groupName] else {
                        throw XegerError(.syntax, "unknown group name '\(groupName)'", position: start)
                    }
                    try checkReference(index, position: start)
                    return .node(.groupReference(index))
                } else {
                    guard let next = try source.get() else {
                        throw XegerError(.syntax, "unexpected end of pattern", position: source.position)
                    }
                    throw XegerError(.syntax, "unknown extension ?P\(Self.text(next))", position: start)
                }
            case ":":
                capture = false
            case "#":
                while true {
                    guard let token = try source.get() else {
                        throw XegerError(.syntax, "missing ), unterminated comment", position: start)
                    }
                    if token.isPlain(")") { break }
                }
                return .none
            case "=", "!", "<":
                var kind = char
                var lookbehindStarted = false
                if c == "<" {
                    guard let next = try source.get() else {
                        throw XegerError(.syntax, "unexpected end of pattern", position: source.position)
                    }
                    guard next.isPlain("=") || next.isPlain("!") else {
                        throw XegerError(.syntax, "unknown extension ?<\(Self.text(next))", position: start)
                    }
                    kind = next
                    if lookbehindGroups == nil {
                        lookbehindGroups = groupCount
                        lookbehindStarted = true
                    }
                }
                let body = try parseAlternation(verbose: verbose, nested: nested + 1)
                if lookbehindStarted { lookbehindGroups = nil }
                if !(try source.match(")")) {
                    throw XegerError(.syntax, "missing ), unterminated subpattern", position: start)
                }
                return .node(kind.isPlain("=") ? .assert(body) : .assertNot)
            case "(":
                throw XegerError(.unsupported, "conditional groups are not supported by rstr", position: start)
            case ">":
                throw XegerError(.unsupported, "atomic groups are not supported by rstr", position: start)
            case .some(let flag) where Self.flagBits[flag] != nil || flag == "-":
                guard let flags = try inlineFlags(startingWith: flag) else {
                    if !first || !isEmpty {
                        throw XegerError(.syntax, "global flags not at the start of the expression", position: start)
                    }
                    verbose = globalVerbose
                    return .none
                }
                (addFlags, deleteFlags) = flags
                capture = false
            default:
                throw XegerError(.syntax, "unknown extension ?\(Self.text(char))", position: start)
            }
        }

        var index: Int?
        if capture { index = try openGroup(name, position: start) }
        let bodyVerbose =
            (verbose || addFlags & Self.verboseFlag != 0) && deleteFlags & Self.verboseFlag == 0
        let body = try parseAlternation(verbose: bodyVerbose, nested: nested + 1)
        if !(try source.match(")")) {
            throw XegerError(.syntax, "missing ), unterminated subpattern", position: start)
        }
        if let index {
            closedGroups[index] = true
            return .node(.group(index: index, body: body))
        }
        if addFlags == 0 && deleteFlags == 0 { return .splice(body) }
        return .node(.group(index: nil, body: body))
    }

    /// `_parse_flags`: `nil` for global flags `(?x)`, else the scoped `(add, delete)` bits.
    private mutating func inlineFlags(startingWith first: Unicode.Scalar) throws(XegerError) -> (Int, Int)? {
        var add = 0
        var delete = 0
        var c = first
        let position = source.position
        if c != "-" {
            while true {
                let flag = Self.flagBits[c] ?? 0
                if c == "L" {
                    throw XegerError(
                        .syntax, "bad inline flags: cannot use 'L' flag with a str pattern", position: position)
                }
                add |= flag
                if flag & Self.typeFlags != 0 && add & Self.typeFlags != flag {
                    throw XegerError(
                        .syntax, "bad inline flags: flags 'a', 'u' and 'L' are incompatible", position: position)
                }
                guard let token = try source.get() else {
                    throw XegerError(.syntax, "missing -, : or )", position: source.position)
                }
                if token.isPlain(")") || token.isPlain("-") || token.isPlain(":") {
                    c = token.scalar
                    break
                }
                guard !token.isEscape, Self.flagBits[token.scalar] != nil else {
                    throw XegerError(
                        .syntax, Self.isLetter(token) ? "unknown flag" : "missing -, : or )", position: position)
                }
                c = token.scalar
            }
        }
        if c == ")" {
            if add & Self.verboseFlag != 0 { globalVerbose = true }
            return nil
        }
        if add & Self.globalFlags != 0 {
            throw XegerError(.syntax, "bad inline flags: cannot turn on global flag", position: position)
        }
        if c == "-" {
            guard let token = try source.get() else {
                throw XegerError(.syntax, "missing flag", position: source.position)
            }
            guard !token.isEscape, Self.flagBits[token.scalar] != nil else {
                throw XegerError(.syntax, Self.isLetter(token) ? "unknown flag" : "missing flag", position: position)
            }
            c = token.scalar
            while true {
                let flag = Self.flagBits[c] ?? 0
                if flag & Self.typeFlags != 0 {
                    throw XegerError(
                        .syntax, "bad inline flags: cannot turn off flags 'a', 'u' and 'L'", position: position)
                }
                delete |= flag
                guard let next = try source.get() else {
                    throw XegerError(.syntax, "missing :", position: source.position)
                }
                if next.isPlain(":") { break }
                guard !next.isEscape, Self.flagBits[next.scalar] != nil else {
                    throw XegerError(.syntax, Self.isLetter(next) ? "unknown flag" : "missing :", position: position)
                }
                c = next.scalar
            }
        }
        if delete & Self.globalFlags != 0 {
            throw XegerError(.syntax, "bad inline flags: cannot turn off global flag", position: position)
        }
        if add & delete != 0 {
            throw XegerError(.syntax, "bad inline flags: flag turned on and off", position: position)
        }
        return (add, delete)
    }

    private mutating func openGroup(_ name: String?, position: Int) throws(XegerError) -> Int {
        let index = groupCount
        groupCount += 1
        closedGroups.append(false)
        if let name {
            if let previous = groupNames[name] {
                throw XegerError(
                    .syntax, "redefinition of group name '\(name)' as group \(index); was group \(previous)",
                    position: position)
            }
            groupNames[name] = index
        }
        return index
    }

    /// `checkgroup` + `checklookbehindgroup` for a back-reference to `index`.
    private func checkReference(_ index: Int, position: Int) throws(XegerError) {
        guard index < groupCount, closedGroups[index] else {
            throw XegerError(.syntax, "cannot refer to an open group", position: position)
        }
        if let lookbehindGroups, index >= lookbehindGroups {
            throw XegerError(
                .syntax, "cannot refer to group defined in the same lookbehind subpattern", position: position)
        }
    }

    /// Python's `str.isidentifier()`.
    private func checkGroupName(_ name: String) throws(XegerError) {
        let scalars = Array(name.unicodeScalars)
        let valid =
            !scalars.isEmpty
            && (scalars[0] == "_" || scalars[0].properties.isXIDStart)
            && scalars.dropFirst().allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
        if !valid {
            throw XegerError(.syntax, "bad character in group name '\(name)'", position: source.position)
        }
    }

    // MARK: - Escapes

    /// `_escape`: an escape outside a class.
    private mutating func escape(_ token: XegerToken, start: Int) throws(XegerError) -> XegerNode {
        let c = token.scalar
        switch c {
        case "A": return .anchor(.beginningOfString)
        case "Z": return .anchor(.endOfString)
        case "b": return .anchor(.boundary)
        case "B": return .anchor(.nonBoundary)
        case "d": return .set(negated: false, items: [.category(.digit)])
        case "D": return .set(negated: false, items: [.category(.notDigit)])
        case "s": return .set(negated: false, items: [.category(.space)])
        case "S": return .set(negated: false, items: [.category(.notSpace)])
        case "w": return .set(negated: false, items: [.category(.word)])
        case "W": return .set(negated: false, items: [.category(.notWord)])
        default: break
        }
        if let code = Self.simpleEscape(c) { return .literal(code) }
        if let code = try codePointEscape(c, start: start) { return .literal(code) }
        if c == "0" {
            let more = try source.getWhile(2, in: Self.octalDigits)
            return .literal(Self.number([c] + more, radix: 8))
        }
        if Self.digits.contains(c) {
            // An octal escape or a group reference.
            var digits = [c]
            if let next = source.next, next.isPlain(in: Self.digits) {
                _ = try source.get()
                digits.append(next.scalar)
                if Self.octalDigits.contains(digits[0]) && Self.octalDigits.contains(digits[1]),
                    let third = source.next, third.isPlain(in: Self.octalDigits)
                {
                    _ = try source.get()
                    digits.append(third.scalar)
                    let value = Self.number(digits, radix: 8)
                    if value > 0o377 {
                        throw XegerError(
                            .syntax,
                            "octal escape value \\\(String(String.UnicodeScalarView(digits))) outside of range 0-0o377",
                            position: start)
                    }
                    return .literal(value)
                }
            }
            let index = Int(Self.number(digits, radix: 10))
            if index < groupCount {
                try checkReference(index, position: start)
                return .groupReference(index)
            }
            throw XegerError(.syntax, "invalid group reference \(index)", position: start + 1)
        }
        if Self.isASCIILetter(c) {
            throw XegerError(.syntax, "bad escape \\\(c)", position: start)
        }
        return .literal(c.value)
    }

    /// `_class_escape`: an escape inside `[...]`, as a class item.
    private mutating func classEscape(_ token: XegerToken, start: Int) throws(XegerError) -> XegerNode.SetItem {
        let c = token.scalar
        if c == "b" { return .literal(8) }
        if let code = Self.simpleEscape(c) { return .literal(code) }
        switch c {
        case "d": return .category(.digit)
        case "D": return .category(.notDigit)
        case "s": return .category(.space)
        case "S": return .category(.notSpace)
        case "w": return .category(.word)
        case "W": return .category(.notWord)
        default: break
        }
        if let code = try codePointEscape(c, start: start) { return .literal(code) }
        if Self.octalDigits.contains(c) {
            let more = try source.getWhile(2, in: Self.octalDigits)
            let value = Self.number([c] + more, radix: 8)
            if value > 0o377 {
                throw XegerError(
                    .syntax,
                    "octal escape value \\\(String(String.UnicodeScalarView([c] + more))) outside of range 0-0o377",
                    position: start)
            }
            return .literal(value)
        }
        if Self.digits.contains(c) || Self.isASCIILetter(c) {
            throw XegerError(.syntax, "bad escape \\\(c)", position: start)
        }
        return .literal(c.value)
    }

    /// `\a \f \n \r \t \v \\` (and `\b` inside a class, handled by the caller).
    private static func simpleEscape(_ c: Unicode.Scalar) -> UInt32? {
        switch c {
        case "a": 7
        case "f": 12
        case "n": 10
        case "r": 13
        case "t": 9
        case "v": 11
        case "\\": 92
        default: nil
        }
    }

    /// The code point of `\xhh`, `\uhhhh` or `\Uhhhhhhhh`; `nil` for other escapes.
    ///
    /// `\N{…}` (a Unicode character name) is rejected as unsupported.
    private mutating func codePointEscape(_ c: Unicode.Scalar, start: Int) throws(XegerError) -> UInt32? {
        let width: Int
        switch c {
        case "x": width = 2
        case "u": width = 4
        case "U": width = 8
        case "N": throw XegerError(.unsupported, "named Unicode escapes \\N{…} are not supported", position: start)
        default: return nil
        }
        let hex = try source.getWhile(width, in: Self.hexDigits)
        if hex.count != width {
            throw XegerError(
                .syntax, "incomplete escape \\\(c)\(String(String.UnicodeScalarView(hex)))", position: start)
        }
        let value = Self.number(hex, radix: 16)
        if c == "U" && value > 0x10FFFF {
            throw XegerError(.syntax, "bad escape \\U\(String(String.UnicodeScalarView(hex)))", position: start)
        }
        return value
    }

    // MARK: - Character classes

    /// `[...]` after the opening bracket.
    private mutating func characterClass(start: Int) throws(XegerError) -> XegerNode {
        let negated = try source.match("^")
        var items: [XegerNode.SetItem] = []
        while true {
            let itemStart = source.position
            guard let this = try source.get() else {
                throw XegerError(.syntax, "unterminated character set", position: start)
            }
            if this.isPlain("]") && !items.isEmpty { break }
            let first = this.isEscape ? try classEscape(this, start: itemStart) : .literal(this.scalar.value)
            if try source.match("-") {
                let thatStart = source.position
                guard let that = try source.get() else {
                    throw XegerError(.syntax, "unterminated character set", position: start)
                }
                if that.isPlain("]") {
                    items.append(first)
                    items.append(.literal(45))
                    break
                }
                let second = that.isEscape ? try classEscape(that, start: thatStart) : .literal(that.scalar.value)
                guard case .literal(let low) = first, case .literal(let high) = second, low <= high else {
                    throw XegerError(
                        .syntax, "bad character range \(Self.text(this))-\(Self.text(that))", position: itemStart)
                }
                items.append(.range(low, high))
            } else {
                items.append(first)
            }
        }
        items = Self.unique(items)
        if items.count == 1, case .literal(let c) = items[0] {
            return negated ? .notLiteral(c) : .literal(c)
        }
        return .set(negated: negated, items: items)
    }

    // MARK: - Helpers

    /// `_uniq`: drops repeated items, keeping the first occurrence.
    private static func unique(_ items: [XegerNode.SetItem]) -> [XegerNode.SetItem] {
        var seen: Set<XegerNode.SetItem> = []
        return items.filter { seen.insert($0).inserted }
    }

    private static func number(_ digits: [Unicode.Scalar], radix: UInt32) -> UInt32 {
        digits.reduce(0) { value, digit in
            let d: UInt32
            switch digit {
            case "0"..."9": d = digit.value - 48
            case "a"..."f": d = digit.value - 87
            default: d = digit.value - 55
            }
            return value * radix + d
        }
    }

    private static func isASCIILetter(_ c: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(c) || ("A"..."Z").contains(c)
    }

    private static func isLetter(_ token: XegerToken) -> Bool {
        !token.isEscape && token.scalar.properties.isAlphabetic
    }

    /// The token as written in the pattern, for messages.
    private static func text(_ token: XegerToken) -> String {
        (token.isEscape ? "\\" : "") + String(Character(token.scalar))
    }
}
