import Foundation
import Testing
@testable import KioskCore

@Suite struct TranslationsTests {
    /// An OpenMATB checkout (its `locales/` folder), named by `OPENMATB_SOURCE`; the
    /// comparison with its French catalogue is skipped without one.
    static let catalogue = ProcessInfo.processInfo.environment["OPENMATB_SOURCE"].map {
        URL(fileURLWithPath: $0).appendingPathComponent("locales/fr_FR/LC_MESSAGES/openmatb.po")
    }
    static let available = catalogue.map { FileManager.default.fileExists(atPath: $0.path) } ?? false

    /// The catalogue's entries as (msgid, French); an empty `msgstr` keeps the English text,
    /// as gettext does.
    private func frenchCatalogue() throws -> [(msgid: String, french: String)] {
        guard let url = Self.catalogue else { return [] }
        var entries: [(String, String)] = []
        var msgid: String?, msgstr: String?, reading: String?
        func finish() {
            if let id = msgid, let text = msgstr, !id.isEmpty { entries.append((id, text.isEmpty ? id : text)) }
            msgid = nil
            msgstr = nil
        }
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("msgid ") {
                finish()
                msgid = unquoted(line.dropFirst(6))
                reading = "id"
            } else if line.hasPrefix("msgstr ") {
                msgstr = unquoted(line.dropFirst(7))
                reading = "str"
            } else if line.hasPrefix("\"") {
                if reading == "id" { msgid? += unquoted(line) } else { msgstr? += unquoted(line) }
            } else {
                reading = nil
            }
        }
        finish()
        return entries
    }

    /// A PO string literal's text: quotes removed, `\"`, `\\`, `\t` and `\n` undone.
    private func unquoted(_ literal: Substring) -> String {
        var text = "", escaped = false
        for character in literal.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "t": text.append("\t")
                case "n": text.append("\n")
                default: text.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                text.append(character)
            }
        }
        return text
    }

    /// Every text labkiosk shows or logs in French is what OpenMATB's gettext catalogue gives:
    /// its translation, or the English text for a msgid it lacks. Newer OpenMATB versions
    /// carry a few texts 1.4.5 never shows, which we do not need.
    @Test(.enabled(if: available, "set OPENMATB_SOURCE to an OpenMATB checkout"))
    func everyTextIsOpenMATBsTranslation() throws {
        let french = Dictionary(try frenchCatalogue(), uniquingKeysWith: { first, _ in first })
        #expect(french.count >= Translations.msgids.count)
        for msgid in Translations.msgids {
            #expect(Translations.text(msgid, .fr) == french[msgid] ?? msgid, "\(msgid.debugDescription)")
            #expect(Translations.text(msgid, .en) == msgid)
        }
    }

    @Test func placeholdersFillInOrder() {
        #expect(Translations.text("Scenario error: %s is not a valid plugin name (l. %s)", .fr, arguments: ["sysmn", "3"])
            == "Erreur du scénario: sysmn n'est pas le nom d'un plugin (l. 3)")
        #expect(Translations.text("Session ID: %s", .fr, "12") == "Identifiant unique de la session : 12")
        #expect(Translations.text("Elapsed time \t %s", .fr, "00:01:05") == "Temps passé \t 00:01:05")
    }
}
