import Foundation
import KioskCore
import Testing
@testable import KioskShell

@Suite struct ConsentLoaderTests {
    private func folder(_ files: [String: [UInt8]]) throws -> String {
        let folder = NSTemporaryDirectory() + "consent-loader-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, bytes) in files { try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        return folder
    }

    private let form = "title = \"Consent\"\n\n[[page]]\nfile = \"a.html\"\n\n[[page]]\nfile = \"b.html\"\n\n[[statement]]\ntext = \"I agree.\"\n"

    @Test func theRecordHashesTheBytesShown() throws {
        let a = Array("<h1>About</h1><p>Text</p>".utf8), b = Array("<p>Data</p>".utf8)
        let root = try folder(["form.toml": Array(form.utf8), "a.html": a, "b.html": b])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let loaded = try ConsentLoader.load(root + "/form.toml").get()
        #expect(loaded.pages.map(\.sha256) == [SHA256.hexDigest(of: a), SHA256.hexDigest(of: b)])
        #expect(loaded.textSHA256 == SHA256.hexDigest(of: a + b))
        #expect(loaded.formSHA256 == SHA256.hexDigest(of: Array(form.utf8)))
    }

    @Test func everyPageProblemIsNamedWhereTheFormNamesThePage() throws {
        let root = try folder(["form.toml": Array(form.utf8), "b.html": [0x3C, 0x70, 0x3E, 0xFF, 0xFE]])
        defer { try? FileManager.default.removeItem(atPath: root) }
        guard case .failure(let errors) = ConsentLoader.load(root + "/form.toml") else {
            Issue.record("a form with a missing page loaded")
            return
        }
        let problems = errors.diagnostics.map { "\($0.line):\($0.column) \($0.message)" }
        #expect(problems.count == 2)
        #expect(problems[0].hasPrefix("4:8 cannot read the page \(root)/a.html"))
        #expect(problems[1] == "7:8 the page \(root)/b.html is not UTF-8 text")
    }

    /// Forty paragraphs cannot be shown on one page of a 1280×800 screen: `check` says so,
    /// rather than the page being cut while the record hashes all of it.
    @Test func aPageLongerThanTheScreenIsRefused() throws {
        let paragraphs = (1...40).map { "<p>Paragraph \($0): what the study is, what you will do, and how long it takes.</p>" }
        let root = try folder(["form.toml": Array(form.utf8), "a.html": Array(paragraphs.joined().utf8),
                               "b.html": Array(paragraphs.prefix(8).joined().utf8)])
        defer { try? FileManager.default.removeItem(atPath: root) }
        guard case .failure(let errors) = ConsentLoader.load(root + "/form.toml") else {
            Issue.record("a page of 40 paragraphs loaded")
            return
        }
        #expect(errors.diagnostics.map(\.line) == [4])
        #expect(errors.diagnostics[0].message.contains("is longer than a 1280×800 screen shows"))
    }

    /// Line breaks and spaces alone are no page: the participant would agree to nothing shown.
    @Test(arguments: ["<br><br>", "<p> </p>", "<p>&nbsp;</p>"])
    func aPageThatShowsNothingIsRefused(_ html: String) throws {
        let root = try folder(["form.toml": Array(form.utf8), "a.html": Array(html.utf8), "b.html": Array("<p>Data</p>".utf8)])
        defer { try? FileManager.default.removeItem(atPath: root) }
        guard case .failure(let errors) = ConsentLoader.load(root + "/form.toml") else {
            Issue.record("a page of \(html) loaded")
            return
        }
        #expect(errors.diagnostics.map(\.message) == ["the page \(root)/a.html shows no text"])
    }
}
