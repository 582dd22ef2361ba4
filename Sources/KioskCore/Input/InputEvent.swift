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
        /// Two-axis stick deflection, each axis in −1...1 (x: −1 left, +1 right; y: −1 pushed
        /// forward, +1 pulled back), from a hardware stick or the on-screen one.
        ///
        /// It is the stick's position, not an action: it reaches every alive task, paused or
        /// not, as OpenMATB's tracking task reads the stick's position whenever it computes.
        case joystickAxes(x: Double, y: Double)
        /// A joystick button or hat edge, named `JOY_BTN_n` / `JOY_HAT_*`. Only presses reach
        /// tasks (OpenMATB never delivers joystick releases, spec §5.4); both are logged.
        case joystickButton(String, pressed: Bool)
        /// A hardware joystick appeared, vanished or misbehaved; logged as a `manual` row.
        case joystickDevice(JoystickDeviceNotice)
        /// The window was closed or the operator asked to quit.
        case quitRequested
    }

    /// Which pointer an event belongs to.
    public enum Pointer: Hashable, Sendable {
        case mouse
        case finger(Int64)
    }
}
