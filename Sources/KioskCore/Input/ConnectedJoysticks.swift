/// The hardware joysticks a windowed run has connected, and the stick's last position, as
/// their inputs told, so that a block starting after they were announced hears of them: a
/// joystick plugged in during a consent form is the stick of the MATB block after it, which
/// hides its on-screen stick (`auto`) and logs the joystick, as it would had it been plugged
/// in during that block.
public struct ConnectedJoysticks: Sendable {
    /// Each connected joystick's notice, in the order connected.
    private var notices: [JoystickDeviceNotice] = []
    private var position: (x: Double, y: Double)?

    public init() {}

    /// Takes note of the joystick notices and stick positions among `inputs`.
    public mutating func note(_ inputs: some Sequence<InputEvent>) {
        for input in inputs {
            switch input.payload {
            case .joystickDevice(let notice) where notice.kind == .connected:
                notices.removeAll { $0.device == notice.device }
                notices.append(notice)
            case .joystickDevice(let notice) where notice.kind == .disconnected:
                notices.removeAll { $0.device == notice.device }
                if notices.isEmpty { position = nil }
            case .joystickAxes(let x, let y):
                position = (x, y)
            default: break
            }
        }
    }

    /// What a block starting at `time` is told: each joystick connected, then where the stick
    /// is; nothing when none is connected.
    public func announcement(at time: MonotonicTime) -> [InputEvent] {
        guard !notices.isEmpty else { return [] }
        return notices.map { InputEvent(time: time, .joystickDevice($0)) }
            + (position.map { [InputEvent(time: time, .joystickAxes(x: $0.x, y: $0.y))] } ?? [])
    }
}
