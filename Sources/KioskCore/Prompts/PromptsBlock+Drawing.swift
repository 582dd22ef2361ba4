/// What a prompts block shows: large centred text for reading at a distance, the picture
/// above it, finger-sized buttons on the screens that wait for the participant.
extension PromptsBlock {
    static let background = Color(200, 200, 200)
    static let ink = Color(30, 30, 30)
    /// Phase text is read from further away, often at a glance before the eyes close.
    static let phaseTextPoints = 40.0
    static let screenTextPoints = 32.0

    var layout: PromptsLayout { PromptsLayout(canvas: canvas) }

    /// The buttons of the screen on show, in the order they are drawn.
    var buttons: [PromptsButton] {
        let layout = self.layout
        if help != nil {
            let questions = zip(sequence.help.indices, questionBoxes(in: layout)).map { index, box in
                PromptsButton(role: .question(index), label: "\(index + 1). \(sequence.help[index].question)", box: box)
            }
            return questions + [PromptsButton(role: .close, label: "Close (Space)", box: layout.buttonRow(count: 1)[0])]
        }
        guard isWaitingScreen else { return [] }
        var buttons: [PromptsButton] = []
        if !sequence.help.isEmpty { buttons.append(PromptsButton(role: .help, label: "Help (H)", box: layout.helpButton)) }
        var row: [(PromptsButton.Role, String)] = [(.continue, "Continue (Space)")]
        if case .pause = screen { row.append((.stop, "Stop here (Esc)")) }
        for (item, box) in zip(row, layout.buttonRow(count: row.count)) { buttons.append(PromptsButton(role: item.0, label: item.1, box: box)) }
        return buttons
    }

    /// The help questions stacked down the left of the screen; they grow shorter than a
    /// button only when there are too many to fit.
    private func questionBoxes(in layout: PromptsLayout) -> [Rect] {
        let area = layout.content(withButtons: true)
        let count = sequence.help.count
        guard count > 0 else { return [] }
        let height = min(PromptsButton.height, (area.height - Double(count - 1) * PromptsLayout.gap / 2) / Double(count))
        return (0..<count).map { index in
            Rect(left: area.left, bottom: area.top - Double(index + 1) * height - Double(index) * PromptsLayout.gap / 2,
                 width: area.width * 0.45, height: height)
        }
    }

    /// "Trial 2 of 6", or where the participant is outside the trials.
    var progressLine: String {
        switch screen {
        case .preparation(let index): "Preparation \(index + 1) of \(sequence.preparation.count)"
        case .phase(let run): "Trial \(run.trial + 1) of \(trialOrder.count)"
        case .pause: "\(trialsCompleted) of \(trialOrder.count) trials done"
        case .notStarted, .finished: ""
        }
    }

    public func drawList() -> DrawList {
        var list = DrawList(canvas: canvas)
        list.fill(canvas.bounds, Self.background)
        switch screen {
        case .notStarted, .finished: return list
        case .preparation, .phase, .pause: break
        }
        let layout = self.layout
        list.text(progressLine, in: layout.progress, TextStyle(pointSize: 22, color: Color(60, 60, 60), alignment: .left))
        list.text(help == nil ? sequence.title : "Help", in: layout.title, TextStyle(pointSize: 26, color: Self.ink, bold: true))
        let content = layout.content(withButtons: isWaitingForParticipant)
        if let help {
            drawHelp(help, into: &list, area: content)
        } else {
            switch screen {
            case .preparation(let index):
                let step = sequence.preparation[index]
                draw(text: step.text ?? "", image: step.image ?? "", points: Self.screenTextPoints, into: &list, area: content)
            case .phase(let run):
                draw(text: run.row.text, image: run.row.image, points: Self.phaseTextPoints, into: &list, area: content)
            case .pause:
                draw(text: "Take a short break. Continue when you are ready, or stop here.", image: "", points: Self.screenTextPoints,
                     into: &list, area: content)
            case .notStarted, .finished:
                break
            }
        }
        for button in buttons {
            var selected = false
            if case .question(let index) = button.role { selected = index == help?.answer }
            button.draw(into: &list, selected: selected)
        }
        if let message {
            list.text(message, in: Rect(left: 0, bottom: 4, width: canvas.width, height: PromptsLayout.margin - 8),
                      TextStyle(pointSize: 16, color: Color(160, 30, 30)))
        }
        return list
    }

    private func draw(text: String, image: String, points: Double, into list: inout DrawList, area: Rect) {
        let size = image.isEmpty ? nil : imageSizes[image]
        let boxes = layout.split(area, image: size != nil, text: !text.isEmpty)
        if let size, let box = boxes.image { list.image(image, in: PromptsLayout.fitted(width: size.width, height: size.height, in: box)) }
        if let box = boxes.text { list.text(text, in: box, TextStyle(pointSize: points, color: Self.ink, wraps: true)) }
    }

    private func drawHelp(_ help: HelpOverlay, into list: inout DrawList, area: Rect) {
        let answerBox = Rect(left: area.left + area.width * 0.45 + PromptsLayout.gap * 2, bottom: area.bottom,
                             width: area.width * 0.55 - PromptsLayout.gap * 2, height: area.height)
        let shown = help.answer.map { sequence.help[$0].answer } ?? "Choose a question."
        list.text(shown, in: answerBox, TextStyle(pointSize: 30, color: Self.ink, alignment: .left, verticalAlignment: .top, wraps: true))
    }
}
