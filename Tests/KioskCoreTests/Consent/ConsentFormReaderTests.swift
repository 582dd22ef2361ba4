import Testing
@testable import KioskCore

@Suite struct ConsentFormReaderTests {
    static let form = """
        title = "Consent to take part"

        [[page]]
        file = "information.html"

        [[page]]
        file = "data.html"

        [[statement]]
        text = "I have read the information and could ask questions."

        [[statement]]
        text = "I know I can stop at any time without giving a reason."
        """

    @Test func aFormReadsWithItsPagesAndStatements() throws {
        let form = try ConsentFormReader.read(Self.form, file: "consent.toml").get()
        #expect(form.title == "Consent to take part")
        #expect(form.pages.map(\.file) == ["information.html", "data.html"] && form.pages[1].line == 7)
        #expect(form.statements.count == 2 && form.statements[1].hasPrefix("I know I can stop"))
        #expect(form.asksName && form.asksSignature)
        let unsigned = try ConsentFormReader.read("name = false\nsignature = false\n" + Self.form.replacingFirstLine(), file: "c.toml").get()
        #expect(!unsigned.asksName && !unsigned.asksSignature)
        #expect(ConsentFormReader.looksLikeForm(try TOMLDocument.parse(Self.form).get()))
    }

    @Test func everyProblemIsNamedAtItsPlace() {
        let text = """
            title = ""
            name = "yes"
            colour = "blue"

            [[page]]
            path = "information.html"

            [[statement]]
            text = ""

            [extra]
            a = 1
            """
        guard case .failure(let errors) = ConsentFormReader.read(text, file: "c.toml") else {
            Issue.record("a broken form was read")
            return
        }
        let problems = errors.diagnostics.map { "\($0.line):\($0.column) \($0.message)" }
        #expect(problems.contains("1:9 `title` is a text"))
        #expect(problems.contains("2:8 `name` is true or false, found yes"))
        #expect(problems.contains { $0.hasPrefix("3:1 unknown key `colour`") })
        #expect(problems.contains("6:1 unknown key `path` in a [[page]]; it has `file`"))
        #expect(problems.contains("5:1 [[page]] 1 needs `file`, a text, e.g. file = \"information.html\""))
        #expect(problems.contains("9:1 [[statement]] 1 needs `text`, a text, e.g. text = \"I have read the information sheet.\""))
        #expect(problems.contains { $0.hasPrefix("11:1 unknown table [extra]") })
        #expect(problems.count == 7, "\(problems)")
    }

    @Test func aFormWithoutStatementsOrTooManyIsRefused() {
        guard case .failure(let none) = ConsentFormReader.read("[[page]]\nfile = \"a.html\"\n", file: "c.toml") else {
            Issue.record("a form without statements was read")
            return
        }
        #expect(none.diagnostics.map(\.message) == ["a consent form needs at least one [[statement]] with its `text`, e.g. text = \"I have read the information sheet.\""])
        let many = "[[page]]\nfile = \"a.html\"\n" + (1...9).map { "[[statement]]\ntext = \"S\($0)\"\n" }.joined()
            + "[[statement]]\ntext = \"" + String(repeating: "x", count: 201) + "\"\n"
        guard case .failure(let errors) = ConsentFormReader.read(many, file: "c.toml") else {
            Issue.record("ten statements were read")
            return
        }
        #expect(errors.diagnostics.map(\.message).contains("statement 10 has 201 characters; at most 200 fit its box"))
        #expect(errors.diagnostics.map { "\($0.line) \($0.message)" }.contains("19 10 statements; at most 8 fit one screen"))
    }
}

extension String {
    fileprivate func replacingFirstLine() -> String { split(separator: "\n", maxSplits: 1).dropFirst().joined() }
}
