import KioskCore
import KioskData

/// A light sensor wired as a key or button on an evdev device (``EvdevLightSensor``), read
/// without blocking once a frame; its edges carry the kernel's own times. A response device
/// (a button box answering each flash) is read the same way: its "light" is its button held.
public final class LightSensorReader {
    /// What the device is, as messages name it.
    public enum Role: Sendable {
        case lightSensor
        case responseDevice

        var noun: String { self == .lightSensor ? "light sensor" : "response device" }
        var shortNoun: String { self == .lightSensor ? "sensor" : "button box" }
        var wiredAs: String { self == .lightSensor ? "a photodiode on a button input" : "a button box" }
    }

    public let name: String
    public let role: Role
    private let device: EvdevDeviceFile
    private var decoder = EvdevStreamDecoder()
    private var sensor: EvdevLightSensor
    public private(set) var edges: [LightEdge] = []
    /// Why the sensor stopped being read, when it did.
    public private(set) var failure: String?
    private var buffer = [UInt8](repeating: 0, count: EvdevEvent.byteCount * 64)

    /// Opens `path`; `keyCode` picks the sensor's key on a board with several; `namedBy` is
    /// where the sensor is named (`--sensor`, a plan's `timing_sensor`), for the message.
    /// - Throws: a message that says there is no sensor, or why it cannot be read.
    public init(path: String, keyCode: UInt16?, namedBy: String = "--sensor", role: Role = .lightSensor) throws {
        let noun = role.noun
        do {
            device = try EvdevDeviceFile.open(path, grab: false)
        } catch {
            throw ShellError("no \(noun): \(error); name the \(role.shortNoun)'s event device with \(namedBy) (`labkiosk devices` lists them); nothing was measured")
        }
        guard !device.info.keys.isEmpty else {
            throw ShellError("no \(noun): \(path) (\(device.info.name)) has no keys or buttons, so it cannot be \(role.wiredAs); nothing was measured")
        }
        if let keyCode, !device.info.keys.contains(keyCode) {
            throw ShellError("no \(noun): \(path) (\(device.info.name)) has no key \(keyCode); it has \(device.info.keys.map(String.init).joined(separator: ", ")); nothing was measured")
        }
        sensor = EvdevLightSensor(keyCode: keyCode)
        name = "\(path) (\(device.info.name))"
        self.role = role
    }

    /// Reads what the device sent since the last call.
    public func poll() {
        guard failure == nil else { return }
        while true {
            let outcome = buffer.withUnsafeMutableBytes { device.read(into: $0) }
            switch outcome {
            case .bytes(let count):
                let decoded = buffer.withUnsafeBytes { decoder.decode(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                if decoded.isGarbage { failure = "the \(role.noun) \(name) sends what is not an input event stream" }
                edges += sensor.edges(in: decoded.events)
            case .wouldBlock:
                return
            case .endOfStream:
                failure = "the \(role.noun) \(name) went away during the run"
                return
            case .vanished(let why):
                failure = "the \(role.noun) \(name) went away during the run (\(why))"
                return
            }
        }
    }
}
