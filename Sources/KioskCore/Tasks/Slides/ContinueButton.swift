/// The on-screen button that moves past a blocking screen by touch or mouse, for kiosks with
/// no keyboard (OpenMATB offers only SPACE). It acts on release inside the button, like any
/// touch button, so a finger that slides off cancels.
public struct ContinueButton: Hashable, Sendable {
    /// Size in reference pixels: large enough for a fingertip on a 10" screen.
    public static let width = 300.0
    public static let height = 56.0

    /// The pointer currently holding the button down, if any.
    public private(set) var pressedBy: InputEvent.Pointer?

    public init() {}

    /// Where the button sits: centred at the bottom of `region`, below the prompt that
    /// OpenMATB centres at 10 % of the height.
    public static func frame(in region: Rect) -> Rect {
        Rect(left: region.centerX - width / 2, bottom: region.bottom + region.height * 0.015, width: width, height: height)
    }

    /// Follows a pointer event; returns true when it completes a tap on the button.
    public mutating func handle(_ input: InputEvent.Payload, in region: Rect) -> Bool {
        let frame = Self.frame(in: region)
        switch input {
        case .pointerDown(let point, let pointer):
            if pressedBy == nil && frame.contains(x: point.x, y: point.y) { pressedBy = pointer }
        case .pointerUp(let point, let pointer):
            guard pressedBy == pointer else { return false }
            pressedBy = nil
            return frame.contains(x: point.x, y: point.y)
        default:
            break
        }
        return false
    }

    /// Forgets a press in progress (the screen changed under the finger).
    public mutating func reset() { pressedBy = nil }

    /// Draws the button with `label`; pressed, it shows in the selection blue.
    public func draw(label: String, in region: Rect, into list: inout DrawList) {
        let frame = Self.frame(in: region)
        list.fill(frame, pressedBy == nil ? .white : .blue)
        list.stroke(frame, .black)
        list.text(label, in: frame, TextStyle(pointSize: TextStyle.large, bold: true))
    }
}
