/// Where everything of a consent form sits on the canvas, and how it is drawn. Buttons,
/// boxes and keys are at least 64 units tall, for fingers.
extension ConsentBlock {
    struct Button {
        var action: Action
        var box: Rect
        var label: String
        var enabled = true
        var primary = false
        /// A statement's row: a box to tick and its text.
        var tickBox: Bool? = nil
    }

    private static let ink = Color(15, 23, 42), muted = Color(71, 85, 105), paper = Color(248, 250, 252)
    private static let accent = Color(37, 99, 235), disabled = Color(203, 213, 225), line = Color(148, 163, 184)

    /// The strip of buttons at the bottom.
    private var footer: Rect { Self.footer(on: canvas) }
    private static func footer(on canvas: Canvas) -> Rect { Rect(left: 60, bottom: 36, width: canvas.width - 120, height: 80) }
    /// Between the title and the buttons.
    private var body: Rect { Self.body(on: canvas) }
    private static func body(on canvas: Canvas) -> Rect {
        let footer = footer(on: canvas)
        return Rect(left: 80, bottom: footer.top + 30, width: canvas.width - 160, height: canvas.height - footer.top - 150)
    }

    /// Where a page's text is drawn on `canvas` (and clipped): `check` refuses a page that
    /// does not fit it on the smallest screen.
    public static func pageTextBox(on canvas: Canvas) -> Rect {
        let text = body(on: canvas).inset(by: 10)
        return Rect(left: text.left, bottom: text.bottom, width: text.width, height: text.height - 40)
    }

    /// Where the participant signs, on the canvas; the signature's picture is this box.
    public var signatureBox: Rect {
        let width = min(canvas.width - 200, 1000), height = min(canvas.height * 0.4, 360)
        return Rect(left: (canvas.width - width) / 2, bottom: footer.top + 110, width: width, height: height)
    }

    private func footerButton(_ place: Int, _ action: Action, _ label: String, enabled: Bool = true, primary: Bool = false) -> Button {
        // Places 0 and 1 from the left, 2 at the right.
        let width = min(380, (footer.width - 40) / 3)
        let left = place == 2 ? footer.right - width : footer.left + Double(place) * (width + 20)
        return Button(action: action, box: Rect(left: left, bottom: footer.bottom, width: width, height: footer.height), label: label,
                      enabled: enabled, primary: primary)
    }

    private var declineButton: Button { footerButton(0, .decline, "I do not wish to take part") }

    func buttons() -> [Button] {
        switch stage {
        case .page(let page):
            return [declineButton] + (page > 0 ? [footerButton(1, .back, "Back")] : [])
                + [footerButton(2, .next, page + 1 < pages.count ? "Next page" : "Continue", primary: true)]
        case .statements:
            let rowHeight = min(110, body.height / Double(max(form.statements.count, 1)))
            let rows = form.statements.indices.map { index in
                Button(action: .toggle(index), box: Rect(left: body.left, bottom: body.top - 60 - Double(index + 1) * rowHeight,
                                                         width: body.width, height: rowHeight - 12),
                       label: form.statements[index], tickBox: ticked[index])
            }
            return rows + [declineButton] + (pages.isEmpty ? [] : [footerButton(1, .back, "Back")])
                + [footerButton(2, .agree, "I agree", enabled: canAgree, primary: true)]
        case .name:
            return keys() + [declineButton, footerButton(1, .back, "Back"), footerButton(2, .nameDone, "Continue", enabled: nameIsComplete, primary: true)]
        case .signature:
            let clear = Button(action: .clearSignature, box: Rect(left: signatureBox.right - 200, bottom: signatureBox.bottom - 84, width: 200, height: 70),
                               label: "Clear", enabled: !strokes.isEmpty)
            return [clear, declineButton, footerButton(1, .back, "Back"),
                    footerButton(2, .signed, "Sign and agree", enabled: !strokes.isEmpty, primary: true)]
        case .confirmDecline:
            // Going back is the larger button: a participant who tapped Decline by mistake finds
            // the way back at once.
            let width = min(460, (canvas.width - 200) / 2), bottom = canvas.height * 0.3
            return [Button(action: .declineCancelled, box: Rect(left: canvas.width / 2 - width - 20, bottom: bottom - 20, width: width, height: 130),
                           label: "No, go back", primary: true),
                    Button(action: .declineConfirmed, box: Rect(left: canvas.width / 2 + 20, bottom: bottom, width: width, height: 90),
                           label: "Yes, I do not take part")]
        }
    }

    private var nameField: Rect { Rect(left: canvas.width / 2 - 420, bottom: canvas.height - 220, width: 840, height: 80) }

    /// The name's on-screen keys: three rows of letters, then Shift, punctuation, space and delete.
    private func keys() -> [Button] {
        let rows = ["QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM"]
        let size = min(96, (canvas.width - 200) / 10), gap = 8.0
        let top = nameField.bottom - 20
        var keys: [Button] = []
        for (row, letters) in rows.enumerated() {
            let width = Double(letters.count) * (size + gap) - gap, left = (canvas.width - width) / 2
            for (column, letter) in letters.enumerated() {
                keys.append(Button(action: .type(letter), box: Rect(left: left + Double(column) * (size + gap), bottom: top - Double(row + 1) * (size + gap),
                                                                    width: size, height: size), label: String(letter)))
            }
        }
        let bottom = top - 4 * (size + gap), width = 10 * (size + gap) - gap, left = (canvas.width - width) / 2
        let specials: [(Action, String, Double)] = [(.shift, shiftOnce ? "SHIFT ON" : "Shift", 2), (.type("-"), "-", 1), (.type("'"), "'", 1),
                                                    (.type(" "), "space", 4), (.backspace, "Delete", 2)]
        var x = left
        for (action, label, units) in specials {
            let keyWidth = units * (size + gap) - gap
            keys.append(Button(action: action, box: Rect(left: x, bottom: bottom, width: keyWidth, height: size), label: label))
            x += keyWidth + gap
        }
        return keys
    }

