import KioskCore

/// The pen a simulated participant draws with on the drawing pad, for `labkiosk simulate
/// --real-input` (docs/simulate.md), read as a kiosk's pen is (``EvdevPointerSource``): a
/// stylus with pressure in 8192 levels and tilt in whole degrees (±64 over its range, as
/// labkiosk reads a tilt axis without a resolution), so each sample the model makes reads back
/// as made. It comes into range as it touches down and leaves as it lifts: the model makes no
/// hover.
final class SimulatedPen {
    let device: SimulatedEvdevDevice

    /// The device's extent on each axis: 0.1 pixel of a 1920×1080 display.
    static let width: Int32 = 19200, height: Int32 = 10800
    static let pressureLevels: Int32 = 8191
    static let tiltDegrees: Int32 = 64

    /// Makes the pen as `node` in `folder` (the touchscreen's, as pens and touchscreens are read
    /// from one folder), or in a folder of its own.
    init(node: String, in folder: String?) throws {
        device = try SimulatedEvdevDevice(EvdevDeviceInfo(
            name: "labkiosk simulated pen",
            axes: [EvdevDeviceInfo.Axis(code: EvdevCode.absX, minimum: 0, maximum: Self.width, resolution: 100),
                   EvdevDeviceInfo.Axis(code: EvdevCode.absY, minimum: 0, maximum: Self.height, resolution: 100),
                   EvdevDeviceInfo.Axis(code: EvdevCode.absPressure, minimum: 0, maximum: Self.pressureLevels),
                   EvdevDeviceInfo.Axis(code: EvdevCode.absTiltX, minimum: -Self.tiltDegrees, maximum: Self.tiltDegrees),
                   EvdevDeviceInfo.Axis(code: EvdevCode.absTiltY, minimum: -Self.tiltDegrees, maximum: Self.tiltDegrees)],
            keys: [EvdevCode.btnToolPen, EvdevCode.btnTouch], clock: .monotonic), node: node, in: folder)
    }

    /// Makes `input`, a pen's touch, move or lift, when its time comes; `place` is where a point
    /// of the canvas lies on the device (0…1 across it, y down). Anything else is refused.
    func make(_ input: InputEvent, place: (Point) -> (x: Double, y: Double)) {
        let point: Point
        switch input.payload {
        case .pointerDown(let at, .pen), .pointerMove(let at, .pen), .pointerUp(let at, .pen): point = at
        default: preconditionFailure("a pen makes only a pen's touches, moves and lifts")
        }
        let placed = place(point)
        let sample = input.pointerSample
        var items: [(type: UInt16, code: UInt16, value: Int32)] = [
            (EvdevCode.absolute, EvdevCode.absX, Int32((placed.x * Double(Self.width)).rounded())),
            (EvdevCode.absolute, EvdevCode.absY, Int32((placed.y * Double(Self.height)).rounded())),
            (EvdevCode.absolute, EvdevCode.absPressure, Int32(((sample?.pressure ?? 0) * Double(Self.pressureLevels)).rounded())),
        ]
        if let tilt = sample?.tilt {
            // labkiosk reads a device's +y tilt as the canvas's −y (EvdevPointer).
            items.append((EvdevCode.absolute, EvdevCode.absTiltX, Self.clampedDegrees(tilt.xDegrees)))
            items.append((EvdevCode.absolute, EvdevCode.absTiltY, Self.clampedDegrees(-tilt.yDegrees)))
        }
        switch input.payload {
        case .pointerDown: items = [(EvdevCode.key, EvdevCode.btnToolPen, 1)] + items + [(EvdevCode.key, EvdevCode.btnTouch, 1)]
        case .pointerUp: items += [(EvdevCode.key, EvdevCode.btnTouch, 0), (EvdevCode.key, EvdevCode.btnToolPen, 0)]
        default: break
        }
        device.write(items, for: input)
    }

    private static func clampedDegrees(_ degrees: Double) -> Int32 {
        Int32(min(Double(tiltDegrees), max(-Double(tiltDegrees), degrees.rounded())))
    }
}
