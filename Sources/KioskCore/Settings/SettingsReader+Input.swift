/// The `[Input]` section of a settings file (labkiosk's own; OpenMATB ignores it).
extension SettingsReader {
    /// Reads one `[Input]` key into `settings`; returns a warning text when the value is unusable.
    static func readInput(key: String, value: String, into settings: inout InputSettings) -> String? {
        func number(_ range: ClosedRange<Double>) -> Double? {
            Double(value).flatMap { range.contains($0) ? $0 : nil }
        }
        func flag() -> Bool? {
            switch value.lowercased() {
            case "true", "yes", "1", "on": true
            case "false", "no", "0", "off": false
            default: nil
            }
        }
        func choices<T: RawRepresentable & CaseIterable>(_: T.Type) -> String where T.RawValue == String {
            T.allCases.map(\.rawValue).joined(separator: ", ")
        }
        switch key {
        case "virtual_stick":
            guard let v = VirtualJoystickSettings.Visibility(rawValue: value.lowercased()) else { return "\(key) must be one of \(choices(VirtualJoystickSettings.Visibility.self)) (not \(value))" }
            settings.virtualStick = v
        case "stick_mode":
            guard let v = VirtualJoystickSettings.Mode(rawValue: value.lowercased()) else { return "\(key) must be one of \(choices(VirtualJoystickSettings.Mode.self)) (not \(value))" }
            settings.stickMode = v
        case "stick_side":
            guard let v = VirtualJoystickSettings.Side(rawValue: value.lowercased()) else { return "\(key) must be one of \(choices(VirtualJoystickSettings.Side.self)) (not \(value))" }
            settings.stickSide = v
        case "stick_dead_zone":
            guard let v = number(0...StickResponse.maximumDeadZone) else { return "\(key) must be a number from 0 to \(StickResponse.maximumDeadZone) (not \(value))" }
            settings.stickDeadZone = v
        case "stick_curve":
            guard let v = StickCurveKind(rawValue: value.lowercased()) else { return "\(key) must be one of \(choices(StickCurveKind.self)) (not \(value))" }
            settings.stickCurve = v
        case "stick_curve_factor":
            guard let v = number(0.01...20) else { return "\(key) must be a number from 0.01 to 20 (not \(value))" }
            settings.stickCurveFactor = v
        case "stick_invert_x", "stick_invert_y", "joystick_grab":
            guard let v = flag() else { return "\(key) must be true or false (not \(value))" }
            if key == "stick_invert_x" { settings.stickInvertX = v } else if key == "stick_invert_y" { settings.stickInvertY = v } else { settings.joystickGrab = v }
        case "stick_gain":
            guard let v = number(0.01...10) else { return "\(key) must be a number from 0.01 to 10 (not \(value))" }
            settings.stickGain = v
        case "joystick_backend":
            guard let v = JoystickBackend(rawValue: value.lowercased()) else { return "\(key) must be one of \(choices(JoystickBackend.self)) (not \(value))" }
            settings.joystickBackend = v
        case "joystick_device":
            settings.joystickDevice = value.isEmpty ? nil : value
        case "calibration":
            settings.calibration = value.isEmpty ? nil : value
        case "input_dir":
            settings.inputDirectory = value.isEmpty ? nil : value
        default:
            return "unknown key `\(key)` in [Input] ignored"
        }
        return nil
    }
}