    func button(at point: Point) -> Button? {
        buttons().first { $0.enabled && $0.box.contains(x: point.x, y: point.y) }
    }

    // MARK: - Drawing

    public func drawList() -> DrawList {
        var list = DrawList(canvas: canvas)
        list.fill(canvas.bounds, Self.paper)
        let titleBox = Rect(left: 60, bottom: canvas.height - 100, width: canvas.width - 120, height: 70)
        func text(_ string: String, _ box: Rect, _ size: Double, _ color: Color = Self.ink, bold: Bool = false,
                  alignment: TextStyle.Alignment = .center) {
            Self.text(string, in: box, size, color, bold: bold, alignment: alignment, into: &list)
        }
        switch stage {
        case .page(let page):
            text(form.title, titleBox, 28, bold: true)
            if pages.count > 1 {
                text("Page \(page + 1) of \(pages.count)", Rect(left: titleBox.left, bottom: titleBox.bottom - 36, width: titleBox.width, height: 30), 16, Self.muted)
            }
            list.richText(pages[page], in: Self.pageTextBox(on: canvas), verticalAlignment: .top)
        case .statements:
            text(form.title, titleBox, 28, bold: true)
            text("Please tick each statement you agree with. You can take part only if you agree with all of them.",
                 Rect(left: body.left, bottom: body.top - 50, width: body.width, height: 44), 18, Self.muted)
        case .name:
            text("Please type your full name", titleBox, 28, bold: true)
            let field = nameField
            list.fill(field, .white)
            list.stroke(field, Self.accent, lineWidth: 3)
            text(name + "|", field.insetHorizontally(20), 28, alignment: .left)
        case .signature:
            text("Please sign in the box with your finger or the pen", titleBox, 28, bold: true)
            let box = signatureBox
            list.fill(box, .white)
            list.stroke(box, Self.line, lineWidth: 2)
            list.line(Point(box.left + 40, box.bottom + 60), Point(box.right - 40, box.bottom + 60), Self.disabled, lineWidth: 2)
            if !name.isEmpty {
                text(name, Rect(left: box.left, bottom: box.bottom - 84, width: box.width - 220, height: 70), 20, Self.muted, alignment: .left)
            }
            list.append(.ink(InkLayer(id: 1, generation: inkGeneration, box: box, color: Self.ink, lineWidth: 4, strokes: strokes)))
            if let stroke, stroke.count > 1 { list.append(.polyline(stroke, Self.ink, lineWidth: 4, closed: false)) }
        case .confirmDecline:
            text("You have chosen not to take part", titleBox, 28, bold: true)
            text("Nothing more will be asked of you, and the experimenter will be told. Are you sure you do not want to take part?",
                 Rect(left: canvas.width / 2 - 500, bottom: canvas.height * 0.45, width: 1000, height: 150), 22)
        }
        for button in buttons() { draw(button, into: &list) }
        return list
    }

    private func draw(_ button: Button, into list: inout DrawList) {
        if let tick = button.tickBox {
            let square = Rect(left: button.box.left + 10, bottom: button.box.centerY - 30, width: 60, height: 60)
            list.fill(button.box, tick ? Color(219, 234, 254) : .white)
            list.stroke(button.box, Self.line, lineWidth: 1)
            list.fill(square, .white)
            list.stroke(square, tick ? Self.accent : Self.muted, lineWidth: 3)
            if tick {
                list.append(.polyline([Point(square.left + 12, square.centerY), Point(square.left + 26, square.bottom + 12), Point(square.right - 10, square.top - 10)],
                                      Self.accent, lineWidth: 6, closed: false))
            }
            Self.text(button.label, in: Rect(left: square.right + 24, bottom: button.box.bottom, width: button.box.width - 110, height: button.box.height),
                      20, Self.ink, alignment: .left, into: &list)
            return
        }
        let fill = !button.enabled ? Self.disabled : button.primary ? Self.accent : .white
        list.fill(button.box, fill)
        list.stroke(button.box, button.enabled ? (button.primary ? Self.accent : Self.line) : Self.disabled, lineWidth: 2)
        Self.text(button.label, in: button.box.insetHorizontally(8), 20,
                  button.primary && button.enabled ? .white : button.enabled ? Self.ink : Self.muted, into: &list)
    }

    /// Every text of the form is drawn whole (``TextFit``): wrapped or smaller rather than cut.
    private static func text(_ string: String, in box: Rect, _ size: Double, _ color: Color, bold: Bool = false,
                             alignment: TextStyle.Alignment = .center, into list: inout DrawList) {
        let fitted = TextFit.style(for: string, in: box, pointSize: size, bold: bold)
        list.text(string, in: box, TextStyle(pointSize: fitted.pointSize, color: color, bold: bold, alignment: alignment, wraps: fitted.wraps))
    }
}
