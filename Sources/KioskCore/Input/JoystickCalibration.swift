/// Stick calibrations by device, as `labkiosk devices --calibrate` writes them and
/// `labkiosk matb` reads them.
///
/// The file is plain text, one section per device:
///
/// ```
/// # labkiosk joystick calibration
/// # axis = minimum centre maximum dead_zone, in the device's raw units
/// [evdev: Logitech Extreme 3D Pro]
/// x = 0 512 1023 12
/// y = 0 508 1023 12
/// ```
///
/// The section names the backend (`evdev` or `sdl`, whose raw ranges differ) and the device
/// name as `labkiosk devices` lists it. An axis without a line keeps the device's own range.
public struct JoystickCalibration: Hashable, Sendable {
    /// One device's axes.
    public struct Entry: Hashable, Sendable {
        public var backend: String
        public var device: String
        public var x: AxisCalibration?
        public var y: AxisCalibration?

        public init(backend: String, device: String, x: AxisCalibration? = nil, y: AxisCalibration? = nil) {
            self.backend = backend
            self.device = device
            self.x = x
            self.y = y
        }
    }

    public private(set) var entries: [Entry] = []

    public init(entries: [Entry] = []) {
        for entry in entries { set(entry) }
    }

    /// The calibration of `device` on `backend`, if the file has one.
    public func entry(backend: String, device: String) -> Entry? {
        entries.first { $0.backend == backend && $0.device == device }
    }

    /// Adds or replaces the entry for the same backend and device.
    public mutating func set(_ entry: Entry) {
        if let index = entries.firstIndex(where: { $0.backend == entry.backend && $0.device == entry.device }) {
            entries[index] = entry
        } else {
            entries.append(entry)
        }
    }

    /// Parses a calibration file; lines it cannot use become warnings and are skipped.
    public static func read(_ text: String, file: String) -> (calibration: JoystickCalibration, warnings: [ScenarioDiagnostic]) {
        var calibration = JoystickCalibration()
        var warnings: [ScenarioDiagnostic] = []
        var current: Entry?
        func close() {
            if let entry = current { calibration.set(entry) }
            current = nil
        }
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingSpacesAndTabs()
            func warn(_ message: String) {
                warnings.append(ScenarioDiagnostic(file: file, line: index + 1, column: 1, severity: .warning, message: message))
            }
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                close()
                let inner = line.dropFirst().dropLast()
                guard let colon = inner.firstIndex(of: ":") else {
                    warn("a section must name a backend and a device, e.g. [evdev: Logitech Extreme 3D Pro]")
                    continue
                }
                let backend = inner[..<colon].trimmingSpacesAndTabs().lowercased()
                let device = inner[inner.index(after: colon)...].trimmingSpacesAndTabs()
                guard ["evdev", "sdl"].contains(backend), !device.isEmpty else {
                    warn("unknown backend `\(backend)` (evdev or sdl) or empty device name")
                    continue
                }
                current = Entry(backend: backend, device: device)
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                warn("expected `x = minimum centre maximum dead_zone`, found `\(line)`")
                continue
            }
            guard current != nil else {
                warn("an axis line must follow a [backend: device] section")
                continue
            }
            let key = line[..<equals].trimmingSpacesAndTabs().lowercased()
            let numbers = line[line.index(after: equals)...].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map { Double($0) }
            guard numbers.count == 4, let minimum = numbers[0], let center = numbers[1], let maximum = numbers[2], let dead = numbers[3] else {
                warn("\(key) needs four numbers: minimum centre maximum dead_zone")
                continue
            }
            let axis = AxisCalibration(minimum: minimum, center: center, maximum: maximum, deadZone: dead)
            if let problem = axis.problem {
                warn("\(key) is unusable: \(problem); the device's own range is used")
                continue
            }
            switch key {
            case "x": current?.x = axis
            case "y": current?.y = axis
            default: warn("unknown axis `\(key)` (x or y)")
            }
        }
        close()
        return (calibration, warnings)
    }

    /// The file's text, with a comment header.
    public var text: String {
        var lines = [
            "# labkiosk joystick calibration, written by `labkiosk devices --calibrate`",
            "# axis = minimum centre maximum dead_zone, in the device's raw units",
        ]
        for entry in entries {
            lines.append("")
            lines.append("[\(entry.backend): \(entry.device)]")
            for (name, axis) in [("x", entry.x), ("y", entry.y)] {
                guard let axis else { continue }
                lines.append("\(name) = " + [axis.minimum, axis.center, axis.maximum, axis.deadZone].map(Self.number).joined(separator: " "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }
}
