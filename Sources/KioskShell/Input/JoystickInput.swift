import KioskCore

/// The hardware joystick of a windowed run, on the backend the options chose: evdev read
/// here each frame, or SDL's layer, whose events arrive through the ``EventPump``.
public final class JoystickInput {
    public let evdev: EvdevJoystickSource?
    public let sdl: SDLJoystickSource?

    public init(_ options: JoystickOptions) throws {
        switch options.backend {
        case .evdev:
            evdev = EvdevJoystickSource(options: .init(directory: options.inputDirectory, device: options.device, grab: options.grab,
                                                       calibration: options.calibration, udevRule: options.udevRule))
            sdl = nil
        case .sdl:
            evdev = nil
            sdl = try SDLJoystickSource(device: options.device, calibration: options.calibration)
        case .none:
            evdev = nil
            sdl = nil
        }
    }

    /// Appends what the evdev joystick reported since the last frame (nothing for SDL,
    /// whose events come through the pump).
    public func poll(into events: inout [InputEvent]) {
        evdev?.poll(into: &events)
    }

    /// Writes messages for the operator (permissions, a missing device) to standard error.
    public func reportMessages() {
        let messages = (evdev?.takeMessages() ?? []) + (sdl?.takeMessages() ?? [])
        for message in messages { StandardStream.error.write("labkiosk: \(message)\n") }
    }
}
