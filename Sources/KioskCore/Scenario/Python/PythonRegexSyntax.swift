/// Decides whether a pattern compiles with CPython 3.11's `re.compile`, the check behind
/// OpenMATB's `regex` validator (`callsignregex`).
///
/// `re.compile` parses with `sre_parse` (``PythonRegexParser``, which raises every syntax
/// error) and then compiles with `sre_compile`, whose only checks that can fail on a parsed
/// pattern are ported here: a look-behind must match a fixed width, and the deprecated
/// `(?t)` flag allows no repeat. ICU's `NSRegularExpression` is not used: it accepts patterns
/// Python rejects (`\p{L}`, `\Q…\E`) and rejects patterns Python accepts (`a{`,
/// `(?P<n>x)(?P=n)`). A pattern that would make Python raise anything at all — including the
/// `OverflowError` of `a{4294967295}` that OpenMATB does not catch — is invalid here, and so
/// is one nested deeper than ``PythonRegexParser/maxGroupNesting`` groups.
enum PythonRegexSyntax {
    /// Whether Python's `re.compile(pattern)` succeeds.
    static func isValid(_ pattern: String) -> Bool {
        guard let parsed = try? PythonRegexParser.parseWithFlags(pattern) else { return false }
        var widths = Widths()
        widths.recordGroups(in: parsed.nodes)
        let template = parsed.globalFlags & PythonRegexParser.templateFlag != 0
        return widths.compiles(parsed.nodes, template: template)
    }

    /// The widths `sre_parse` gives sub-patterns (`SubPattern.getwidth`), with the widths of
    /// the groups back-references point at.
    struct Widths {
        /// Fewest and most characters a piece of pattern matches.
        struct Width: Equatable {
            var low: Int
            var high: Int
        }

        private var groups: [Int: Width] = [:]

        /// Records each group's width as it closes, in pattern order (`State.closegroup`).
        mutating func recordGroups(in nodes: [PythonRegexNode]) {
            for node in nodes {
                switch node {
                case .group(let index, let body):
                    recordGroups(in: body)
                    if let index { groups[index] = width(of: body) }
                case .branch(let alternatives):
                    for alternative in alternatives { recordGroups(in: alternative) }
                case .assert(let body, _), .assertNot(let body, _), .atomicGroup(let body):
                    recordGroups(in: body)
                case .repeat(_, _, _, let body), .possessiveRepeat(_, _, let body):
                    recordGroups(in: body)
                case .groupReferenceExists(_, let yes, let no):
                    recordGroups(in: yes)
                    if let no { recordGroups(in: no) }
                case .literal, .notLiteral, .any, .anchor, .set, .groupReference:
                    break
                }
            }
        }

        /// `sre_compile._compile`'s checks, everywhere in the pattern.
        func compiles(_ nodes: [PythonRegexNode], template: Bool) -> Bool {
            nodes.allSatisfy { node in
                switch node {
                case .repeat(_, _, _, let body), .possessiveRepeat(_, _, let body):
                    // "internal: unsupported template operator"
                    return !template && compiles(body, template: template)
                case .assert(let body, let behind), .assertNot(let body, let behind):
                    // "look-behind requires fixed-width pattern"
                    if behind {
                        let width = width(of: body)
                        guard width.low == width.high else { return false }
                    }
                    return compiles(body, template: template)
                case .group(_, let body), .atomicGroup(let body):
                    return compiles(body, template: template)
                case .branch(let alternatives):
                    return alternatives.allSatisfy { compiles($0, template: template) }
                case .groupReferenceExists(_, let yes, let no):
                    return compiles(yes, template: template) && compiles(no ?? [], template: template)
                case .literal, .notLiteral, .any, .anchor, .set, .groupReference:
                    return true
                }
            }
        }

        /// `SubPattern.getwidth`, capped as it caps every sub-pattern.
        func width(of nodes: [PythonRegexNode]) -> Width {
            var low = 0, high = 0
            for node in nodes {
                let add: Width
                switch node {
                case .literal, .notLiteral, .any, .set:
                    add = Width(low: 1, high: 1)
                case .anchor, .assert, .assertNot:
                    add = Width(low: 0, high: 0)
                case .branch(let alternatives):
                    var least = PythonRegexParser.maxRepeat - 1, most = 0
                    for alternative in alternatives {
                        let width = width(of: alternative)
                        least = min(least, width.low)
                        most = max(most, width.high)
                    }
                    add = Width(low: least, high: most)
                case .group(_, let body), .atomicGroup(let body):
                    add = width(of: body)
                case .repeat(let minimum, let maximum, _, let body), .possessiveRepeat(let minimum, let maximum, let body):
                    let width = width(of: body)
                    add = Width(low: Self.product(width.low, minimum), high: Self.product(width.high, maximum))
                case .groupReference(let index):
                    add = groups[index] ?? Width(low: 0, high: 0)
                case .groupReferenceExists(_, let yes, let no):
                    let yesWidth = width(of: yes)
                    if let no {
                        let noWidth = width(of: no)
                        add = Width(low: min(yesWidth.low, noWidth.low), high: max(yesWidth.high, noWidth.high))
                    } else {
                        add = Width(low: 0, high: yesWidth.high)
                    }
                }
                low = Self.sum(low, add.low)
                high = Self.sum(high, add.high)
            }
            return Width(low: min(low, PythonRegexParser.maxRepeat - 1), high: min(high, PythonRegexParser.maxRepeat))
        }

        /// Python's integers do not overflow; anything past `MAXREPEAT` is capped anyway.
        private static func sum(_ a: Int, _ b: Int) -> Int {
            let (result, overflow) = a.addingReportingOverflow(b)
            return overflow ? Int.max / 2 : result
        }

        private static func product(_ a: Int, _ b: Int) -> Int {
            let (result, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow ? Int.max / 2 : result
        }
    }
}
