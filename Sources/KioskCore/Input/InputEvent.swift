/// One input, timestamped by the clock of the device or window system that produced it.
///
/// Inputs are plain values: a live session, a test and a replay feed the same path.
public struct InputEvent: Hashable, Sendable {
    /// When the device or window system says it happened (an evdev event's kernel time).
    public var time: MonotonicTime
    public var payload: Payload
    /// What the device reported of a pointer's contact, pressure and tilt; `nil` for other
    /// inputs and for pointers that report nothing beyond their position.
    public var pointerSample: PointerSample?

    public init(time: MonotonicTime, _ payload: Payload, pointerSample: PointerSample? = nil) {
        self.time = time
        self.payload = payload
        self.pointerSample = pointerSample
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
        /// tasks (OpenMATB never delivers joystick releases, docs/openmatb-behaviour.md: Keyboard input);
        /// both are logged.
        case joystickButton(String, pressed: Bool)
        /// A hardware joystick appeared, vanished or misbehaved; logged as a `manual` row.
        case joystickDevice(JoystickDeviceNotice)
        /// A pen or touchscreen read from evdev appeared, vanished, lost events or misbehaved.
        case pointerDevice(PointerDeviceNotice)
        /// A sample of a Lab Streaming Layer stream an adaptive rule reads (docs/adaptive.md),
        /// logged as `input,lsl,<stream>,<value>` and `input,lsl,<stream>.time,<its LSL time>`,
        /// and `input,lsl,<stream>.taken,<scenario time>` when it came after it was taken.
        case streamSample(StreamSample)
        /// The window was closed or the operator asked to quit.
        case quitRequested
    }

    /// One value of one channel of a stream, as the inlet received it.
    public struct StreamSample: Hashable, Sendable {
        /// The stream as the rules name it, with the channel: `MWL:0`.
        public var stream: String
        public var value: Double
        /// The sample's own time on the stream's clock (LSL seconds), corrected to this machine's.
        public var streamTime: Double
        /// The scenario time the sample was taken at, when the session received it later: it
        /// came late, or before the session began (a negative time). The session sets it from
        /// the input's own time; a re-run reads it from the log. Nil when it came in time.
        public var takenAt: ScenarioTime?

        public init(stream: String, value: Double, streamTime: Double, takenAt: ScenarioTime? = nil) {
            self.stream = stream
            self.value = value
            self.streamTime = streamTime
            self.takenAt = takenAt
        }
    }

    /// Which pointer an event belongs to, and so which tool produced it.
    public enum Pointer: Hashable, Sendable {
        case mouse
        case finger(Int64)
        /// A stylus tip, by the device's tool serial or slot.
        case pen(Int64)
        /// A stylus's eraser end.
        case eraser(Int64)

        /// The tool, without the pointer's identity.
        public var tool: PointerTool {
            switch self {
            case .mouse: .mouse
            case .finger: .finger
            case .pen: .pen
            case .eraser: .eraser
            }
        }
    }
}

extension InputEvent.Payload {
    /// The pointer a pointer event belongs to; `nil` for every other input.
    public var pointer: InputEvent.Pointer? {
        switch self {
        case .pointerDown(_, let pointer), .pointerMove(_, let pointer), .pointerUp(_, let pointer): pointer
        case .keyPress, .keyRelease, .joystickAxes, .joystickButton, .joystickDevice, .pointerDevice, .streamSample, .quitRequested: nil
        }
    }
}
