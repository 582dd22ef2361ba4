/// How the on-screen stick behaves: when it shows, how a finger deflects it, which side of
/// the tracking reticle it sits on, and how deflection becomes axis values.
public struct VirtualJoystickSettings: Hashable, Sendable {
    /// When the on-screen stick is offered.
    public enum Visibility: String, CaseIterable, Hashable, Sendable {
        /// Whenever no hardware joystick is connected (the default): a kiosk's participants
        /// use the screen, and an experimenter's stick takes over when plugged in.
        case auto
        /// Always, even alongside a hardware joystick.
        case on
        /// Never.
        case off
    }

    /// How a finger's position becomes a deflection.
    public enum Mode: String, CaseIterable, Hashable, Sendable {
        /// Deflection is the finger's position relative to the stick's centre.
        case absolute
        /// Deflection is the drag vector from where the finger first touched.
        case relative
    }

    /// Which side of the tracking reticle the stick sits on.
    public enum Side: String, CaseIterable, Hashable, Sendable {
        case right, left
    }

    public var visibility: Visibility
    public var mode: Mode
    public var side: Side
    public var response: StickResponse

    public init(visibility: Visibility = .auto, mode: Mode = .absolute, side: Side = .right, response: StickResponse = StickResponse()) {
        self.visibility = visibility
        self.mode = mode
        self.side = side
        self.response = response
    }
}
