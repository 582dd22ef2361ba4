import Testing
@testable import KioskCore

/// Python `repr(str)` cases; expected strings are CPython 3.11 output.
@Suite struct StringPythonReprTests {
    @Test(arguments: [
        ("sysmon", "'sysmon'"),
        ("", "''"),
        ("it's", "\"it's\""),
        ("say \"hi\"", "'say \"hi\"'"),
        ("both ' and \"", "'both \\' and \"'"),
        ("back\\slash", "'back\\\\slash'"),
        ("tab\there", "'tab\\there'"),
        ("nl\nx\r", "'nl\\nx\\r'"),
        ("\u{07}\u{7F}\u{1B}", "'\\x07\\x7f\\x1b'"),
        ("é passé", "'é passé'"),
        ("\u{A0}nbsp", "'\\xa0nbsp'"),
        ("\u{85}", "'\\x85'"),
        ("\u{200B} zw", "'\\u200b zw'"),
        ("\u{2028}", "'\\u2028'"),
        ("\u{3000}", "'\\u3000'"),
        ("\u{E000}", "'\\ue000'"),
        ("emoji 😀", "'emoji 😀'"),
        ("\u{E0001}", "'\\U000e0001'"),
        ("\u{10FFFF}", "'\\U0010ffff'"),
    ])
    func matchesCPython(text: String, expected: String) {
        #expect(text.pythonRepr == expected)
    }

    @Test func aCarriageReturnLineFeedPairIsEscapedAsTwoCharacters() {
        // Swift sees "\r\n" as one Character; the repr must still escape both scalars.
        #expect("a\r\nb".pythonRepr == "'a\\r\\nb'")
    }
}
