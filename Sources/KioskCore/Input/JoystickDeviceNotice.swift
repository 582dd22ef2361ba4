/// Something that happened to a hardware joystick, for the session log and the operator.
///
/// The session writes each notice as a `manual` row (OpenMATB's readers ignore unknown
/// `manual` rows) and shows or hides the on-screen stick as joysticks come and go.
public struct JoystickDeviceNotice: Hashable, Sendable {
    /// What happened.
    public enum Kind: String, Hashable, Sendable {
        /// The joystick is now the session's stick.
        case connected
        /// The session's joystick went away (unplugged, stream ended, unreadable).
        case disconnected
        /// The joystick is still in use, but something about it is wrong (bad stream bytes,
        /// an unusable axis range, implausible timestamps), or it could not be opened.
        case problem
    }

    public var kind: Kind
    /// The device's name and node, e.g. `Logitech Extreme 3D Pro (/dev/input/event5)`.
    public var device: String
    /// What the operator should know: why it went away, what was wrong, what to do.
    public var detail: String

    public init(_ kind: Kind, device: String, detail: String = "") {
        self.kind = kind
        self.device = device
        self.detail = detail
    }

    /// The `manual` row's text, e.g. `labkiosk: joystick disconnected: Pad (/dev/input/event5): device removed`.
    public var logText: String {
        "labkiosk: joystick \(kind.rawValue): \(device)" + (detail.isEmpty ? "" : ": \(detail)")
    }
}
