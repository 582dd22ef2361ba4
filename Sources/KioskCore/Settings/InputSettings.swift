/// labkiosk's own input settings, from the `[Input]` section of a settings file (OpenMATB
/// ignores sections it does not know, so one file can serve both). Each is optional so a
/// command-line option can override it; docs/input.md lists the keys.
public struct InputSettings: Hashable, Sendable {
    /// `virtual_stick`: when the on-screen stick shows.
    public var virtualStick: VirtualJoystickSettings.Visibility?
    /// `stick_mode`: absolute or relative.
    public var stickMode: VirtualJoystickSettings.Mode?
    /// `stick_side`: right or left of the tracking reticle.
    public var stickSide: VirtualJoystickSettings.Side?
    /// `stick_dead_zone`: fraction of full deflection.
    public var stickDeadZone: Double?
    /// `stick_curve`: linear or exponential.
    public var stickCurve: StickCurveKind?
    /// `stick_curve_factor`: the exponential curve's factor.
    public var stickCurveFactor: Double?
    /// `stick_invert_x`, `stick_invert_y`.
    public var stickInvertX: Bool?
    public var stickInvertY: Bool?
    /// `stick_gain`.
    public var stickGain: Double?
    /// `joystick_backend`: evdev, sdl or none.
    public var joystickBackend: JoystickBackend?
    /// `joystick_device`: the evdev node (or SDL joystick name) to use instead of the first found.
    public var joystickDevice: String?
    /// `joystick_grab`: take the evdev device for labkiosk alone (EVIOCGRAB).
    public var joystickGrab: Bool?
    /// `calibration`: the calibration file.
    public var calibration: String?
    /// `input_dir`: where evdev nodes live (default `/dev/input`).
    public var inputDirectory: String?

    public init() {}

    /// The virtual-stick settings these give, on top of `base`.
    public func virtualJoystick(over base: VirtualJoystickSettings = VirtualJoystickSettings()) -> VirtualJoystickSettings {
        var result = base
        if let virtualStick { result.visibility = virtualStick }
        if let stickMode { result.mode = stickMode }
        if let stickSide { result.side = stickSide }
        if let stickDeadZone { result.response.deadZone = stickDeadZone }
        if let stickInvertX { result.response.invertX = stickInvertX }
        if let stickInvertY { result.response.invertY = stickInvertY }
        if let stickGain { result.response.gain = stickGain }
        var baseFactor: Double?
        if case .exponential(let factor) = base.response.curve { baseFactor = factor }
        switch stickCurve ?? (baseFactor == nil ? .linear : .exponential) {
        case .linear: result.response.curve = .linear
        case .exponential: result.response.curve = .exponential(factor: stickCurveFactor ?? baseFactor ?? StickCurveKind.defaultFactor)
        }
        return result
    }

    /// Every field of `other` that is set replaces this one's (command line over file).
    public func overridden(by other: InputSettings) -> InputSettings {
        var r = self
        r.virtualStick = other.virtualStick ?? virtualStick
        r.stickMode = other.stickMode ?? stickMode
        r.stickSide = other.stickSide ?? stickSide
        r.stickDeadZone = other.stickDeadZone ?? stickDeadZone
        r.stickCurve = other.stickCurve ?? stickCurve
        r.stickCurveFactor = other.stickCurveFactor ?? stickCurveFactor
        r.stickInvertX = other.stickInvertX ?? stickInvertX
        r.stickInvertY = other.stickInvertY ?? stickInvertY
        r.stickGain = other.stickGain ?? stickGain
        r.joystickBackend = other.joystickBackend ?? joystickBackend
        r.joystickDevice = other.joystickDevice ?? joystickDevice
        r.joystickGrab = other.joystickGrab ?? joystickGrab
        r.calibration = other.calibration ?? calibration
        r.inputDirectory = other.inputDirectory ?? inputDirectory
        return r
    }
}
