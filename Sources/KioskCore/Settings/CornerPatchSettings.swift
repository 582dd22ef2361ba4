/// The corner patch that checks every logged onset against a light sensor (docs/timing.md,
/// "Every onset checked: the corner patch"), as a plan's `[study]` or a settings file's
/// `[Timing]` sets it: each part optional, the plan's over the machine's.
public struct CornerPatchSettings: Hashable, Sendable {
    /// `timing_patch`: the corner the sensor is on.
    public var corner: OnsetPatchCorner?
    /// `timing_patch_size`: the patch's side in pixels.
    public var size: Int?
    /// `timing_sensor`: the sensor's `/dev/input/event*` node.
    public var sensor: String?
    /// `timing_sensor_key`: the sensor's key on a board with several; nil takes the first it reports.
    public var sensorKey: UInt16?

    public init(corner: OnsetPatchCorner? = nil, size: Int? = nil, sensor: String? = nil, sensorKey: UInt16? = nil) {
        self.corner = corner
        self.size = size
        self.sensor = sensor
        self.sensorKey = sensorKey
    }

    /// The largest side a patch may have: a corner of the smallest screen a plan runs on.
    public static let largestSize = 400
    public static let keys = ["timing_patch", "timing_patch_size", "timing_sensor", "timing_sensor_key"]

    /// These settings, with what they leave unset taken from `other`.
    public func filled(from other: CornerPatchSettings) -> CornerPatchSettings {
        CornerPatchSettings(corner: corner ?? other.corner, size: size ?? other.size, sensor: sensor ?? other.sensor,
                            sensorKey: sensorKey ?? other.sensorKey)
    }

    /// The patch's side, or the default.
    public var sideOrDefault: Int { size ?? OnsetPatchCorner.defaultSize }

    static let cornerNames = OnsetPatchCorner.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")

    /// Reads one of ``keys`` from its text (a TOML value's or a settings line's, quotes taken
    /// off); returns why it cannot, or nil. `isString`: whether the value was written as a
    /// string (TOML), or nil where values have no type (a settings file's lines).
    public mutating func read(key: String, text: String, isString: Bool?) -> String? {
        switch key {
        case "timing_patch":
            guard let parsed = OnsetPatchCorner(rawValue: text), isString != false else { return "`timing_patch` is one of \(Self.cornerNames), found \(text)" }
            corner = parsed
        case "timing_patch_size":
            guard isString != true, let pixels = Int(text), (1...Self.largestSize).contains(pixels) else {
                return "`timing_patch_size` is the patch's side in pixels, a whole number from 1 to \(Self.largestSize), found \(text)"
            }
            size = pixels
        case "timing_sensor":
            guard isString != false, text.hasPrefix("/") else {
                return "`timing_sensor` is the light sensor's event device, a path such as \"/dev/input/event7\" (`labkiosk devices` lists them), found \(text)"
            }
            sensor = text
        case "timing_sensor_key":
            guard isString != true, let code = UInt16(text), code <= 0x2ff else {
                return "`timing_sensor_key` is the sensor's key code on its board, a whole number from 0 to 767, found \(text)"
            }
            sensorKey = code
        default:
            return "unknown key `\(key)`; the corner patch's are \(Self.keys.joined(separator: ", "))"
        }
        return nil
    }
}
