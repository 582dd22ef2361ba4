import FoundationEssentials
import Glibc
import KioskCore
import KioskData

/// An input device a simulated participant works, for `labkiosk simulate --real-input`
/// (docs/simulate.md): a FIFO standing in for an evdev node (`event0`), with its description
/// beside it (as `labkiosk devices --describe` writes one), in a folder of its own under
/// `$TMPDIR`, which labkiosk's evdev readers read as they read a kiosk's devices. A thread of
/// its own (``DueOrderWriter``) writes each kernel report at the moment it is due, stamped on CLOCK_MONOTONIC at
/// that instant as the kernel stamps one: the time the input was made. Those times are kept,
/// so that what a block logged can be compared with them.
final class SimulatedEvdevDevice: Sendable {
    /// The input folder holding the device.
    let folder: String
    private let node: String
    private let name: String
    private let fd: Int32
    private let writer = DueOrderWriter(label: "labkiosk.simulated-device")
    /// The inputs made since they were last taken, and the first failure to write one.
    let made = MadeInputs()

    /// Whether the folder was made for this device, which removes it.
    private let ownsFolder: Bool

    /// Makes the device described by `info` as `node` in `folder` (another simulated device's,
    /// read with it), or in a new folder under the system's temporary folder.
    init(_ info: EvdevDeviceInfo, node nodeName: String = "event0", in sharedFolder: String? = nil) throws {
        name = info.name
        if let sharedFolder {
            folder = sharedFolder
        } else {
            let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
            var template = Array((temporary + "/labkiosk-simulated-input-XXXXXX").utf8CString)
            guard let madeFolder = mkdtemp(&template) else { throw ShellError("the \(info.name)'s folder in \(temporary): \(FileDescriptorIO.describe(errno: errno))") }
            folder = String(cString: madeFolder)
        }
        ownsFolder = sharedFolder == nil
        node = folder + "/" + nodeName
        do {
            try JSONEncoder().encode(info).write(to: URL(fileURLWithPath: node + ".json"))
        } catch {
            throw ShellError("the \(info.name)'s description: \(error)")
        }
        guard mkfifo(node, 0o600) == 0 else { throw ShellError("the \(info.name) \(node): \(FileDescriptorIO.describe(errno: errno))") }
        // Read-write: the open never blocks, and the reader finds a writer (not the end) at once.
        fd = open(node, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw ShellError("the \(info.name) \(node): \(FileDescriptorIO.describe(errno: errno))") }
    }

    /// Removes the device (and its folder, if it made it), once every report has been written.
    func close() {
        writer.close()
        Glibc.close(fd)
        unlink(node + ".json")
        unlink(node)
        if ownsFolder { rmdir(folder) }
    }

    /// Writes one kernel report of `items` (its SYN_REPORT added) when `input` is due, and keeps
    /// the instant it was written as the instant `input` was made.
    func write(_ items: [(type: UInt16, code: UInt16, value: Int32)], for input: InputEvent) {
        let report = items + [(EvdevCode.synchronization, EvdevCode.synReport, Int32(0))]
        writer.at(input.time) { [self] in
            let instant = MonotonicClock.now()
            let bytes = report.flatMap { EvdevEvent(nanoseconds: instant.nanoseconds, type: $0.type, code: $0.code, value: $0.value).bytes }
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            let problem = count < 0 ? FileDescriptorIO.describe(errno: errno) : "a short write"
            if count == bytes.count {
                made.add(input.payload, madeAt: instant)
            } else {
                made.fail("the \(name) \(node): \(problem)")
            }
        }
    }
}
