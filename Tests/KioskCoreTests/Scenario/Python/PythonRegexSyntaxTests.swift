import Testing
import TestSupport

@testable import KioskCore

/// Pattern validity against CPython 3.11.7's `re.compile` (every case below was checked
/// there; randomised comparisons over 350,000 patterns built from these pieces agreed when
/// the validator and callsign generation came to share one parser).
@Suite struct PythonRegexSyntaxTests {
    @Test(arguments: [
        // Callsign patterns OpenMATB users write.
        #"[A-Z][A-Z][A-Z]\d\d\d"#, #"[A-Z][A-Z]\d\d"#, #"ENSC\d\d"#, #"[A-Z]{3}\d{3}"#, #"(AB|CD)\d\d"#, "[A-Z]{3}",
        // Braces that are not quantifiers are literals.
        "a{", "{", "a{,", "a{1,2", "{}", "x{}", "a{,}", "a{,3}", "a{4294967294}",
        // Sets.
        "[]a]", "[^]]", "[a-]", "[-a]", #"[\d-]"#, #"[\]]"#, "[[]", #"[\b]"#, #"[\0-\377]"#, "[^^]",
        // Escapes.
        #"\x41"#, #"\u00e9"#, #"\U0001F600"#, #"\N{EM DASH}"#, #"\N{em dash}"#, #"\0"#, #"\012"#, #"\377"#, #"\."#,
        #"\é"#, #"\a\f\n\r\t\v\\"#,
        // Groups, references, look-arounds, conditionals, flags.
        "(a)\\1", "(?P<n>a)(?P=n)", "(?:a)*", "(?#comment)a", "a(?#c)*", "(?=a)*", "(?<=ab|cd)x", "(?<=a{2})x",
        "(?<=(a))\\1", "(?<!x)y", "(a)(?(1)b|c)", "(?P<n>a)(?(n)b)", "(?>a+)b", "a*+", "a++", "a?+", "a*?",
        "(?i)abc", "(?x) a b # comment", "(?i:a)", "(?-i:a)", "(?a-i:a)", "(?a)(?i)x", "(?t)abc", "|", "a|", "()",
        "^$", "\\b\\B\\A\\Z",
    ])
    func validPatterns(pattern: String) {
        #expect(PythonRegexSyntax.isValid(pattern))
    }

    @Test(arguments: [
        "[unclosed", "(", ")", "*a", "a**", "a*{2}", "+", "?", "^*", "\\b+", "(?i)*", "a{2,1}", "a{4294967295}",
        "[z-a]", #"[\d-z]"#, #"[a-\w]"#, "[]", "[^]", #"\"#, #"a\"#, #"\p{L}"#, #"\q"#, #"\8"#, #"[\8]"#, #"\400"#,
        #"[\400]"#, #"\x4"#, #"\u00e"#, #"\U00110000"#, #"\N{NOT A NAME}"#, #"\N"#, "\\1", "(a\\1)", "(?P<n>a)(?P<n>b)",
        "(?P=n)", "(?P<1>a)", "(?P<n>a", "(?<n>a)", "(?", "(?P", "(?Px)", "(?z)", "(?L)a", "(?au)a", "(?a)(?u)",
        "(?i", "(?i-:a)", "(?-a:x)", "(?t:a)", "a(?i)", "b|(?i)a", "(?<=a*)b", "(?<=a|bc)", "(?<=a+)", "(?(1)a)",
        "(?(0)a)", "(?(-1)a)", "(?(n)a)", "(a)(?(1)b|c|d)", "(?#unterminated", "(?t)a*", "(?<=\\1(a))",
        "[A-Z]{3}\\d{3})",
    ])
    func invalidPatterns(pattern: String) {
        #expect(!PythonRegexSyntax.isValid(pattern))
    }

    @Test func nestingIsBounded() {
        let depth = PythonRegexParser.maxGroupNesting
        #expect(PythonRegexSyntax.isValid(String(repeating: "(", count: depth) + String(repeating: ")", count: depth)))
        #expect(!PythonRegexSyntax.isValid(String(repeating: "(", count: depth + 1) + String(repeating: ")", count: depth + 1)))
        #expect(!PythonRegexSyntax.isValid(String(repeating: "(", count: 100_000)))
        #expect(!PythonRegexSyntax.isValid(String(repeating: "(?:", count: 50_000)))
    }

    @Test func arbitraryPatternsNeverCrash() {
        var generator = SplitMix64(seed: 6)
        let pieces = [
            "a", "(", ")", "[", "]", "-", "^", "$", "|", "*", "+", "?", "{", "}", ",", "2", "\\", "\\d", "\\1", "(?", "P",
            "<", ">", "=", "!", ":", "#", "i", "x", "(?<=", "\\N{", "é",
        ]
        for _ in 0..<5_000 {
            let count = Int.random(in: 0...12, using: &generator)
            let pattern = (0..<count).compactMap { _ in pieces.randomElement(using: &generator) }.joined()
            _ = PythonRegexSyntax.isValid(pattern)
        }
    }
}
