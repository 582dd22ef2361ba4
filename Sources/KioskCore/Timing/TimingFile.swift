/// A `timing` block's file (docs/timing.md): where the light sensor is and where the patch
/// goes, as `labkiosk timing` takes them on its command line.
///
/// ```toml
/// sensor = "/dev/input/by-id/usb-photodiode-event-joystick"
/// sensor_key = 288      # optional: the sensor's key on a board with several
/// # or, for a photodiode on a sound card's line-in instead of `sensor`:
/// # line_in = true
/// # line_in_device = "USB Audio Analog Stereo"   # optional: a capture device other than the default
/// patch_x = 0           # the patch's top-left corner, pixels from the screen's top-left
/// patch_y = 0
/// patch_size = 100
/// find_patch = true     # optional: search for the sensor instead of patch_x and patch_y
/// repeats = 20          # flashes of each length
/// response = "/dev/input/by-id/usb-buttonbox-event-kbd"   # optional: a "virtual human"
/// response_key = 2      # optional: its button on a board with several
/// response_delay_ms = 120   # its delay after light, with `response`
/// ```
public struct TimingFile: Hashable, Sendable {
    /// A button box answering each flash a known delay after its own sensor sees light.
    public struct Response: Hashable, Sendable {
        public var device: String
        public var key: UInt16?
        public var delayMilliseconds: Double
    }

    /// The light sensor, as `labkiosk timing` takes it: `--sensor` (and `--sensor-key`), or `--line-in` (and `--line-in-device`).
    public enum Sensor: Hashable, Sendable, CustomStringConvertible {
        /// A photodiode behind a comparator on a button input, by its event device.
        case button(device: String, key: UInt16?)
        /// A photodiode on a sound card's line-in, by its capture device's name (nil: the system's default).
        case lineIn(device: String?)

        /// As `labkiosk check` names it: the event device, or the line-in and its capture device.
        public var description: String {
            switch self {
            case .button(let device, _): device
            case .lineIn(let device): "line-in " + (device ?? "(the default capture device)")
            }
        }
    }

    public var sensor: Sensor
    public var patch: TimingPatch
    /// Whether the sensor is searched for (`find_patch = true`) rather than placed at `patch_x`, `patch_y`.
    public var findsPatch: Bool
    public var repeats: Int
    public var response: Response?

    public init(sensor: Sensor, patch: TimingPatch, findsPatch: Bool, repeats: Int, response: Response? = nil) {
        self.sensor = sensor
        self.patch = patch
        self.findsPatch = findsPatch
        self.repeats = repeats
        self.response = response
    }

    public static let defaultPatchSize = 100
    public static let defaultRepeats = 20
    public static let repeatsRange = 1...1000

