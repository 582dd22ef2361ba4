import Foundation
import Glibc
import KioskCore
import Testing

@testable import KioskShell

/// A temporary input folder holding FIFOs and recorded files that stand in for
/// `/dev/input/event*` nodes, each with its JSON description beside it.
final class EvdevFixture {
    let directory: String
    private var writers: [Int32] = []

    /// A stick with a 10-bit X/Y, a hat and two buttons.
    static let stick = EvdevDeviceInfo(
        name: "Fixture Stick", vendor: 0x046d, product: 0xc215, axes: [
            .init(code: EvdevCode.absX, minimum: 0, maximum: 1023, fuzz: 3, flat: 0, value: 512),
            .init(code: EvdevCode.absY, minimum: 0, maximum: 1023, fuzz: 3, flat: 0, value: 512),
            .init(code: EvdevCode.absHat0X, minimum: -1, maximum: 1),
            .init(code: EvdevCode.absHat0Y, minimum: -1, maximum: 1),
        ], keys: [0x120, 0x121], clock: .monotonic)

    init() throws {
        var template = Array("/tmp/labkiosk-evdev-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap { mkdtemp($0) } }
        try #require(made != nil)
        directory = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        for fd in writers { close(fd) }
        try? FileManager.default.removeItem(atPath: directory)
    }

    func path(_ name: String) -> String { directory + "/" + name }

    /// Writes `<name>.json` describing the node.
    func describe(_ name: String, as info: EvdevDeviceInfo = EvdevFixture.stick) throws {
        let data = try JSONEncoder().encode(info)
        try data.write(to: URL(fileURLWithPath: path(name) + ".json"))
    }

    /// A recorded stream as a regular file.
    func record(_ name: String, _ bytes: [UInt8], info: EvdevDeviceInfo = EvdevFixture.stick) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path(name)))
        try describe(name, as: info)
    }

    /// A FIFO with a writer already attached (so a reader sees "no data yet", not "ended");
    /// returns the writer's descriptor.
    @discardableResult
    func fifo(_ name: String, info: EvdevDeviceInfo = EvdevFixture.stick) throws -> Int32 {
        try describe(name, as: info)
        try #require(mkfifo(path(name), 0o600) == 0)
        // O_RDWR never blocks on a FIFO and counts as a writer until closed.
        let fd = open(path(name), O_RDWR | O_NONBLOCK | O_CLOEXEC)
        try #require(fd >= 0)
        writers.append(fd)
        return fd
    }

    func write(_ fd: Int32, _ bytes: [UInt8]) {
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        #expect(written == bytes.count)
    }

    /// Closes a FIFO's writer: its reader sees the stream end.
    func hangUp(_ fd: Int32) {
        close(fd)
        writers.removeAll { $0 == fd }
    }

    func remove(_ name: String) {
        unlink(path(name))
        unlink(path(name) + ".json")
    }

    func source(device: String? = nil, grab: Bool = false, calibration: JoystickCalibration = JoystickCalibration(),
                opener: @escaping EvdevDeviceFile.Opener = EvdevDeviceFile.systemOpen) -> EvdevJoystickSource {
        EvdevJoystickSource(
            options: .init(directory: directory, sysfsDirectory: directory + "/no-sysfs", device: device, grab: grab, calibration: calibration,
                           udevRule: "/opt/labkiosk/Assets/udev/70-labkiosk-joysticks.rules", scanIntervalNanoseconds: 0),
            opener: opener)
    }

    /// Events of one kernel frame at `nanoseconds` on the monotonic clock, closed by SYN_REPORT.
    static func frame(at nanoseconds: Int64, _ items: [(UInt16, UInt16, Int32)]) -> [UInt8] {
        (items + [(EvdevCode.synchronization, EvdevCode.synReport, 0)]).flatMap { type, code, value in
            EvdevEvent(nanoseconds: nanoseconds, type: type, code: code, value: value).bytes
        }
    }
}

extension [InputEvent] {
    /// The notices among the events.
    var notices: [JoystickDeviceNotice] {
        compactMap { if case .joystickDevice(let notice) = $0.payload { notice } else { nil } }
    }

    /// Everything but notices.
    var inputs: [InputEvent] {
        filter { if case .joystickDevice = $0.payload { false } else { true } }
    }
}
