/// A large on-screen button of a prompts block's waiting screens, sized for a finger.
struct PromptsButton: Hashable, Sendable {
    enum Role: Hashable, Sendable {
        case `continue`, stop, help, close
        /// Shows the answer of the help item at this index.
        case question(Int)
    }

    /// As tall as the batch pause screen's Continue: comfortable for a fingertip on a kiosk.
    static let height = 96.0

    var role: Role
    var label: String
    var box: Rect

    func draw(into list: inout DrawList, selected: Bool = false) {
        list.fill(box, selected ? Color(170, 190, 215) : Color(250, 250, 250))
        list.stroke(box, Color(90, 90, 90), lineWidth: 2)
        list.text(label, in: box.inset(by: 8), TextStyle(pointSize: 24, color: Color(30, 30, 30), wraps: true))
    }
}
