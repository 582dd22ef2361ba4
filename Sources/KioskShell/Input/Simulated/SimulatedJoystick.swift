import KioskCore

/// The joystick a simulated MATB operator tracks with, for `labkiosk simulate --real-input`
/// (docs/simulate.md), which the evdev joystick reader (``EvdevJoystickSource``) reads as it
/// reads a kiosk's stick. Its axes run over ±10⁶ with the rest at 0 and no flat, so a position
/// in the log's six decimals is one raw value and reads back exactly.
final class SimulatedJoystick {
    let device: SimulatedEvdevDevice
    /// The position last made: as the kernel does, an axis that did not move is not reported.
    private var position: (x: Int32, y: Int32) = (0, 0)

    static let extent: Int32 = 1_000_000

    init() throws {
        device = try SimulatedEvdevDevice(EvdevDeviceInfo(
            name: "labkiosk simulated joystick",
            axes: [EvdevDeviceInfo.Axis(code: EvdevCode.absX, minimum: -Self.extent, maximum: Self.extent),
                   EvdevDeviceInfo.Axis(code: EvdevCode.absY, minimum: -Self.extent, maximum: Self.extent)],
            keys: Array(EvdevCode.joystickButtons), clock: .monotonic))
    }

    /// Makes `input`, a stick position or a button's press or release (`JOY_BTN_n`, the n-th of
    /// its 32 buttons), when its time comes. Anything else is not a joystick's, and is refused.
    func make(_ input: InputEvent) {
        if case .joystickButton(let name, let pressed) = input.payload {
            guard let number = Int(name.dropFirst(KeyNames.joystickButtonPrefix.count)), name.hasPrefix(KeyNames.joystickButtonPrefix),
                  EvdevCode.joystickButtons.contains(EvdevCode.joystickButtons.lowerBound + UInt16(clamping: number - 1)), number >= 1 else {
                preconditionFailure("the simulated joystick has no button \(name)")
            }
            device.write([(EvdevCode.key, EvdevCode.joystickButtons.lowerBound + UInt16(number - 1), pressed ? 1 : 0)], for: input)
            return
        }
        guard case .joystickAxes(let x, let y) = input.payload else { preconditionFailure("a joystick makes only stick positions and buttons") }
        let raw = (x: Int32((x * Double(Self.extent)).rounded()), y: Int32((y * Double(Self.extent)).rounded()))
        var items: [(type: UInt16, code: UInt16, value: Int32)] = []
        if raw.x != position.x { items.append((EvdevCode.absolute, EvdevCode.absX, raw.x)) }
        if raw.y != position.y { items.append((EvdevCode.absolute, EvdevCode.absY, raw.y)) }
        position = raw
        if !items.isEmpty { device.write(items, for: input) }
    }
}
