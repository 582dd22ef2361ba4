import KioskCore

/// The joystick `labkiosk devices` watches and calibrates: the same sources a session
/// reads, polled on their own, with the raw values a calibration needs.
public final class JoystickMonitor {
    /// What the joystick reads now.
    public struct Snapshot: Hashable, Sendable {
        public var label: String
        /// Raw X and Y in the backend's units (evdev: the device's; SDL: −32768...32767).
        public var rawX: Double
        public var rawY: Double
        /// Normalised axis values, as a session would get them.
        public var x: Double
        public var y: Double
        public var held: [String]
    }

    private let evdev: EvdevJoystickSource?
    private let sdl: SDLJoystickSource?

    public init(_ options: JoystickOptions) throws {
        switch options.backend {
        case .evdev, .none:
            evdev = EvdevJoystickSource(options: .init(directory: options.inputDirectory, device: options.device, grab: options.grab,
                                                       calibration: options.calibration, udevRule: options.udevRule))
            sdl = nil
        case .sdl:
            evdev = nil
            sdl = try SDLJoystickSource(device: options.device, calibration: options.calibration)
        }
    }

    /// Reads what arrived; returns the device notices among it.
    @discardableResult
    public func poll() -> [JoystickDeviceNotice] {
        var events: [InputEvent] = []
        evdev?.poll(into: &events)
        sdl?.pumpWithoutWindow(into: &events)
        return events.compactMap { if case .joystickDevice(let notice) = $0.payload { notice } else { nil } }
    }

    /// Messages for the operator since the last call (permissions, a missing device).
    public func takeMessages() -> [String] { (evdev?.takeMessages() ?? []) + (sdl?.takeMessages() ?? []) }

    /// The joystick in use now, if any.
    public var snapshot: Snapshot? {
        if let joystick = evdev?.activeJoystick {
            let rawX = Double(joystick.absolute[EvdevCode.absX] ?? 0), rawY = Double(joystick.absolute[EvdevCode.absY] ?? 0)
            return Snapshot(label: joystick.label, rawX: rawX, rawY: rawY, x: joystick.axes.x, y: joystick.axes.y, held: joystick.pressed)
        }
        if let state = sdl?.activeState {
            return Snapshot(label: state.label, rawX: state.rawX, rawY: state.rawY, x: state.axes.x, y: state.axes.y, held: state.pressed)
        }
        return nil
    }

    /// The calibration backend's name and the device name a calibration entry is keyed by.
    public var calibrationKey: (backend: String, device: String)? {
        if let joystick = evdev?.activeJoystick { return ("evdev", joystick.info.name) }
        if let name = sdl?.activeName { return ("sdl", name) }
        return nil
    }

    /// The X and Y axis ranges a calibration is checked against.
    public var axisInfo: (x: EvdevDeviceInfo.Axis, y: EvdevDeviceInfo.Axis)? {
        if let info = evdev?.activeJoystick?.info {
            guard let x = info.axis(EvdevCode.absX), let y = info.axis(EvdevCode.absY) else { return nil }
            return (x, y)
        }
        guard sdl?.activeName != nil else { return nil }
        let range = EvdevDeviceInfo.Axis(code: 0, minimum: Int32(Int16.min), maximum: Int32(Int16.max))
        return (range, range)
    }
}
