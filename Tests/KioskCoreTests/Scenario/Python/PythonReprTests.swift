import Testing

@testable import KioskCore

/// `repr`/`str` texts compared with CPython 3.11.7's output.
@Suite struct PythonReprTests {
    @Test(arguments: [
        (1e16, "1e+16"), (1e15, "1000000000000000.0"), (1e-5, "1e-05"), (0.0001, "0.0001"),
        (123_456_789_012_345_678.0, "1.2345678901234568e+17"), (0x1p-1074, "5e-324"), (0.1 + 0.2, "0.30000000000000004"),
        (1.0, "1.0"), (100.0, "100.0"), (1.7976931348623157e308, "1.7976931348623157e+308"), (9.5e15, "9500000000000000.0"),
        (1.5e16, "1.5e+16"), (-2.5, "-2.5"), (Double.nan, "nan"), (Double.infinity, "inf"), (-Double.infinity, "-inf"),
        (-0.0, "-0.0"), (123.456, "123.456"), (1e22, "1e+22"), (0.001, "0.001"), (1.2345e-4, "0.00012345"),
        (1.2345e-5, "1.2345e-05"), (2.0.squareRoot(), "1.4142135623730951"), (1e100, "1e+100"), (12_345_678.9, "12345678.9"),
    ])
    func floats(value: Double, expected: String) {
        #expect(PythonRepr.float(value) == expected)
    }

    @Test(arguments: [
        ("a", "'a'"), ("it's", #""it's""#), (#"say "hi""#, #"'say "hi"'"#), (#"both ' ""#, #"'both \' "'"#),
        ("tab\t", #"'tab\t'"#), ("nl\n", #"'nl\n'"#), (#"bs\"#, #"'bs\\'"#), ("é", "'é'"), ("\u{0}", #"'\x00'"#),
        ("\u{7F}", #"'\x7f'"#), ("\u{A0}", #"'\xa0'"#), ("\u{200B}", #"'\u200b'"#), ("😀", "'😀'"),
        ("\u{2028}", #"'\u2028'"#), (" ", "' '"),
    ])
    func strings(text: String, expected: String) {
        #expect(PythonRepr.string(text) == expected)
    }

    @Test func containersAndScalars() {
        #expect(PythonRepr.str(.tuple([.int(1)])) == "(1,)")
        #expect(PythonRepr.str(.list([])) == "[]")
        #expect(PythonRepr.str(.tuple([])) == "()")
        #expect(PythonRepr.str(.tuple([.float(1.5), .bool(true), .none, .string("x")])) == "(1.5, True, None, 'x')")
        #expect(PythonRepr.str(.list([.list([.int(1)]), .tuple([.int(2)])])) == "[[1], (2,)]")
        #expect(PythonRepr.str(.string("bare")) == "bare")
        #expect(PythonRepr.stringList(["-1", "0", "1"]) == "['-1', '0', '1']")
    }
}
