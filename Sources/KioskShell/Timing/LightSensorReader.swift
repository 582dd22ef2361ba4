import KioskCore
import KioskData

/// A light sensor wired as a key or button on an evdev device (``EvdevLightSensor``), read
/// without blocking once a frame; its edges carry the kernel's own times.
public final class LightSensorReader {
    public let name: String
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
    public init(path: String, keyCode: UInt16?, namedBy: String = "--sensor") throws {
        do {
            device = try EvdevDeviceFile.open(path, grab: false)
        } catch {
            throw ShellError("no light sensor: \(error); name the sensor's event device with \(namedBy) (`labkiosk devices` lists them); nothing was measured")
        }
        guard !device.info.keys.isEmpty else {
            throw ShellError("no light sensor: \(path) (\(device.info.name)) has no keys or buttons, so it cannot be a photodiode on a button input; nothing was measured")
        }
        if let keyCode, !device.info.keys.contains(keyCode) {
            throw ShellError("no light sensor: \(path) (\(device.info.name)) has no key \(keyCode); it has \(device.info.keys.map(String.init).joined(separator: ", ")); nothing was measured")
        }
        sensor = EvdevLightSensor(keyCode: keyCode)
        name = "\(path) (\(device.info.name))"
    }

    /// Reads what the device sent since the last call.
    public func poll() {
        guard failure == nil else { return }
        while true {
            let outcome = buffer.withUnsafeMutableBytes { device.read(into: $0) }
            switch outcome {
            case .bytes(let count):
                let decoded = buffer.withUnsafeBytes { decoder.decode(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                if decoded.isGarbage { failure = "the light sensor \(name) sends what is not an input event stream" }
                edges += sensor.edges(in: decoded.events)
            case .wouldBlock:
                return
            case .endOfStream:
                failure = "the light sensor \(name) went away during the run"
                return
            case .vanished(let why):
                failure = "the light sensor \(name) went away during the run (\(why))"
                return
            }
        }
    }
}
