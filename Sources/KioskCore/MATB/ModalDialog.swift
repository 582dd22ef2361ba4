/// A modal dialog (docs/openmatb-behaviour.md: Dialogs): while one is open, scenario time stops and every
/// task pauses.
///
/// Besides OpenMATB's keys (SPACE or Q *release*), labkiosk dialogs answer a tap on their
/// on-screen buttons (kiosks have no keyboard) and a joystick button (button 1 = the
/// rightmost button: Continue, or Exit when it is the only one; button 2 = Exit).
public struct ModalDialog: Hashable, Sendable {
    /// Which dialog this is.
    public enum Kind: Hashable, Sendable {
        /// `P` or `system;pause`: Space continues.
        case pause
        /// ESC: Q ends the session, Space continues.
        case exitConfirmation
        /// Session id: Space continues.
        case notice
        /// Non-fatal problems (`Warning`): Q ends the session, Space continues.
        case warning
        /// Fatal problems (`Error(s)`): Q ends the session; there is no going on.
        case error
    }

    /// An answer, as a key, an on-screen button or a joystick button gives it.
    public enum Button: Hashable, Sendable {
        case exit
        case `continue`
    }

    /// Where each part of the dialog sits on the reference canvas.
    public struct Layout: Hashable, Sendable {
        /// One line of text in its box.
        public struct Line: Hashable, Sendable {
            public var text: String
            public var box: Rect
            public var bold: Bool
            public var italic: Bool
        }

        /// One on-screen button.
        public struct Target: Hashable, Sendable {
            public var button: Button
            public var frame: Rect
        }

        public var box: Rect
        /// Text lines, top to bottom.
        public var lines: [Line]
        /// Buttons, left to right.
        public var buttons: [Target]
    }

    /// A pointer holding a button down.
    public struct Press: Hashable, Sendable {
        public var button: Button
        public var pointer: InputEvent.Pointer
    }

    /// Text size of every line, in points (OpenMATB's MEDIUM).
    public static let pointSize = TextStyle.medium
    static let buttonWidth = 200.0
    static let buttonHeight = 56.0

    public var kind: Kind
    /// The title, also the text of the `dialog,,,<title> end` row.
    public var title: String
    public var messages: [String]
    /// OpenMATB's key hint line, e.g. `[Q] Exit  –  [Space] Continue`.
    public var hints: String
    /// The on-screen buttons, left to right.
    public var buttons: [Button]
    /// Labels of `.exit` and `.continue`, translated.
    public var buttonLabels: [Button: String]
    /// The button a pointer holds down, and which pointer.
    public private(set) var pressed: Press?
    /// Joystick buttons pressed while the dialog showed (a release counts only after one).
    private var joystickPressed: Set<String> = []

    public init(kind: Kind, title: String, messages: [String], hints: String, buttons: [Button], language: Language) {
        self.kind = kind
        self.title = title
        self.messages = messages
        self.hints = hints
        self.buttons = buttons
        self.buttonLabels = [.exit: Translations.text("Exit", language), .continue: Translations.text("Continue", language)]
    }

    public static func pause(_ language: Language) -> ModalDialog {
        ModalDialog(kind: .pause, title: "OpenMATB", messages: [Translations.text("Pause", language)], hints: continueHint(language),
                    buttons: [.continue], language: language)
    }

    public static func exitConfirmation(_ language: Language) -> ModalDialog {
        ModalDialog(kind: .exitConfirmation, title: Translations.text("Exit OpenMATB?", language),
                    messages: [Translations.text("You hit the Escape key", language)],
                    hints: exitHint(language) + "  –  " + continueHint(language), buttons: [.exit, .continue], language: language)
    }

    public static func sessionIdentifier(_ number: Int, _ language: Language) -> ModalDialog {
        ModalDialog(kind: .notice, title: "OpenMATB", messages: [Translations.text("Session ID: %s", language, String(number))],
                    hints: continueHint(language), buttons: [.continue], language: language)
    }

    /// The dialog OpenMATB shows for errors found while running: `Warning` (may continue)
    /// or, if any is fatal, `Error(s)` (may only exit); one paragraph per problem, each
    /// starting with `– `.
    public static func problems(_ messages: [String], fatal: Bool, _ language: Language) -> ModalDialog {
        ModalDialog(kind: fatal ? .error : .warning, title: Translations.text(fatal ? "Error(s)" : "Warning", language),
                    messages: messages.map { "– " + $0 },
                    hints: fatal ? exitHint(language) : exitHint(language) + "  –  " + continueHint(language),
                    buttons: fatal ? [.exit] : [.exit, .continue], language: language)
    }

