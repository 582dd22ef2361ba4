/// Parenthesised constructs: groups, extensions, look-arounds, conditionals, inline flags.
extension PythonRegexSyntax {
    /// Parses what follows `(`; returns the item to append, or `nil` for a comment or
    /// global flags, which add nothing.
    mutating func parseGroup(verbose: inout Bool, nested: Int, first: Bool, items: [Item]) throws -> Item? {
        var capture = true
        var name: String?
        var scopedFlags: (add: RegexFlags, remove: RegexFlags) = ([], [])
        if source.match("?") {
            guard let token = source.get() else { throw Invalid() }
            guard case .character(let char) = token else { throw Invalid() }  // "unknown extension"
            switch char {
            case "P":
                if source.match("<") {
                    let groupName = try source.until(">")
                    guard Self.isIdentifier(groupName) else { throw Invalid() }
                    name = groupName
                } else if source.match("=") {
                    let groupName = try source.until(")")
                    guard Self.isIdentifier(groupName), let id = groupNames[groupName] else { throw Invalid() }
                    return try backReference(id)
                } else {
                    throw Invalid()  // "unknown extension ?P…" or end of pattern
                }
            case ":":
                capture = false
            case "#":
                while true {
                    guard let skipped = source.get() else { throw Invalid() }  // unterminated comment
                    if skipped == .character(")") { return nil }
                }
            case "=", "!", "<":
                return try parseLookaround(char, verbose: verbose, nested: nested)
            case "(":
                return try parseConditional(verbose: verbose, nested: nested)
            case ">":
                // An atomic group: for syntax checking it is a non-capturing group.
                capture = false
            default:
                guard char == "-" || RegexFlags(letter: char) != nil else { throw Invalid() }
                guard let flags = try parseFlags(startingWith: char) else {
                    // Global flags: only at the very start of the pattern.
                    guard first, items.isEmpty else { throw Invalid() }
                    verbose = globalFlags.contains(.verbose)
                    return nil
                }
                scopedFlags = flags
                capture = false
            }
        }
        var id: Int?
        if capture {
            id = groupCount
            groupWidths.append(nil)
            if let name {
                guard groupNames[name] == nil else { throw Invalid() }  // redefinition
                groupNames[name] = groupCount - 1
            }
        }
        let subVerbose = (verbose || scopedFlags.add.contains(.verbose)) && !scopedFlags.remove.contains(.verbose)
        let width = try parseAlternatives(verbose: subVerbose, nested: nested + 1)
        guard source.match(")") else { throw Invalid() }  // unterminated subpattern
        if let id { groupWidths[id] = width }
        return Item(kind: .group, width: width)
    }

    /// `(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)`; a look-behind must match a fixed width.
    private mutating func parseLookaround(_ char: Unicode.Scalar, verbose: Bool, nested: Int) throws -> Item {
        var isBehind = false
        let outerLookbehind = lookbehindGroups
        if char == "<" {
            guard let next = source.get(), next == .character("=") || next == .character("!") else {
                throw Invalid()
            }
            isBehind = true
            if lookbehindGroups == nil { lookbehindGroups = groupCount }
        }
        let width = try parseAlternatives(verbose: verbose, nested: nested + 1)
        if isBehind && outerLookbehind == nil { lookbehindGroups = nil }
        guard source.match(")") else { throw Invalid() }
        if isBehind && width.low != width.high { throw Invalid() }  // "look-behind requires fixed-width"
        return Item(kind: .group, width: .zero)
    }

    /// `(?(id/name)yes|no)`.
    private mutating func parseConditional(verbose: Bool, nested: Int) throws -> Item {
        let reference = try source.until(")")
        let id: Int
        if Self.isIdentifier(reference) {
            guard let named = groupNames[reference] else { throw Invalid() }
            id = named
        } else {
            guard let number = Self.pythonInt(reference), number > 0 else { throw Invalid() }
            id = number
            conditionalReferences.insert(number)
        }
        try checkLookbehindReference(id)
        let yes = Self.width(of: try parseSequence(verbose: verbose, nested: nested + 1, first: false))
        var no: Width?
        if source.match("|") {
            no = Self.width(of: try parseSequence(verbose: verbose, nested: nested + 1, first: false))
            if source.next == .character("|") { throw Invalid() }
        }
        guard source.match(")") else { throw Invalid() }
        guard let no else { return Item(kind: .group, width: Width(low: 0, high: yes.high)) }
        return Item(kind: .group, width: Width(low: min(yes.low, no.low), high: max(yes.high, no.high)))
    }

    /// `_parse_flags`: the letters of `(?aiLmsux)`, `(?flags:…)` or `(?flags-flags:…)`.
    /// Returns `nil` for global flags (which are recorded), else the scoped flags.
    private mutating func parseFlags(startingWith first: Unicode.Scalar) throws -> (add: RegexFlags, remove: RegexFlags)? {
        var add: RegexFlags = []
        var remove: RegexFlags = []
        var char = first
        if char != "-" {
            while true {
                guard let flag = RegexFlags(letter: char), flag != .locale else { throw Invalid() }
                add.insert(flag)
                if flag.isType && add.intersection(.types) != flag { throw Invalid() }
                guard case .character(let next) = source.get() ?? .escaped("?") else { throw Invalid() }
                char = next
                if char == ")" || char == "-" || char == ":" { break }
                guard RegexFlags(letter: char) != nil else { throw Invalid() }
            }
        }
        if char == ")" {
            globalFlags.formUnion(add)
            return nil
        }
        if add.contains(.template) { throw Invalid() }  // cannot turn on a global flag
        if char == "-" {
            guard case .character(let next) = source.get() ?? .escaped("?") else { throw Invalid() }
            char = next
            while true {
                guard let flag = RegexFlags(letter: char), !flag.isType else { throw Invalid() }
                remove.insert(flag)
                guard case .character(let next) = source.get() ?? .escaped("?") else { throw Invalid() }
                char = next
                if char == ":" { break }
                guard RegexFlags(letter: char) != nil else { throw Invalid() }
            }
        }
        guard char == ":", !remove.contains(.template), add.isDisjoint(with: remove) else { throw Invalid() }
        return (add, remove)
    }

    /// Python's `str.isidentifier()`.
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isXIDStart else { return false }
        return text.unicodeScalars.dropFirst().allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }

    /// Python's `int(text)` for ASCII text: optional surrounding whitespace and sign,
    /// digits with single `_` between them.
    static func pythonInt(_ text: String) -> Int? {
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
}
