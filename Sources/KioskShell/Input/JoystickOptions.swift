import KioskCore

/// Which hardware joystick a run reads, and how.
public struct JoystickOptions: Sendable {
    public var backend: JoystickBackend
    /// An evdev node path (evdev) or an SDL joystick name (sdl) to use instead of the first found.
    public var device: String?
    /// Take the evdev device exclusively (EVIOCGRAB).
    public var grab: Bool
    public var calibration: JoystickCalibration
    /// Where evdev nodes live.
    public var inputDirectory: String
    /// The udev rule to name when permissions deny access.
    public var udevRule: String

    public init(backend: JoystickBackend = .evdev, device: String? = nil, grab: Bool = false, calibration: JoystickCalibration = JoystickCalibration(),
                inputDirectory: String = "/dev/input", udevRule: String = "Assets/udev/70-labkiosk-joysticks.rules") {
        self.backend = backend
        self.device = device
        self.grab = grab
        self.calibration = calibration
        self.inputDirectory = inputDirectory
        self.udevRule = udevRule
    }
}
