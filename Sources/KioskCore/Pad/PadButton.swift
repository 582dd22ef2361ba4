/// A large on-screen button of the drawing pad's screens, sized for a finger.
struct PadButton: Hashable, Sendable {
    enum Role: Hashable, Sendable {
        case previous, repeatStimulus, hide, next, undo, endTrial
        case start, nextTrial, finish
        case character(Character), backspace, confirmName
    }

    var role: Role
    var label: String
    var box: Rect

    func draw(into list: inout DrawList, pressed: Bool, progress: Double? = nil) {
        list.fill(box, pressed ? Color(170, 190, 215) : Color(250, 250, 250))
        if let progress, progress > 0 {
            list.fill(Rect(left: box.left, bottom: box.bottom, width: box.width * min(1, progress), height: box.height), Color(241, 160, 120))
        }
        list.stroke(box, Color(90, 90, 90), lineWidth: 2)
        list.text(label, in: box.inset(by: 4), TextStyle(pointSize: 18, color: Color(30, 30, 30)))
    }

    /// Buttons side by side across `row`, with gaps between them.
    static func row(_ items: [(Role, String)], in row: Rect, gap: Double = 16) -> [PadButton] {
        guard !items.isEmpty else { return [] }
        let width = (row.width - gap * Double(items.count - 1)) / Double(items.count)
        return items.enumerated().map { index, item in
            PadButton(role: item.0, label: item.1,
                      box: Rect(left: row.left + Double(index) * (width + gap), bottom: row.bottom, width: width, height: row.height))
        }
    }
}
