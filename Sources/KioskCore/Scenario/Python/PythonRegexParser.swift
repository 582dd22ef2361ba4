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
/// This is the one port of `sre_parse` here: the scenario validator checks patterns with it
/// (``PythonRegexSyntax``) and callsigns are generated from its tree (``Xeger``). Syntax
/// errors use Python's messages. Atomic groups, possessive repeats and conditional groups
/// parse as in Python; rstr cannot generate from them, which ``Xeger`` reports.
struct PythonRegexParser {
    /// `sre_constants.MAXREPEAT`: the "no upper bound" of `*`, `+` and `{m,}`.
    static let maxRepeat = 4_294_967_295
    /// `_sre.MAXGROUPS` on 64-bit builds.
    static let maxGroups = 1_073_741_823
    /// Our limit on nested groups, so that a pathological pattern cannot exhaust the
    /// stack (Python gives up with a RecursionError a few hundred levels down; callsign
    /// patterns use two or three).
    static let maxGroupNesting = 99
    static let asciiFlag = 256, unicodeFlag = 32, templateFlag = 1

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

    private var source: PythonRegexTokenizer
    /// Whether a global `(?x)` has been seen.
    private var globalVerbose = false
    /// `State.groups`: number of opened groups + 1 (group 0 is the whole match).
    private var groupCount = 1
    /// Per group number, whether the group is closed (group 0 unused).
    private var closedGroups: [Bool] = [false]
    private var groupNames: [String: Int] = [:]
    /// `State.lookbehindgroups`: group count when the outermost look-behind started.
    private var lookbehindGroups: Int?
    /// `State.flags`: the global flags, `(?x)` at the start and the like.
    private var globalFlagBits = 0
    /// `State.grouprefpos`: groups named by number in `(?(n)…)`, with where; each must exist
    /// by the end of the pattern.
    private var conditionalReferences: [Int: Int] = [:]

    private init(_ pattern: String) throws(PythonRegexError) {
        source = try PythonRegexTokenizer(pattern)
    }

    /// Parses `pattern` as `sre_parse.parse(pattern)` with no flags.
    static func parse(_ pattern: String) throws(PythonRegexError) -> [PythonRegexNode] {
        try parseWithFlags(pattern).nodes
    }

    /// Parses `pattern` as `sre_parse.parse(pattern)` with no flags, and returns the global
    /// flags it set.
    static func parseWithFlags(_ pattern: String) throws(PythonRegexError) -> (nodes: [PythonRegexNode], globalFlags: Int) {
        var parser = try PythonRegexParser(pattern)
        let nodes = try parser.parseAlternation(verbose: false, nested: 0)
        if parser.source.next != nil {
            throw PythonRegexError(.syntax, "unbalanced parenthesis", position: parser.source.position)
        }
        for (group, position) in parser.conditionalReferences.sorted(by: { $0.key < $1.key }) where group >= parser.groupCount {
            throw PythonRegexError(.syntax, "invalid group reference \(group)", position: position)
        }
        // `fix_flags`.
        if parser.globalFlagBits & asciiFlag != 0 && parser.globalFlagBits & unicodeFlag != 0 {
            throw PythonRegexError(.syntax, "ASCII and UNICODE flags are incompatible")
        }
        return (nodes, parser.globalFlagBits)
    }

    // MARK: - Alternation