    /// Reads `text` (the file `file`), reporting every problem with its place.
    public static func read(_ text: String, file: String) -> Result<TimingFile, ScenarioErrors> {
        let document: TOMLDocument
        switch TOMLDocument.parse(text, file: file, what: "a timing file") {
        case .success(let parsed): document = parsed
        case .failure(let errors): return .failure(errors)
        }
        var problems: [ScenarioDiagnostic] = []
        func problem(_ place: (line: Int, column: Int), _ message: String) {
            problems.append(ScenarioDiagnostic(file: file, line: place.line, column: place.column, severity: .error, message: message))
        }
        let keys = ["sensor", "sensor_key", "line_in", "line_in_device", "patch_x", "patch_y", "patch_size", "find_patch", "repeats",
                    "response", "response_key", "response_delay_ms"]
        for table in document.order { problem((document.tables[table]?.line ?? 1, document.tables[table]?.column ?? 1), "a timing file has no tables; [\(table)] is not read") }
        for entry in document.root.entries where !keys.contains(entry.key) {
            problem((entry.line, entry.column), "unknown key `\(entry.key)`; a timing file has \(keys.map { "`\($0)`" }.joined(separator: ", "))")
        }
        func value(_ key: String) -> TOMLDocument.Value? { document.root.entries.first { $0.key == key }?.value }
        func integer(_ key: String, _ range: ClosedRange<Int>, _ what: String) -> Int? {
            guard let found = value(key) else { return nil }
            guard case .integer(let number) = found.kind, range.contains(number) else {
                problem((found.line, found.column), "`\(key)` is \(what), a whole number from \(range.lowerBound) to \(range.upperBound); got \(found.text)")
                return nil
            }
            return number
        }
        let sensorKey = integer("sensor_key", 0...Int(EvdevCode.keyMaximum), "a key code").map(UInt16.init)
        var lineIn = false
        if let given = value("line_in") {
            if let flag = given.boolean { lineIn = flag } else { problem((given.line, given.column), "`line_in` is true or false; got \(given.text)") }
        }
        var lineInDevice: String?
        if let given = value("line_in_device") {
            if let name = given.string, !name.isEmpty { lineInDevice = name } else {
                problem((given.line, given.column), "`line_in_device` is the capture device's name, in quotes")
            }
        }
        var sensor = Sensor.lineIn(device: lineInDevice)
        if let given = value("sensor") {
            if lineIn {
                problem((given.line, given.column), "`sensor` and `line_in = true` name two light sensors; keep one")
            } else if let path = given.string, !path.isEmpty {
                sensor = .button(device: path, key: sensorKey)
            } else {
                problem((given.line, given.column), "`sensor` is the light sensor's event device, a path in quotes")
            }
        } else if !lineIn {
            problem((1, 1), "no `sensor`: a timing file names the light sensor's event device (`sensor = \"/dev/input/event7\"`), "
                    + "or `line_in = true` for a photodiode on a sound card's line-in")
        }
        if lineIn, let stray = value("sensor_key") {
            problem((stray.line, stray.column), "`sensor_key` is a key of a button-input `sensor`; a line-in sensor has none")
        }
        if !lineIn, let stray = value("line_in_device") {
            problem((stray.line, stray.column), "`line_in_device` names the capture device of a line-in sensor; add `line_in = true`")
        }
        let x = integer("patch_x", 0...100_000, "pixels from the screen's left") ?? 0
        let y = integer("patch_y", 0...100_000, "pixels from the screen's top") ?? 0
        let size = integer("patch_size", 1...10_000, "the patch's side in pixels") ?? defaultPatchSize
        let repeats = integer("repeats", repeatsRange, "flashes of each length") ?? defaultRepeats
        var findsPatch = false
        if let given = value("find_patch") {
            if let flag = given.boolean { findsPatch = flag } else { problem((given.line, given.column), "`find_patch` is true or false; got \(given.text)") }
            if findsPatch, lineIn {
                problem((given.line, given.column), "`find_patch` reads the sensor while the screen flashes, which a line-in sensor, read once the run is over, "
                        + "cannot do; place the patch with `patch_x` and `patch_y`")
            }
        }
        var response: Response?
        let responseKey = integer("response_key", 0...Int(EvdevCode.keyMaximum), "a key code").map(UInt16.init)
        let delay = integer("response_delay_ms", 0...250, "the response device's delay after light in ms (shorter than the dark gap between flashes)")
        if let given = value("response") {
            if let path = given.string, !path.isEmpty {
                if let delay {
                    response = Response(device: path, key: responseKey, delayMilliseconds: Double(delay))
                } else if value("response_delay_ms") == nil {
                    problem((given.line, given.column), "`response` needs `response_delay_ms`: the device's delay after light, in ms")
                }
            } else {
                problem((given.line, given.column), "`response` is the response device's event device, a path in quotes")
            }
        } else if let stray = value("response_key") ?? value("response_delay_ms") {
            problem((stray.line, stray.column), "`response_key` and `response_delay_ms` describe a `response` device; name it")
        }
        guard problems.isEmpty else { return .failure(ScenarioErrors(diagnostics: problems)) }
        return .success(TimingFile(sensor: sensor, patch: TimingPatch(x: x, y: y, size: size), findsPatch: findsPatch,
                                   repeats: repeats, response: response))
    }
}
