/// One input, timestamped by the clock of the device or window system that produced it.
///
/// Inputs are plain values: a live session, a test and a replay feed the same path.
public struct InputEvent: Hashable, Sendable {
    public var time: MonotonicTime
    public var payload: Payload

    public init(time: MonotonicTime, _ payload: Payload) {
        self.time = time
        self.payload = payload
    }

    /// What happened.
    public enum Payload: Hashable, Sendable {
        /// A key went down; the name is OpenMATB's (pyglet) key name, e.g. `F1`, `ENTER`, `NUM_1`.
        case keyPress(String)
        case keyRelease(String)
        /// A pointer (mouse button 1, finger or pen) touched down, in reference coordinates.
        case pointerDown(Point, Pointer)
        case pointerMove(Point, Pointer)
        case pointerUp(Point, Pointer)
        /// Two-axis stick deflection, each axis in −1...1 (x: right +, y: pulled back +).
        case joystickAxes(x: Double, y: Double)
        /// A joystick button or hat edge, named `JOY_BTN_n` / `JOY_HAT_*`.
        case joystickButton(String, pressed: Bool)
        /// The window was closed or the operator asked to quit.
        case quitRequested
    }

    /// Which pointer an event belongs to.
    public enum Pointer: Hashable, Sendable {
        case mouse
        case finger(Int64)
    }
}
