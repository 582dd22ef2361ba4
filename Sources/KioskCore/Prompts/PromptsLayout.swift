/// Where a prompts screen puts things on its canvas: a top bar (progress, title, Help), the
/// picture and text in the middle, and a row of finger-sized buttons at the bottom.
struct PromptsLayout {
    let canvas: Canvas
    static let margin = 40.0
    static let gap = 24.0
    static let buttonWidth = 360.0
    static let helpButtonWidth = 200.0

    /// The strip along the top, as tall as a button.
    var topBar: Rect {
        Rect(left: Self.margin, bottom: canvas.height - Self.margin - PromptsButton.height,
             width: canvas.width - 2 * Self.margin, height: PromptsButton.height)
    }

    /// "Trial 2 of 6", in the top left corner.
    var progress: Rect { Rect(left: topBar.left, bottom: topBar.bottom, width: topBar.width / 3, height: topBar.height) }
    var title: Rect { Rect(left: topBar.left + topBar.width / 3, bottom: topBar.bottom, width: topBar.width / 3, height: topBar.height) }
    var helpButton: Rect {
        Rect(left: topBar.right - Self.helpButtonWidth, bottom: topBar.bottom, width: Self.helpButtonWidth, height: topBar.height)
    }

    /// `count` buttons side by side, centred at the bottom.
    func buttonRow(count: Int) -> [Rect] {
        let width = min(Self.buttonWidth, (canvas.width - 2 * Self.margin - Double(count - 1) * Self.gap) / Double(max(1, count)))
        let total = Double(count) * width + Double(max(0, count - 1)) * Self.gap
        let left = (canvas.width - total) / 2
        return (0..<count).map { Rect(left: left + Double($0) * (width + Self.gap), bottom: Self.margin, width: width, height: PromptsButton.height) }
    }

    /// Between the top bar and the buttons (or the bottom margin when there are none).
    func content(withButtons: Bool) -> Rect {
        let bottom = withButtons ? Self.margin + PromptsButton.height + Self.gap : Self.margin
        return Rect(left: Self.margin, bottom: bottom, width: canvas.width - 2 * Self.margin, height: topBar.bottom - Self.gap - bottom)
    }

    /// The picture above the text, each given the whole area when the other is absent; the
    /// text keeps about a third of the height, room for three lines of phase text.
    func split(_ area: Rect, image: Bool, text: Bool) -> (image: Rect?, text: Rect?) {
        switch (image, text) {
        case (true, true):
            let textHeight = (area.height * 0.32).rounded()
            return (Rect(left: area.left, bottom: area.bottom + textHeight + Self.gap, width: area.width, height: area.height - textHeight - Self.gap),
                    Rect(left: area.left, bottom: area.bottom, width: area.width, height: textHeight))
        case (true, false): return (area, nil)
        case (false, true): return (nil, area)
        case (false, false): return (nil, nil)
        }
    }

    /// The largest box of the picture's proportions that fits `area`, centred in it.
    static func fitted(width: Int, height: Int, in area: Rect) -> Rect {
        guard width > 0, height > 0 else { return .empty }
        let scale = min(area.width / Double(width), area.height / Double(height))
        let w = Double(width) * scale, h = Double(height) * scale
        return Rect(left: area.centerX - w / 2, bottom: area.centerY - h / 2, width: w, height: h)
    }
}
