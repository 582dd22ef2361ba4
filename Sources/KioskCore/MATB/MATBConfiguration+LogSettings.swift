/// The settings a session ran with that no other row of its log shows, written as
/// `manual,labkiosk,<key>,<value>` rows after `scenario_path` (OpenMATB's readers skip
/// `manual` rows), so that `labkiosk verify` and `labkiosk replay` rebuild the session from
/// its log alone (docs/verify.md). Keys and values are those of the settings file.
extension MATBConfiguration {
    /// The `module` column of the settings rows.
    public static let logSettingsModule = "labkiosk"

    /// Each setting as the settings file would write it, in a fixed order.
    public var logSettings: [(key: String, value: String)] {
        let response = virtualJoystick.response
        let curve: (kind: StickCurveKind, factor: Double?) = switch response.curve {
        case .linear: (.linear, nil)
        case .exponential(let factor): (.exponential, factor)
        }
        func flag(_ value: Bool) -> String { value ? "true" : "false" }
        func bounds(_ bounds: ScreenLayout.ColumnBounds) -> String { "[\(bounds.first.pythonRepr), \(bounds.second.pythonRepr)]" }
        return [
            ("session", "\(runNumber)"),
            ("language", language.rawValue),
            ("cadence", cadence.rawValue),
            ("prompt_timing", promptTiming.rawValue),
            ("clock_speed", speed.pythonRepr),
            ("display_session_number", flag(displaySessionNumber)),
            ("hide_on_pause", flag(hideOnPause)),
            ("escape_offers_exit", flag(escapeOffersExit)),
            ("top_bounds", bounds(layout.topBounds)),
            ("bottom_bounds", bounds(layout.bottomBounds)),
            ("virtual_stick", virtualJoystick.visibility.rawValue),
            ("stick_mode", virtualJoystick.mode.rawValue),
            ("stick_side", virtualJoystick.side.rawValue),
            ("stick_dead_zone", response.deadZone.pythonRepr),
            ("stick_curve", curve.kind.rawValue),
        ] + (curve.factor.map { [("stick_curve_factor", $0.pythonRepr)] } ?? []) + [
            ("stick_invert_x", flag(response.invertX)),
            ("stick_invert_y", flag(response.invertY)),
            ("stick_gain", response.gain.pythonRepr),
        ] + (adaptiveRules.map { [(Self.adaptiveRulesKey, $0.path)] } ?? [])
    }

    /// The settings row naming the adaptive rules file, which the shell reads again for a re-run.
    public static let adaptiveRulesKey = "adaptive_rules"

    /// The settings rows, stamped as the other opening rows are.
    func logSettingsRecords(at logtime: MonotonicTime) -> [LogRecord] {
        logSettings.map { setting in
            LogRecord(logtime: logtime, scenarioTime: nil, kind: .manual, module: Self.logSettingsModule,
                      address: setting.key, value: .string(setting.value))
        }
    }

    /// This configuration with the settings a log's rows name.
    /// - Parameter settings: `(key, value)` pairs from `manual,labkiosk,…` rows.
    /// - Returns: the configuration, or what is wrong with the first unusable setting.
    public func applying(logSettings settings: [(key: String, value: String)]) -> Result<MATBConfiguration, LogSettingProblem> {
        var result = self
        var input = InputSettings()
        for (key, value) in settings {
            func flag() throws(LogSettingProblem) -> Bool {
                switch value {
                case "true": return true
                case "false": return false
                default: throw LogSettingProblem(key: key, message: "\(key) is `\(value)`; expected true or false")
                }
            }
            do throws(LogSettingProblem) {
                switch key {
                case "session":
                    guard let number = Int(value), number > 0 else { throw LogSettingProblem(key: key, message: "\(key) is `\(value)`; expected a session number from 1") }
                    result.runNumber = number
                case "language":
                    guard let language = Language(rawValue: value) else { throw LogSettingProblem(key: key, message: "\(key) is `\(value)`; expected en or fr") }
                    result.language = language
                case "cadence":
                    guard let cadence = UpdateCadence(rawValue: value) else { throw LogSettingProblem(key: key, message: "\(key) is `\(value)`; expected fixed or openmatb") }
                    result.cadence = cadence
                case "prompt_timing":
                    guard let timing = PromptTiming(rawValue: value) else { throw LogSettingProblem(key: key, message: "\(key) is `\(value)`; expected spoken or openmatb") }
                    result.promptTiming = timing
                case "clock_speed":
                    guard let speed = Double(value), speed > 0, speed.isFinite else { throw LogSettingProblem(key: key, message: "\(key) is `\(value)`; expected a number above 0") }
                    result.speed = speed
                case "display_session_number": result.displaySessionNumber = try flag()
                case "hide_on_pause": result.hideOnPause = try flag()
                case "escape_offers_exit": result.escapeOffersExit = try flag()
                case "top_bounds", "bottom_bounds":
                    guard let bounds = SettingsReader.columnBounds(value) else {
                        throw LogSettingProblem(key: key, message: "\(key) is `\(value)`; expected two increasing fractions such as [0.35, 0.85]")
                    }
                    if key == "top_bounds" { result.layout.topBounds = bounds } else { result.layout.bottomBounds = bounds }
                case Self.adaptiveRulesKey:
                    // A file: the shell reads it and sets `adaptiveRules` (the core reads no file).
                    break
                default:
                    if let problem = SettingsReader.readInput(key: key, value: value, into: &input) {
                        throw LogSettingProblem(key: key, message: problem)
                    }
                }
            } catch {
                return .failure(error)
            }
        }
        result.virtualJoystick = input.virtualJoystick(over: result.virtualJoystick)
        return .success(result)
    }
}

/// A settings row of a log whose value labkiosk cannot use.
public struct LogSettingProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public var key: String
    public var message: String

    public var description: String { message }
}
