import KioskCore

/// The touchscreen a simulated participant taps, for `labkiosk simulate --real-input`
/// (docs/simulate.md), which the window's evdev reader (``EvdevPointerSource``) reads as it
/// reads a kiosk's touchscreen.
final class SimulatedTouchscreen {
    let device: SimulatedEvdevDevice

    /// The device's extent on each axis: 0.1 pixel of a 1920×1080 display.
    static let width: Int32 = 19200, height: Int32 = 10800

    init() throws {
        device = try SimulatedEvdevDevice(EvdevDeviceInfo(
            name: "labkiosk simulated touchscreen",
            axes: [EvdevDeviceInfo.Axis(code: EvdevCode.absX, minimum: 0, maximum: Self.width, resolution: 100),
                   EvdevDeviceInfo.Axis(code: EvdevCode.absY, minimum: 0, maximum: Self.height, resolution: 100)],
            keys: [EvdevCode.btnTouch], clock: .monotonic))
    }

    /// Makes `input`, a finger's contact or its move, when its time comes; `place` is where a point of the
    /// canvas lies on the device (0…1 across it, y down). Anything but a finger's contact is not
    /// a touchscreen's, and is refused.
    func make(_ input: InputEvent, place: (Point) -> (x: Double, y: Double)) {
        switch input.payload {
        case .pointerDown(let at, .finger):
            let placed = place(at)
            let x = Int32((placed.x * Double(Self.width)).rounded()), y = Int32((placed.y * Double(Self.height)).rounded())
            device.write([(EvdevCode.absolute, EvdevCode.absX, x), (EvdevCode.absolute, EvdevCode.absY, y), (EvdevCode.key, EvdevCode.btnTouch, 1)],
                         for: input)
        case .pointerMove(let at, .finger):
            let placed = place(at)
            let x = Int32((placed.x * Double(Self.width)).rounded()), y = Int32((placed.y * Double(Self.height)).rounded())
            device.write([(EvdevCode.absolute, EvdevCode.absX, x), (EvdevCode.absolute, EvdevCode.absY, y)], for: input)
        case .pointerUp(_, .finger):
            device.write([(EvdevCode.key, EvdevCode.btnTouch, 0)], for: input)
        default: preconditionFailure("a touchscreen makes only a finger's contacts")
        }
    }
}
