/// Reads OpenMATB's `config.ini` (docs/openmatb-behaviour.md: config.ini), plus labkiosk's `[Input]`, `[Kiosk]` and `[Timing]` sections.
/// Where OpenMATB crashes on a bad value, this reports a warning and keeps the default, as OpenMATB's own
/// message says it should.
public enum SettingsReader {
    /// The settings in `text`, with one warning per key it could not use.
    public static func read(_ text: String, file: String) -> (settings: Settings, warnings: [ScenarioDiagnostic]) {
        var settings = Settings()
        var warnings: [ScenarioDiagnostic] = []
        var section = ""
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingSpacesAndTabs()
            func warn(_ message: String) {
                warnings.append(ScenarioDiagnostic(file: file, line: index + 1, column: 1, severity: .warning, message: message))
            }
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                section = String(line.dropFirst().dropLast()).lowercased()
                continue
            }
            guard let equals = line.firstIndex(where: { $0 == "=" || $0 == ":" }) else {
                warn("expected `key = value`, found `\(line)`")
                continue
            }
            let key = line[..<equals].trimmingSpacesAndTabs().lowercased()
            let value = line[line.index(after: equals)...].trimmingSpacesAndTabs()
            if section == "input" {
                if let problem = readInput(key: key, value: value, into: &settings.input) { warn(problem) }
                continue
            }
            if section == "kiosk" {
                switch key {
                case "exit_chord":
                    let keys = value.split(separator: "+").map { $0.trimmingSpacesAndTabs().uppercased() }
                    if keys.count < 2 || keys.contains(where: \.isEmpty) {
                        warn("exit_chord must name two keys or more joined by +, e.g. CTRL+ALT+SHIFT+Q (not \(value))")
                    } else {
                        settings.kiosk.exitChord = keys
                    }
                case "pin":
                    if value.count >= 4, value.count <= 12, value.allSatisfy({ $0.isASCII && $0.isNumber }) {
                        settings.kiosk.pin = value
                    } else {
                        warn("pin must be 4 to 12 digits")
                    }
                default: warn("unknown key \(key) in [Kiosk]; known: exit_chord, pin")
                }
                continue
            }
            if section == "timing" {
                let quoted = value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"")
                if let problem = settings.timing.read(key: key, text: quoted ? String(value.dropFirst().dropLast()) : value, isString: quoted ? true : nil) {
                    warn(problem + " in [Timing]; it is ignored")
                }
                continue
            }
            guard section == "openmatb" else { continue }
            switch key {
            case "language":
                switch value {
                case "en_EN", "en": settings.language = .en
                case "fr_FR", "fr": settings.language = .fr
                default: warn("language must be en_EN or fr_FR (not \(value))")
                }
            case "screen_index": settings.screenIndex = Int(value) ?? 0
            case "font_name":
                // Text metrics and layout are measured for DejaVu Sans; say so rather than
                // accept a font that is then not used.
                if !value.isEmpty { warn("font_name is not supported: labkiosk always uses DejaVu Sans (ignored \(value))") }
            case "scenario_path": settings.scenarioPath = value.isEmpty ? nil : value
            case "clock_speed":
                if let speed = Double(value), BlockSpeed.range.contains(speed) { settings.clockSpeed = speed } else {
                    warn("clock_speed must be \(BlockSpeed.rangeText) (not \(value))")
                }
            case "highlight_aoi":
                if value.lowercased() == "true" { warn("highlight_aoi is not supported yet; areas of interest are logged as aoi rows but not drawn") }
            case "fullscreen", "display_session_number", "hide_on_pause":
                let flag: Bool
                switch value.lowercased() {
                case "true": flag = true
                case "false": flag = false
                default:
                    warn("In config.ini, [\(key)] parameter must be a boolean (true or false, not \(value)). Defaulting to False")
                    flag = false
                }
                switch key {
                case "fullscreen": settings.fullscreen = flag
                case "display_session_number": settings.displaySessionNumber = flag
                default: settings.hideOnPause = flag
                }
            case "top_bounds", "bottom_bounds":
                guard let bounds = columnBounds(value) else {
                    warn("\(key) must be a list of two increasing fractions such as [0.35, 0.85] (not \(value))")
                    continue
                }
                if key == "top_bounds" { settings.topBounds = bounds } else { settings.bottomBounds = bounds }
            default:
                warn("unknown key `\(key)` ignored")
            }
        }
        return (settings, warnings)
    }

    static func columnBounds(_ text: String) -> ScreenLayout.ColumnBounds? {
        let inner = text.trimmingUnicodeScalars(where: { "[]() ".unicodeScalars.contains($0) })
        let numbers = inner.split(separator: ",").compactMap { Double($0.trimmingSpacesAndTabs()) }
        guard numbers.count == 2, numbers[0] > 0, numbers[0] < numbers[1], numbers[1] < 1 else { return nil }
        return .init(numbers[0], numbers[1])
    }
}