    /// `_parse_sub`: `a|b|c`, with the prefix and character-set rewrites.
    private mutating func parseAlternation(verbose: Bool, nested: Int) throws(PythonRegexError) -> [PythonRegexNode] {
        // `nested` grows by two per group level, as in `sre_parse`.
        if nested > 2 * Self.maxGroupNesting {
            throw PythonRegexError(.unsupported, "pattern nested too deeply", position: source.position)
        }
        var verbose = verbose
        var items: [[PythonRegexNode]] = []
        while true {
            items.append(try parseSequence(verbose: verbose, nested: nested + 1, first: nested == 0 && items.isEmpty))
            if !(try source.match("|")) { break }
            if nested == 0 { verbose = globalVerbose }
        }
        if items.count == 1 { return items[0] }

        var result: [PythonRegexNode] = []
        // Move a prefix shared by every alternative out of the branch.
        while let head = items.first?.first,
            items.allSatisfy({ item in item.first.map { $0.equalsForPrefix(head) } ?? false })
        {
            for i in items.indices { items[i].removeFirst() }
            result.append(head)
        }
        // Alternatives that are all single characters or classes become one class.
        var setItems: [PythonRegexNode.SetItem] = []
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
    private mutating func parseSequence(verbose: Bool, nested: Int, first: Bool) throws(PythonRegexError) -> [PythonRegexNode] {
        var verbose = verbose
        var nodes: [PythonRegexNode] = []
        // For each node, the body of a plain `(?:…)` group to splice in at the end.
        var splices: [[PythonRegexNode]?] = []
        func append(_ node: PythonRegexNode, splice: [PythonRegexNode]? = nil) {
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
                    throw PythonRegexError(.syntax, "nothing to repeat", position: start)
                }
                switch last {
                case .anchor: throw PythonRegexError(.syntax, "nothing to repeat", position: start)
                case .repeat, .possessiveRepeat: throw PythonRegexError(.syntax, "multiple repeat", position: start)
                default: break
                }
                let body = splices[splices.count - 1] ?? [last]
                if try source.match("?") {
                    nodes[nodes.count - 1] = .repeat(min: minimum, max: maximum, lazy: true, body: body)
                } else if try source.match("+") {
                    nodes[nodes.count - 1] = .possessiveRepeat(min: minimum, max: maximum, body: body)
                } else {
                    nodes[nodes.count - 1] = .repeat(min: minimum, max: maximum, lazy: false, body: body)
                }
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
                throw PythonRegexError(.syntax, "unsupported special character \(c)", position: start)
            }
        }

