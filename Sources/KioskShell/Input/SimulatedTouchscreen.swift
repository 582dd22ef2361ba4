import Dispatch
import FoundationEssentials
import Glibc
import KioskCore
import KioskData
import Synchronization

/// The touchscreen a simulated participant taps, for `labkiosk simulate --real-input`
/// (docs/simulate.md): a FIFO standing in for /dev/input/event0, with its description beside
/// it, in a folder of its own, which the window's evdev reader (``EvdevPointerSource``) reads
/// as it reads a kiosk's touchscreen. A thread of its own writes each contact at the moment
/// it is due, stamped on CLOCK_MONOTONIC as the kernel stamps a report: the time it was
/// made. Those times are kept, so that what the block logged can be compared with them.
public final class SimulatedTouchscreen: Sendable {
    /// The input folder holding the device.
    public let folder: String
    private let node: String
    private let fd: Int32
    private let writer = DispatchQueue(label: "labkiosk.simulated-touchscreen", qos: .userInteractive)
    /// The instants contacts began since they were last taken, and the first failure to write one.
    private let written = Mutex<(touches: [MonotonicTime], failure: String?)>(([], nil))

    /// The device's extent on each axis: 0.1 pixel of a 1920×1080 display.
    static let width: Int32 = 19200, height: Int32 = 10800

    /// Makes the device in a new folder under the system's temporary folder.
    public init() throws {
        let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((temporary + "/labkiosk-simulated-input-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw ShellError("the simulated touchscreen's folder in \(temporary): \(FileDescriptorIO.describe(errno: errno))") }
        folder = String(cString: made)
        node = folder + "/event0"
        let info = EvdevDeviceInfo(name: "labkiosk simulated touchscreen",
                                   axes: [EvdevDeviceInfo.Axis(code: EvdevCode.absX, minimum: 0, maximum: Self.width, resolution: 100),
                                          EvdevDeviceInfo.Axis(code: EvdevCode.absY, minimum: 0, maximum: Self.height, resolution: 100)],
                                   keys: [EvdevCode.btnTouch], clock: .monotonic)
        do {
            try JSONEncoder().encode(info).write(to: URL(fileURLWithPath: node + ".json"))
        } catch {
            throw ShellError("the simulated touchscreen's description: \(error)")
        }
        guard mkfifo(node, 0o600) == 0 else { throw ShellError("the simulated touchscreen \(node): \(FileDescriptorIO.describe(errno: errno))") }
        // Read-write: the open never blocks, and the reader finds a writer (not the end) at once.
        fd = open(node, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw ShellError("the simulated touchscreen \(node): \(FileDescriptorIO.describe(errno: errno))") }
    }

    /// Removes the device and its folder, once every contact has been written.
    public func close() {
        writer.sync {}
        Glibc.close(fd)
        unlink(node + ".json")
        unlink(node)
        rmdir(folder)
    }

    /// Writes `input`, a finger's contact, when its time comes; `place` is where a point of the
    /// canvas lies on the device (0…1 across it, y down). Anything but a finger's contact is not
    /// a touchscreen's, and is refused.
    public func make(_ input: InputEvent, place: (Point) -> (x: Double, y: Double)) {
        let down: Bool, point: Point
        switch input.payload {
        case .pointerDown(let at, .finger): (down, point) = (true, at)
        case .pointerUp(let at, .finger): (down, point) = (false, at)
        default: preconditionFailure("a touchscreen makes only a finger's contacts")
        }
        let placed = place(point)
        let x = Int32((placed.x * Double(Self.width)).rounded()), y = Int32((placed.y * Double(Self.height)).rounded())
        let due = input.time
        let items: [(type: UInt16, code: UInt16, value: Int32)] = down
            ? [(EvdevCode.absolute, EvdevCode.absX, x), (EvdevCode.absolute, EvdevCode.absY, y), (EvdevCode.key, EvdevCode.btnTouch, Int32(1))]
            : [(EvdevCode.key, EvdevCode.btnTouch, Int32(0))]
        writer.async { [self] in write(items + [(EvdevCode.synchronization, EvdevCode.synReport, Int32(0))], due: due, down: down) }
    }

    /// Waits until `due`, then writes one kernel report of `items`, stamped with the instant it is written.
    private func write(_ items: [(type: UInt16, code: UInt16, value: Int32)], due: MonotonicTime, down: Bool) {
        Self.sleep(until: due)
        // The instant the contact is made, as the kernel stamps it.
        let made = MonotonicClock.now()
        let bytes = items.flatMap { EvdevEvent(nanoseconds: made.nanoseconds, type: $0.type, code: $0.code, value: $0.value).bytes }
        let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        let problem = count < 0 ? FileDescriptorIO.describe(errno: errno) : "a short write"
        written.withLock { state in
            if count != bytes.count {
                state.failure = state.failure ?? "the simulated touchscreen \(node): \(problem)"
            } else if down {
                state.touches.append(made)
            }
        }
    }

    /// The instants the contacts written since the last call began, and the first failure to write one, if any.
    public func takeTouches() -> (touches: [MonotonicTime], failure: String?) {
        written.withLock { state in
            let taken = state
            state.touches.removeAll()
            return taken
        }
    }

    private static func sleep(until due: MonotonicTime) {
        var request = timespec(tv_sec: Int(due.nanoseconds / 1_000_000_000), tv_nsec: Int(due.nanoseconds % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &request, nil) == EINTR {}
    }
}
