import Foundation
import Testing
@testable import KioskCore

@Suite struct TranslationsTests {
    static let spec = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/reference/openmatb-spec.md")
    static let available = FileManager.default.fileExists(atPath: spec.path)

    /// Appendix A's table rows as (msgid, French), with the spec's notation undone:
    /// `\t` is a TAB, backticks quote texts with edge spaces, "(untranslated)" and
    /// "(no translation)" mean the French catalogue keeps the English text.
    private func appendixA() throws -> [(msgid: String, french: String)] {
        let text = try String(contentsOf: Self.spec, encoding: .utf8)
        guard let start = text.range(of: "## Appendix A"), let end = text.range(of: "## Appendix B") else { return [] }
        var rows: [(String, String)] = []
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3, cells[0] != "msgid", !cells[0].hasPrefix("---") else { continue }
            func undo(_ cell: String) -> String {
                var cell = cell.replacingOccurrences(of: "\\t", with: "\t")
                if cell.hasPrefix("`") && cell.hasSuffix("`") { cell = String(cell.dropFirst().dropLast()) }
                return cell
            }
            var msgid = undo(cells[0])
            var french = undo(cells[2])
            // "Error on line %s. %s  (trailing space)": the note names a trailing space.
            if msgid.hasSuffix(" (trailing space)") {
                msgid = String(msgid.dropLast(" (trailing space)".count))
                french += " "
            }
            if french == "(no translation)" { french = msgid }
            rows.append((msgid, french))
        }
        return rows
    }

    @Test(.enabled(if: available)) func everyAppendixAStringIsTranslatedExactly() throws {
        let rows = try appendixA()
        #expect(rows.count == 67)
        for (msgid, french) in rows {
            #expect(Translations.msgids.contains(msgid), "missing msgid \(msgid.debugDescription)")
            #expect(Translations.text(msgid, .fr) == french, "\(msgid.debugDescription)")
            #expect(Translations.text(msgid, .en) == msgid)
        }
        #expect(Set(Translations.msgids).count == rows.count, "no msgid beyond Appendix A")
    }

    @Test func placeholdersFillInOrder() {
        #expect(Translations.text("Scenario error: %s is not a valid plugin name (l. %s)", .fr, arguments: ["sysmn", "3"])
            == "Erreur du scénario: sysmn n'est pas le nom d'un plugin (l. 3)")
        #expect(Translations.text("Session ID: %s", .fr, "12") == "Identifiant unique de la session : 12")
        #expect(Translations.text("Elapsed time \t %s", .fr, "00:01:05") == "Temps passé \t 00:01:05")
    }
}