    private static func continueHint(_ language: Language) -> String {
        "[\(Translations.text("Space", language))] \(Translations.text("Continue", language))"
    }

    private static func exitHint(_ language: Language) -> String {
        "[Q] \(Translations.text("Exit", language))"
    }

    // MARK: Answers

    /// Follows one input; returns the answer it completes, if any.
    public mutating func handle(_ input: InputEvent.Payload, on screen: Rect) -> Button? {
        switch input {
        case .keyRelease("SPACE"):
            return offer(.continue)
        case .keyRelease("Q"):
            return offer(.exit)
        case .joystickButton(let name, pressed: true):
            joystickPressed.insert(name)
        case .joystickButton(let name, pressed: false):
            guard joystickPressed.remove(name) != nil else { return nil }
            if name == "JOY_BTN_1" { return buttons.last }
            if name == "JOY_BTN_2" { return offer(.exit) }
        case .pointerDown(let point, let pointer):
            guard pressed == nil else { return nil }
            if let hit = layout(on: screen).buttons.first(where: { $0.frame.contains(x: point.x, y: point.y) }) {
                pressed = Press(button: hit.button, pointer: pointer)
            }
        case .pointerUp(let point, let pointer):
            guard let held = pressed, held.pointer == pointer else { return nil }
            pressed = nil
            let frame = layout(on: screen).buttons.first { $0.button == held.button }?.frame
            if frame?.contains(x: point.x, y: point.y) == true { return held.button }
        default:
            break
        }
        return nil
    }

    /// The answer if the dialog offers it.
    private func offer(_ button: Button) -> Button? {
        buttons.contains(button) ? button : nil
    }

    // MARK: Drawing

    /// The box sized to its text plus 20 px horizontal and 10 px vertical margins
    /// (docs/openmatb-behaviour.md: Widget looks), centred on the screen, with a row of buttons under the key
    /// hints.
    public func layout(on screen: Rect) -> Layout {
        let size = Self.pointSize
        let lineHeight = TextMetrics.height(lines: 1, pointSize: size)
        let maximumTextWidth = screen.width * 0.6
        var texts: [(String, Bool, Bool)] = [(title, true, false)]
        for message in messages {
            for line in TextMetrics.wrappedLines(message, pointSize: size, width: maximumTextWidth) { texts.append((line, false, false)) }
        }
        texts.append((hints, false, true))
        let textWidth = texts.map { TextMetrics.width($0.0, pointSize: size, bold: $0.1) }.max() ?? 0
        let buttonsWidth = Double(buttons.count) * Self.buttonWidth + Double(max(0, buttons.count - 1)) * 20
        let width = min(screen.width, max(textWidth, buttonsWidth) + 40)
        let paragraphGap = 6.0
        let height = 10 + Double(texts.count) * lineHeight + paragraphGap * 2 + 14 + Self.buttonHeight + 10
        let box = Rect(left: screen.centerX - width / 2, bottom: screen.centerY - height / 2, width: width, height: height)
        var top = box.top - 10
        var lines: [Layout.Line] = []
        for (index, text) in texts.enumerated() {
            // A little room after the title and before the hints, as paragraphs have.
            if index == 1 || index == texts.count - 1 { top -= paragraphGap }
            let lineBox = Rect(left: box.left + 20, bottom: top - lineHeight, width: width - 40, height: lineHeight)
            lines.append(Layout.Line(text: text.0, box: lineBox, bold: text.1, italic: text.2))
            top -= lineHeight
        }
        var x = box.centerX - buttonsWidth / 2
        var targets: [Layout.Target] = []
        for button in buttons {
            targets.append(Layout.Target(button: button, frame: Rect(left: x, bottom: box.bottom + 10, width: Self.buttonWidth, height: Self.buttonHeight)))
            x += Self.buttonWidth + 20
        }
        return Layout(box: box, lines: lines, buttons: targets)
    }

    /// The dialog above everything: translucent white box, grey outline, centred lines.
    public func draw(on screen: Rect, into list: inout DrawList) {
        let layout = layout(on: screen)
        list.fill(layout.box, .whiteTranslucent)
        list.stroke(layout.box, .grey)
        for line in layout.lines {
            list.text(line.text, in: line.box, TextStyle(pointSize: Self.pointSize, bold: line.bold, italic: line.italic))
        }
        for target in layout.buttons {
            list.fill(target.frame, pressed?.button == target.button ? .blue : .white)
            list.stroke(target.frame, .black)
            list.text(buttonLabels[target.button] ?? "", in: target.frame, TextStyle(pointSize: TextStyle.large, bold: true))
        }
    }
}