        // Unpack plain non-capturing groups.
        var result: [PythonRegexNode] = []
        for (node, splice) in zip(nodes, splices) {
            if let splice { result.append(contentsOf: splice) } else { result.append(node) }
        }
        return result
    }

    /// The bounds of `?`, `*`, `+` or `{m,n}`; `nil` when `{` is a plain character.
    private mutating func repeatBounds(_ c: Unicode.Scalar, here: Int) throws(PythonRegexError) -> (Int, Int)? {
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
                throw PythonRegexError(.syntax, "min repeat greater than max repeat", position: here)
            }
        }
        return (minimum, maximum)
    }

    private func repeatNumber(_ digits: [Unicode.Scalar]) throws(PythonRegexError) -> Int {
        var value = 0
        for digit in digits {
            value = value * 10 + Int(digit.value - 48)
            if value >= Self.maxRepeat {
                throw PythonRegexError(.syntax, "the repetition number is too large")
            }
        }
        return value
    }

    // MARK: - Groups

    /// What a `(` construct contributes to the sequence.
    private enum GroupResult {
        /// Nothing (a comment or global flags).
        case none
        case node(PythonRegexNode)
        /// A plain `(?:…)` group, spliced unless it gets repeated.
        case splice([PythonRegexNode])
    }

    private mutating func group(
        start: Int, verbose: inout Bool, nested: Int, first: Bool, isEmpty: Bool
    ) throws(PythonRegexError) -> GroupResult {
        var capture = true
        var atomic = false
        var name: String?
        var addFlags = 0
        var deleteFlags = 0
        if try source.match("?") {
            guard let char = try source.get() else {
                throw PythonRegexError(.syntax, "unexpected end of pattern", position: source.position)
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
                        throw PythonRegexError(.syntax, "unknown group name '\(groupName)'", position: start)
                    }
                    try checkReference(index, position: start)
                    return .node(.groupReference(index))
                } else {
                    guard let next = try source.get() else {
                        throw PythonRegexError(.syntax, "unexpected end of pattern", position: source.position)
                    }
                    throw PythonRegexError(.syntax, "unknown extension ?P\(Self.text(next))", position: start)
                }
            case ":":
                capture = false
            case "#":
                while true {
                    guard let token = try source.get() else {
                        throw PythonRegexError(.syntax, "missing ), unterminated comment", position: start)
                    }
                    if token.isPlain(")") { break }
                }
                return .none
            case "=", "!", "<":
                var kind = char
                var lookbehindStarted = false
                if c == "<" {
                    guard let next = try source.get() else {
                        throw PythonRegexError(.syntax, "unexpected end of pattern", position: source.position)
                    }
                    guard next.isPlain("=") || next.isPlain("!") else {
                        throw PythonRegexError(.syntax, "unknown extension ?<\(Self.text(next))", position: start)
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
                    throw PythonRegexError(.syntax, "missing ), unterminated subpattern", position: start)
                }
                let behind = c == "<"
                return .node(kind.isPlain("=") ? .assert(body, behind: behind) : .assertNot(body, behind: behind))
            case "(":
                return .node(try conditional(start: start, verbose: verbose, nested: nested))
            case ">":
                capture = false
                atomic = true
            case .some(let flag) where Self.flagBits[flag] != nil || flag == "-":
                guard let flags = try inlineFlags(startingWith: flag) else {
                    if !first || !isEmpty {
                        throw PythonRegexError(.syntax, "global flags not at the start of the expression", position: start)
                    }
                    verbose = globalVerbose
                    return .none
                }
                (addFlags, deleteFlags) = flags
                capture = false
            default:
                throw PythonRegexError(.syntax, "unknown extension ?\(Self.text(char))", position: start)
            }
        }

        var index: Int?
        if capture { index = try openGroup(name, position: start) }
        let bodyVerbose =
            (verbose || addFlags & Self.verboseFlag != 0) && deleteFlags & Self.verboseFlag == 0
        let body = try parseAlternation(verbose: bodyVerbose, nested: nested + 1)
        if !(try source.match(")")) {
            throw PythonRegexError(.syntax, "missing ), unterminated subpattern", position: start)
        }
        if let index {
            closedGroups[index] = true
            return .node(.group(index: index, body: body))
        }
        if atomic { return .node(.atomicGroup(body)) }
        if addFlags == 0 && deleteFlags == 0 { return .splice(body) }
        return .node(.group(index: nil, body: body))
    }

    /// `_parse_flags`: `nil` for global flags `(?x)`, else the scoped `(add, delete)` bits.
    private mutating func inlineFlags(startingWith first: Unicode.Scalar) throws(PythonRegexError) -> (Int, Int)? {
        var add = 0
        var delete = 0
        var c = first
        let position = source.position
        if c != "-" {
            while true {
                let flag = Self.flagBits[c] ?? 0
                if c == "L" {
                    throw PythonRegexError(
                        .syntax, "bad inline flags: cannot use 'L' flag with a str pattern", position: position)
                }
                add |= flag
                if flag & Self.typeFlags != 0 && add & Self.typeFlags != flag {
                    throw PythonRegexError(
                        .syntax, "bad inline flags: flags 'a', 'u' and 'L' are incompatible", position: position)
                }
                guard let token = try source.get() else {
                    throw PythonRegexError(.syntax, "missing -, : or )", position: source.position)
                }
                if token.isPlain(")") || token.isPlain("-") || token.isPlain(":") {
                    c = token.scalar
                    break
                }
                guard !token.isEscape, Self.flagBits[token.scalar] != nil else {
                    throw PythonRegexError(
                        .syntax, Self.isLetter(token) ? "unknown flag" : "missing -, : or )", position: position)
                }
                c = token.scalar
            }
        }
        if c == ")" {
            if add & Self.verboseFlag != 0 { globalVerbose = true }
            globalFlagBits |= add
            return nil
        }
        if add & Self.globalFlags != 0 {
            throw PythonRegexError(.syntax, "bad inline flags: cannot turn on global flag", position: position)
        }
        if c == "-" {
            guard let token = try source.get() else {
                throw PythonRegexError(.syntax, "missing flag", position: source.position)
            }
            guard !token.isEscape, Self.flagBits[token.scalar] != nil else {
                throw PythonRegexError(.syntax, Self.isLetter(token) ? "unknown flag" : "missing flag", position: position)
            }
            c = token.scalar
            while true {
                let flag = Self.flagBits[c] ?? 0
                if flag & Self.typeFlags != 0 {
                    throw PythonRegexError(
                        .syntax, "bad inline flags: cannot turn off flags 'a', 'u' and 'L'", position: position)
                }
                delete |= flag
                guard let next = try source.get() else {
                    throw PythonRegexError(.syntax, "missing :", position: source.position)
                }
                if next.isPlain(":") { break }
                guard !next.isEscape, Self.flagBits[next.scalar] != nil else {
                    throw PythonRegexError(.syntax, Self.isLetter(next) ? "unknown flag" : "missing :", position: position)
                }
                c = next.scalar
            }
        }
        if delete & Self.globalFlags != 0 {
            throw PythonRegexError(.syntax, "bad inline flags: cannot turn off global flag", position: position)
        }
        if add & delete != 0 {
            throw PythonRegexError(.syntax, "bad inline flags: flag turned on and off", position: position)
        }
        return (add, delete)
    }

    private mutating func openGroup(_ name: String?, position: Int) throws(PythonRegexError) -> Int {
        let index = groupCount
        groupCount += 1
        closedGroups.append(false)
        if let name {
            if let previous = groupNames[name] {
                throw PythonRegexError(
                    .syntax, "redefinition of group name '\(name)' as group \(index); was group \(previous)",
                    position: position)
            }
            groupNames[name] = index
        }
        return index
    }

    /// `(?(id)yes|no)` after its `(?(`, as `_parse` reads a conditional back-reference group.
    private mutating func conditional(start: Int, verbose: Bool, nested: Int) throws(PythonRegexError) -> PythonRegexNode {
        let name = try source.getUntil(")", what: "group name")
        let index: Int
        if Self.isIdentifier(name) {
            guard let named = groupNames[name] else {
                throw PythonRegexError(.syntax, "unknown group name '\(name)'", position: start)
            }
            index = named
        } else {
            guard let number = Self.pythonInt(name), number >= 0 else {
                throw PythonRegexError(.syntax, "bad character in group name '\(name)'", position: start)
            }
            guard number != 0 else { throw PythonRegexError(.syntax, "bad group number", position: start) }
            guard number < Self.maxGroups else {
                throw PythonRegexError(.syntax, "invalid group reference \(number)", position: start)
            }
            if conditionalReferences[number] == nil { conditionalReferences[number] = start }
            index = number
        }
        if lookbehindGroups != nil { try checkReference(index, position: start) }
        let yes = try parseSequence(verbose: verbose, nested: nested + 1, first: false)
        var no: [PythonRegexNode]?
        if try source.match("|") {
            no = try parseSequence(verbose: verbose, nested: nested + 1, first: false)
            if let next = source.next, next.isPlain("|") {
                throw PythonRegexError(.syntax, "conditional backref with more than two branches", position: source.position)
            }
        }
        if !(try source.match(")")) {
            throw PythonRegexError(.syntax, "missing ), unterminated subpattern", position: start)
        }
        return .groupReferenceExists(index, yes: yes, no: no)
    }

    /// `checkgroup` + `checklookbehindgroup` for a back-reference to `index`.
    private func checkReference(_ index: Int, position: Int) throws(PythonRegexError) {
        guard index < groupCount, closedGroups[index] else {
            throw PythonRegexError(.syntax, "cannot refer to an open group", position: position)
        }
        if let lookbehindGroups, index >= lookbehindGroups {
            throw PythonRegexError(
                .syntax, "cannot refer to group defined in the same lookbehind subpattern", position: position)
        }
    }

    /// `checkgroupname`: a group name must be a Python identifier.
    private func checkGroupName(_ name: String) throws(PythonRegexError) {
        if !Self.isIdentifier(name) {
            throw PythonRegexError(.syntax, "bad character in group name '\(name)'", position: source.position)
        }
    }

    /// Python's `str.isidentifier()`.
    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isXIDStart else { return false }
        return text.unicodeScalars.dropFirst().allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }

    /// Python's `int(text)` for ASCII text: optional surrounding whitespace and sign,
    /// digits with single `_` between them.
    private static func pythonInt(_ text: String) -> Int? {
        var body = Substring(text)
        while let first = body.first, first.isWhitespace { body.removeFirst() }
        while let last = body.last, last.isWhitespace { body.removeLast() }
        var sign = 1
        if body.first == "+" || body.first == "-" {
            sign = body.first == "-" ? -1 : 1
            body.removeFirst()
        }
        guard let first = body.first, first.isASCII, first.isNumber, body.last != "_", !body.contains("__"),
            body.allSatisfy({ $0 == "_" || ($0.isASCII && $0.isNumber) })
        else { return nil }
        return Int(body.filter { $0 != "_" }).map { $0 * sign }
    }

    // MARK: - Escapes

    /// `_escape`: an escape outside a class.
    private mutating func escape(_ token: PythonRegexToken, start: Int) throws(PythonRegexError) -> PythonRegexNode {
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
                        throw PythonRegexError(
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
            throw PythonRegexError(.syntax, "invalid group reference \(index)", position: start + 1)
        }
        if Self.isASCIILetter(c) {
            throw PythonRegexError(.syntax, "bad escape \\\(c)", position: start)
        }
        return .literal(c.value)
    }

    /// `_class_escape`: an escape inside `[...]`, as a class item.
    private mutating func classEscape(_ token: PythonRegexToken, start: Int) throws(PythonRegexError) -> PythonRegexNode.SetItem {
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
                throw PythonRegexError(
                    .syntax,
                    "octal escape value \\\(String(String.UnicodeScalarView([c] + more))) outside of range 0-0o377",
                    position: start)
            }
            return .literal(value)
        }
        if Self.digits.contains(c) || Self.isASCIILetter(c) {
            throw PythonRegexError(.syntax, "bad escape \\\(c)", position: start)
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
    /// `\N{name}` names a character by its Unicode name (any case, as `unicodedata.lookup`).
    private mutating func codePointEscape(_ c: Unicode.Scalar, start: Int) throws(PythonRegexError) -> UInt32? {
        let width: Int
        switch c {
        case "x": width = 2
        case "u": width = 4
        case "U": width = 8
        case "N":
            guard try source.match("{") else { throw PythonRegexError(.syntax, "missing {", position: start) }
            let name = try source.getUntil("}", what: "character name")
            guard let scalar = Unicode.Scalar(named: name.uppercased()) else {
                throw PythonRegexError(.syntax, "undefined character name '\(name)'", position: start)
            }
            return scalar.value
        default: return nil
        }
        let hex = try source.getWhile(width, in: Self.hexDigits)
        if hex.count != width {
            throw PythonRegexError(
                .syntax, "incomplete escape \\\(c)\(String(String.UnicodeScalarView(hex)))", position: start)
        }
        let value = Self.number(hex, radix: 16)
        if c == "U" && value > 0x10FFFF {
            throw PythonRegexError(.syntax, "bad escape \\U\(String(String.UnicodeScalarView(hex)))", position: start)
        }
        return value
    }

    // MARK: - Character classes

    /// `[...]` after the opening bracket.
    private mutating func characterClass(start: Int) throws(PythonRegexError) -> PythonRegexNode {
        let negated = try source.match("^")
        var items: [PythonRegexNode.SetItem] = []
        while true {
            let itemStart = source.position
            guard let this = try source.get() else {
                throw PythonRegexError(.syntax, "unterminated character set", position: start)
            }
            if this.isPlain("]") && !items.isEmpty { break }
            let first = this.isEscape ? try classEscape(this, start: itemStart) : .literal(this.scalar.value)
            if try source.match("-") {
                let thatStart = source.position
                guard let that = try source.get() else {
                    throw PythonRegexError(.syntax, "unterminated character set", position: start)
                }
                if that.isPlain("]") {
                    items.append(first)
                    items.append(.literal(45))
                    break
                }
                let second = that.isEscape ? try classEscape(that, start: thatStart) : .literal(that.scalar.value)
                guard case .literal(let low) = first, case .literal(let high) = second, low <= high else {
                    throw PythonRegexError(
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
    private static func unique(_ items: [PythonRegexNode.SetItem]) -> [PythonRegexNode.SetItem] {
        var seen: Set<PythonRegexNode.SetItem> = []
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

    private static func isLetter(_ token: PythonRegexToken) -> Bool {
        !token.isEscape && token.scalar.properties.isAlphabetic
    }

    /// The token as written in the pattern, for messages.
    private static func text(_ token: PythonRegexToken) -> String {
        (token.isEscape ? "\\" : "") + String(Character(token.scalar))
    }
}
