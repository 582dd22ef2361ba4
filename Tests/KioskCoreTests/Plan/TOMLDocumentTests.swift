import Testing
@testable import KioskCore

@Suite struct TOMLDocumentTests {
    /// Windows editors begin a file with a byte-order mark, which TOML allows.
    @Test func aByteOrderMarkIsNoKey() throws {
        let document = try TOMLDocument.parse("\u{FEFF}title = \"x\"\r\n").get()
        #expect(document.root["title"]?.string == "x")
    }

    @Test func valuesKeepTheirKindsAndPlaces() throws {
        let document = try TOMLDocument.parse("""
            # a comment
            [study]
            name = "quote \\" tab\\t é\\u00e9" # after a value
            'literal key' = 'C:\\path'
            count = 1_000
            ratio = -2.5e1
            on = true\r
            [[block]]
            kind="matb"
            [[block]]
            """).get()
        let study = try #require(document.tables["study"])
        #expect(study["name"]?.string == "quote \" tab\t éé")
        #expect(study["literal key"]?.string == "C:\\path")
        #expect(study["count"]?.kind == .integer(1000) && study["ratio"]?.number == -25 && study["on"]?.boolean == true)
        #expect(study.place(of: "count")! == (5, 1) && study["count"]!.column == 9)
        #expect(document.arrays["block"]?.count == 2 && document.arrays["block"]?[0]["kind"]?.string == "matb")
        #expect(document.order == ["study", "block"])
    }

    @Test(arguments: [
        ("a = [1, 2]", 1, 5, "arrays"),
        ("a = {b = 1}", 1, 5, "inline tables"),
        ("a.b = 1", 1, 2, "dotted keys"),
        ("a = \"\"\"x", 1, 5, "multi-line"),
        ("a = \"open", 1, 5, "not closed"),
        ("a = 1\na = 2", 2, 1, "set twice"),
        ("[t]\n[t]", 2, 1, "defined twice"),
        ("a = nope", 1, 5, "expected a value"),
        ("a = \"\\q\"", 1, 7, "unknown escape"),
        ("[t] x", 1, 5, "nothing may follow"),
    ])
    func whatPlansDoNotUseIsRefusedWhereItIs(text: String, line: Int, column: Int, message: String) {
        guard case .failure(let error) = TOMLDocument.parse(text) else {
            Issue.record("\(text) was accepted")
            return
        }
        #expect(error.line == line && error.column == column, "\(error)")
        #expect(error.message.contains(message), "\(error.message)")
    }
}
