/// Kiosk mode's way out for staff, drawn over whatever block runs (docs/plans.md: Kiosk mode).
/// The experimenter chord, or the PIN typed then Enter, opens a menu: back to the session,
/// skip this block, or leave the session (it resumes later). On a touchscreen without a
/// keyboard, holding the top-left corner for three seconds opens a PIN pad first (only when a
/// PIN is set, so a participant's stray hold opens nothing). While the panel is open the block
/// runs on but receives no input.
public struct StaffPanel: Sendable {
    public enum Choice: Hashable, Sendable {
        case skipBlock, leave
    }

    private enum State: Hashable, Sendable {
        case closed
        case pinPad(typed: String, wrongTries: Int)
        case menu
    }

    private var exit: StaffExit
    private var state = State.closed
    private var cornerPressedSince: MonotonicTime?
    public static let cornerHoldSeconds = 3.0
    public static let cornerSize = 120.0

    public init(exit: StaffExit) {
        self.exit = exit
    }

    public var isOpen: Bool { state != .closed }

    /// Takes this frame's inputs: while the panel is closed they pass on to the block (watched
    /// for the chord, the PIN and the corner hold); while it is open it takes them all.
    /// - Returns: what staff chose, if they chose this frame.
    public mutating func take(_ inputs: inout [InputEvent], canvas: Canvas, at now: MonotonicTime) -> Choice? {
        // Every key reaches the chord's watcher, open or not, so it knows which keys are up.
        let exitAsked = inputs.reduce(false) { asked, input in exit.observe(input) || asked }
        if state == .closed {
            if exitAsked { state = .menu }
            for input in inputs { watchCorner(input, canvas: canvas) }
            if let since = cornerPressedSince, exit.pin != nil, Double(now.since(since)) / 1e9 >= Self.cornerHoldSeconds {
                cornerPressedSince = nil
                state = .pinPad(typed: "", wrongTries: 0)
            }
            if state != .closed { inputs.removeAll() }
            return nil
        }
        defer { inputs.removeAll() }
        for input in inputs {
            if let choice = handle(input, canvas: canvas) { return choice }
        }
        return nil
    }

    private mutating func watchCorner(_ input: InputEvent, canvas: Canvas) {
        switch input.payload {
        case .pointerDown(let point, _):
            if point.x < Self.cornerSize && point.y > canvas.height - Self.cornerSize { cornerPressedSince = input.time }
        case .pointerUp:
            cornerPressedSince = nil
        default:
            break
        }
    }

    private mutating func handle(_ input: InputEvent, canvas: Canvas) -> Choice? {
        switch (state, input.payload) {
        case (.menu, .keyPress("ESCAPE")), (.menu, .keyPress("B")):
            state = .closed
        case (.menu, .keyPress("S")):
            state = .closed
            return .skipBlock
        case (.menu, .keyPress("L")):
            state = .closed
            return .leave
        case (.menu, .pointerUp(let point, _)):
            for (index, button) in menuButtons(canvas).enumerated() where button.contains(x: point.x, y: point.y) {
                state = .closed
                return [nil, .skipBlock, .leave][index]
            }
        case (.pinPad(let typed, let wrong), .pointerUp(let point, _)):
            guard let key = pinKeys(canvas).first(where: { $0.box.contains(x: point.x, y: point.y) })?.label else { break }
            switch key {
            case "Cancel": state = .closed
            case "⌫": state = .pinPad(typed: String(typed.dropLast()), wrongTries: wrong)
            case "OK":
                if typed == exit.pin { state = .menu } else if wrong + 1 >= 3 { state = .closed } else {
                    state = .pinPad(typed: "", wrongTries: wrong + 1)
                }
            default: state = .pinPad(typed: String((typed + key).suffix(12)), wrongTries: wrong)
            }
        case (.pinPad, .keyPress("ESCAPE")):
            state = .closed
        default:
            break
        }
        return nil
    }

    // MARK: - Drawing

    private static let ink = Color(30, 30, 30)
    private static let paper = Color(250, 250, 250)

    private func panel(_ canvas: Canvas) -> Rect {
        Rect(left: canvas.width / 2 - 330, bottom: canvas.height / 2 - 300, width: 660, height: 600)
    }

    private func menuButtons(_ canvas: Canvas) -> [Rect] {
        let box = panel(canvas)
        return (0..<3).map { Rect(left: box.left + 80, bottom: box.bottom + 360 - Double($0) * 130, width: 500, height: 100) }
    }

    private func pinKeys(_ canvas: Canvas) -> [(label: String, box: Rect)] {
        let box = panel(canvas)
        let labels = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0", "OK"]
        var keys = labels.enumerated().map { index, label in
            (label, Rect(left: box.left + 150 + Double(index % 3) * 125, bottom: box.bottom + 370 - Double(index / 3) * 95, width: 110, height: 80))
        }
        keys.append(("Cancel", Rect(left: box.left + 150, bottom: box.bottom + 10, width: 360, height: 70)))
        return keys
    }

    /// The panel over the block's frame, when open.
    public func draw(into list: inout DrawList) {
        guard state != .closed else { return }
        let canvas = list.canvas
        let box = panel(canvas)
        list.fill(box, Color(215, 215, 215))
        list.stroke(box, Self.ink, lineWidth: 3)
        let heading = Rect(left: box.left, bottom: box.bottom + box.height - 90, width: box.width, height: 70)
        switch state {
        case .closed:
            break
        case .menu:
            list.text("Staff", in: heading, TextStyle(pointSize: 24, color: Self.ink))
            for (button, label) in zip(menuButtons(canvas), ["Back to the session (B)", "Skip this block (S)", "Leave; resume later (L)"]) {
                list.fill(button, Self.paper)
                list.stroke(button, Color(90, 90, 90), lineWidth: 2)
                list.text(label, in: button, TextStyle(pointSize: 20, color: Self.ink))
            }
        case .pinPad(let typed, let wrong):
            let prompt = !typed.isEmpty ? String(repeating: "•", count: typed.count) : wrong > 0 ? "Wrong PIN, try again" : "Staff PIN"
            list.text(prompt, in: heading, TextStyle(pointSize: 24, color: Self.ink))
            for key in pinKeys(canvas) {
                list.fill(key.box, Self.paper)
                list.stroke(key.box, Color(90, 90, 90), lineWidth: 2)
                list.text(key.label, in: key.box, TextStyle(pointSize: 22, color: Self.ink))
            }
        }
    }
}
