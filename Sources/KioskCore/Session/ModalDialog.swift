/// A modal dialog (spec §10.1): while one is open, scenario time stops and every task pauses.
public struct ModalDialog: Hashable, Sendable {
    /// What dismissing the dialog does.
    public enum Kind: Hashable, Sendable {
        /// SPACE continues.
        case pause
        /// Q ends the session, SPACE continues.
        case exitConfirmation
        /// SPACE continues (session id, non-fatal warnings).
        case notice
    }

    public var kind: Kind
    public var title: String
    public var messages: [String]
    public var hints: String

    public static func pause(_ language: Language) -> ModalDialog {
        ModalDialog(kind: .pause, title: "OpenMATB", messages: [Translations.text("Pause", language)], hints: continueHint(language))
    }

    public static func exitConfirmation(_ language: Language) -> ModalDialog {
        ModalDialog(kind: .exitConfirmation, title: Translations.text("Exit OpenMATB?", language),
                    messages: [Translations.text("You hit the Escape key", language)],
                    hints: "[Q] \(Translations.text("Exit", language))  –  " + continueHint(language))
    }

    public static func sessionIdentifier(_ number: Int, _ language: Language) -> ModalDialog {
        ModalDialog(kind: .notice, title: "OpenMATB", messages: [Translations.text("Session ID: %s", language, String(number))],
                    hints: continueHint(language))
    }

    private static func continueHint(_ language: Language) -> String {
        "[\(Translations.text("Space", language))] \(Translations.text("Continue", language))"
    }

    /// The dialog box centred on the screen, above everything.
    public func draw(on screen: Rect, into list: inout DrawList) {
        let lines = [(title, true, false)] + messages.map { ($0, false, false) } + [(hints, false, true)]
        let lineHeight = 34.0
        let longest = lines.map(\.0.count).max() ?? 10
        let width = min(screen.width * 0.8, max(320, Double(longest) * 12 + 40))
        let height = Double(lines.count) * lineHeight + 20
        let box = Rect(left: screen.centerX - width / 2, bottom: screen.centerY - height / 2, width: width, height: height)
        list.fill(box, .whiteTranslucent)
        list.stroke(box, .grey)
        for (index, line) in lines.enumerated() {
            let row = Rect(left: box.left + 20, bottom: box.top - 10 - Double(index + 1) * lineHeight, width: width - 40, height: lineHeight)
            list.text(line.0, in: row, TextStyle(pointSize: TextStyle.medium, bold: line.1, italic: line.2))
        }
    }
}
