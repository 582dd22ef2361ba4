/// What a judgement block shows. Answer buttons sit in a strip along the bottom, sized for a
/// finger, and the image above them: a hand reaching for a button does not cover the image.
extension JudgeBlock {
    static let background = Color(128, 128, 128)
    static let ink = Color(20, 20, 20)
    static let buttonHeight = 140.0
    static let margin = 40.0

    /// The answer buttons, one per response, in the configuration's order.
    var responseButtons: [Rect] {
        let count = Double(configuration.responses.count)
        let gap = 48.0
        let width = min(420, (canvas.width - 2 * Self.margin - gap * (count - 1)) / count)
        let total = width * count + gap * (count - 1)
        let left = (canvas.width - total) / 2
        return configuration.responses.indices.map { index in
            Rect(left: left + Double(index) * (width + gap), bottom: Self.margin, width: width, height: Self.buttonHeight)
        }
    }

    /// Where images, the fixation cross and feedback show: above the answer strip.
    var stimulusArea: Rect {
        let bottom = Self.margin + Self.buttonHeight + Self.margin
        return Rect(left: Self.margin, bottom: bottom, width: canvas.width - 2 * Self.margin, height: canvas.height - bottom - 70)
    }

    var continueButton: Rect {
        Rect(left: canvas.width / 2 - 180, bottom: canvas.height * 0.2, width: 360, height: 110)
    }

    public func drawList() -> DrawList {
        var list = DrawList(canvas: canvas)
        list.fill(canvas.bounds, Self.background)
        switch stage {
        case .instructions:
            var text = configuration.instructions.isEmpty ? "Answer as fast and as accurately as you can." : configuration.instructions
            text += "\n\n" + configuration.responses.map { response in
                let means = configuration.paradigm == .goNoGo ? "respond to targets only" : response.label
                return "\(response.key.map { "\($0)" } ?? "the button")\(response.joystickButton.map { " or stick button \($0)" } ?? ""): \(means)"
            }.joined(separator: "\n")
            if !practiceTrials.isEmpty { text += "\n\nFirst, \(practiceTrials.count) practice trial\(practiceTrials.count == 1 ? "" : "s")." }
            waitingScreen(configuration.title, text, into: &list)
        case .practiceOver:
            waitingScreen("Practice over", "The trials that count start now: \(countedTrials.count) of them.", into: &list)
        case .rest(let block):
            let blocks = (countedTrials.count + configuration.trialsPerBlock - 1) / max(1, configuration.trialsPerBlock)
            waitingScreen("Break", "Part \(block) of \(blocks) done. Rest a moment, then continue.", into: &list)
        case .done:
            let points = configuration.scoresPoints ? "\n\nYour score: \(score) points." : ""
            waitingScreen("Thank you", "This part is over.\(points)", into: &list)
        case .fixation:
            drawTrialFrame(into: &list)
            let (x, y) = (stimulusArea.centerX, stimulusArea.centerY)
            list.line(Point(x - 30, y), Point(x + 30, y), Self.ink, lineWidth: 6)
            list.line(Point(x, y - 30), Point(x, y + 30), Self.ink, lineWidth: 6)
        case .responding:
            drawTrialFrame(into: &list)
            if let running = current, running.removal == nil, let size = imageSizes[running.scheduled.trial.image] {
                list.image(running.scheduled.trial.image, in: fitted(width: Double(size.width), height: Double(size.height)))
            }
        case .feedback(let feedback, _):
            drawTrialFrame(into: &list)
            let (text, color): (String, Color) = switch feedback {
            case .correct: ("Correct", Color(20, 110, 40))
            case .wrong: ("Wrong", Color(160, 25, 25))
            case .tooSlow: ("Too slow", Color(150, 80, 0))
            }
            list.text(text, in: stimulusArea, TextStyle(pointSize: 48, color: color, bold: true))
            if configuration.scoresPoints, let points = ended?.points {
                list.text(points >= 0 ? "+\(points)" : "\(points)",
                          in: Rect(left: stimulusArea.left, bottom: stimulusArea.centerY - 110, width: stimulusArea.width, height: 60),
                          TextStyle(pointSize: 30, color: color))
            }
        case .interval:
            drawTrialFrame(into: &list)
        case .finished:
            break
        }
        return list
    }

    /// The image's box: as large as fits the stimulus area, its shape kept, never enlarged
    /// more than twice (small line drawings stay crisp).
    private func fitted(width: Double, height: Double) -> Rect {
        let area = stimulusArea
        let scale = min(area.width / width, area.height / height, 2)
        let (w, h) = (width * scale, height * scale)
        return Rect(left: area.centerX - w / 2, bottom: area.centerY - h / 2, width: w, height: h)
    }

    /// The progress line, the score and the answer buttons, drawn under every trial stage.
    private func drawTrialFrame(into list: inout DrawList) {
        guard let running = current else { return }
        let total = running.scheduled.practice ? practiceTrials.count : countedTrials.count
        let progress = (running.scheduled.practice ? "Practice " : "Trial ") + "\(running.number) of \(total)"
        let top = Rect(left: Self.margin, bottom: canvas.height - 60, width: canvas.width / 2, height: 40)
        list.text(progress, in: top, TextStyle(pointSize: 16, color: Color(235, 235, 235), alignment: .left))
        if configuration.scoresPoints {
            list.text("Score: \(score)", in: Rect(left: canvas.width / 2 - Self.margin, bottom: canvas.height - 60, width: canvas.width / 2, height: 40),
                      TextStyle(pointSize: 16, color: Color(235, 235, 235), alignment: .right))
        }
        for (index, box) in responseButtons.enumerated() {
            let response = configuration.responses[index]
            list.fill(box, pressedButton == index ? Color(170, 190, 215) : Color(245, 245, 245))
            list.stroke(box, Color(60, 60, 60), lineWidth: 3)
            let hint = response.key.map { " (\(Self.keyLabel($0)))" } ?? ""
            list.text(response.label + hint, in: box.inset(by: 8), TextStyle(pointSize: 26, color: Self.ink, bold: true))
        }
    }

    private func waitingScreen(_ title: String, _ text: String, into list: inout DrawList) {
        list.text(title, in: Rect(left: 0, bottom: canvas.height * 0.78, width: canvas.width, height: 70), TextStyle(pointSize: 32, color: Self.ink, bold: true))
        list.text(text, in: Rect(left: canvas.width / 2 - 650, bottom: canvas.height * 0.36, width: 1300, height: canvas.height * 0.4),
                  TextStyle(pointSize: 22, color: Self.ink, verticalAlignment: .top, wraps: true))
        list.fill(continueButton, Color(245, 245, 245))
        list.stroke(continueButton, Color(60, 60, 60), lineWidth: 3)
        list.text("Continue (Space)", in: continueButton, TextStyle(pointSize: 24, color: Self.ink))
    }

    /// A key as a person reads it: `_1` is 1.
    static func keyLabel(_ key: String) -> String {
        key.hasPrefix("_") && key.count == 2 ? String(key.dropFirst()) : key
    }
}
