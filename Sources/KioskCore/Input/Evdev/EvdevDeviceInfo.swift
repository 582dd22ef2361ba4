/// What an evdev device is: its name, ids, absolute axes with their ranges, and keys.
///
/// The shell fills it from the device's ioctls (EVIOCGNAME, EVIOCGID, EVIOCGBIT, EVIOCGABS);
/// for a FIFO or a recorded file it is read from the JSON file `labkiosk devices --describe`
/// writes beside it.
public struct EvdevDeviceInfo: Hashable, Sendable, Codable {
    /// One absolute axis as EVIOCGABS reports it (`struct input_absinfo`).
    public struct Axis: Hashable, Sendable, Codable {
        public var code: UInt16
        public var minimum: Int32
        public var maximum: Int32
        /// The kernel's noise filter width: changes smaller than this are smoothed or dropped.
        public var fuzz: Int32
        /// Values within `flat` of the centre are the rest position (the driver's dead zone).
        public var flat: Int32
        public var resolution: Int32
        /// The value when the info was read.
        public var value: Int32

        public init(code: UInt16, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0, value: Int32 = 0) {
            self.code = code
            self.minimum = minimum
            self.maximum = maximum
            self.fuzz = fuzz
            self.flat = flat
            self.resolution = resolution
            self.value = value
        }
    }

    /// The clock that stamps the device's events.
    public enum TimestampClock: String, Hashable, Sendable, Codable {
        /// CLOCK_MONOTONIC, labkiosk's clock: after EVIOCSCLOCKID succeeded.
        case monotonic
        /// CLOCK_REALTIME, the kernel's default: converted with the offset measured at each read.
        case realtime
    }

    public var name: String
    public var bus: UInt16
    public var vendor: UInt16
    public var product: UInt16
    /// Absolute axes, by ascending code.
    public var axes: [Axis]
    /// EV_KEY codes the device reports, ascending.
    public var keys: [UInt16]
    public var clock: TimestampClock

    public init(name: String, bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, axes: [Axis], keys: [UInt16], clock: TimestampClock = .realtime) {
        self.name = name
        self.bus = bus
        self.vendor = vendor
        self.product = product
        self.axes = axes.sorted { $0.code < $1.code }
        self.keys = keys.sorted()
        self.clock = clock
    }

    /// The axis with `code`, if the device has it.
    public func axis(_ code: UInt16) -> Axis? { axes.first { $0.code == code } }

    /// Whether the device is a joystick or gamepad: absolute X and Y, joystick buttons, and
    /// nothing that makes it a touchscreen, touchpad or tablet (the rule udev's
    /// `input_id` builtin applies).
    public var isJoystick: Bool {
        guard axis(EvdevCode.absX) != nil, axis(EvdevCode.absY) != nil else { return false }
        guard axis(EvdevCode.absMTSlot) == nil,
              !keys.contains(where: { [EvdevCode.btnTouch, EvdevCode.btnToolPen, EvdevCode.btnToolFinger].contains($0) })
        else { return false }
        return keys.contains(where: EvdevCode.isJoystickButton)
    }

    /// The OpenMATB name of a key code: `JOY_BTN_n`, n counting the device's keys from 1 in
    /// code order, as pyglet (and so OpenMATB) numbers them.
    public func buttonName(_ code: UInt16) -> String? {
        keys.firstIndex(of: code).map { "\(KeyNames.joystickButtonPrefix)\($0 + 1)" }
    }

    /// Whether the device has the first hat (a D-pad or POV switch).
    public var hasHat: Bool { axis(EvdevCode.absHat0X) != nil || axis(EvdevCode.absHat0Y) != nil }

    /// A one-line summary, e.g. `6 axes (X 0...1023, Y 0...1023, …), hat, 12 buttons`.
    public var capabilitySummary: String {
        let sticks = axes.filter { $0.code != EvdevCode.absHat0X && $0.code != EvdevCode.absHat0Y }
        let described = sticks.map { "\(Self.axisName($0.code)) \($0.minimum)...\($0.maximum)" }
        var parts = ["\(sticks.count) ax\(sticks.count == 1 ? "is" : "es")" + (described.isEmpty ? "" : " (\(described.joined(separator: ", ")))")]
        if hasHat { parts.append("hat") }
        parts.append("\(keys.count) button\(keys.count == 1 ? "" : "s")")
        return parts.joined(separator: ", ")
    }

    /// The kernel's name for an absolute axis code, e.g. `X`, `RZ`, `HAT0X`.
    public static func axisName(_ code: UInt16) -> String {
        let names: [UInt16: String] = [
            0x00: "X", 0x01: "Y", 0x02: "Z", 0x03: "RX", 0x04: "RY", 0x05: "RZ", 0x06: "THROTTLE", 0x07: "RUDDER",
            0x08: "WHEEL", 0x09: "GAS", 0x0a: "BRAKE", 0x10: "HAT0X", 0x11: "HAT0Y", 0x12: "HAT1X", 0x13: "HAT1Y",
        ]
        return names[code] ?? "ABS_\(code)"
    }
}

extension EvdevDeviceInfo.Axis {
    private enum CodingKeys: String, CodingKey { case code, minimum, maximum, fuzz, flat, resolution, value }

    /// Reads an axis; only `code`, `minimum` and `maximum` are required.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(code: try c.decode(UInt16.self, forKey: .code), minimum: try c.decode(Int32.self, forKey: .minimum),
                  maximum: try c.decode(Int32.self, forKey: .maximum), fuzz: try c.decodeIfPresent(Int32.self, forKey: .fuzz) ?? 0,
                  flat: try c.decodeIfPresent(Int32.self, forKey: .flat) ?? 0, resolution: try c.decodeIfPresent(Int32.self, forKey: .resolution) ?? 0,
                  value: try c.decodeIfPresent(Int32.self, forKey: .value) ?? 0)
    }
}

extension EvdevDeviceInfo {
    private enum CodingKeys: String, CodingKey { case name, bus, vendor, product, axes, keys, clock }

    /// Reads a description; `name`, `axes` and `keys` are required, the clock defaults to
    /// the kernel's default (realtime).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try c.decode(String.self, forKey: .name), bus: try c.decodeIfPresent(UInt16.self, forKey: .bus) ?? 0,
                  vendor: try c.decodeIfPresent(UInt16.self, forKey: .vendor) ?? 0, product: try c.decodeIfPresent(UInt16.self, forKey: .product) ?? 0,
                  axes: try c.decode([Axis].self, forKey: .axes), keys: try c.decode([UInt16].self, forKey: .keys),
                  clock: try c.decodeIfPresent(TimestampClock.self, forKey: .clock) ?? .realtime)
    }

    /// The codes set in a sysfs capability bitmap (`/sys/class/input/eventN/device/capabilities/key`):
    /// hexadecimal words, most significant first, each 64 bits wide.
    public static func codes(inSysfsBitmap text: String) -> [UInt16] {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).reversed()
        var codes: [UInt16] = []
        for (index, word) in words.enumerated() {
            guard let bits = UInt64(word, radix: 16) else { return [] }
            for bit in 0..<64 where bits & (1 << UInt64(bit)) != 0 {
                codes.append(UInt16(truncatingIfNeeded: index * 64 + bit))
            }
        }
        return codes
    }
}
