import FoundationEssentials
import Glibc
import KioskCore
import KioskData

/// The session's hardware joystick read straight from evdev: finds the first joystick in
/// `/dev/input`, reads its events every frame without blocking, keeps their kernel
/// timestamps, and follows joysticks being plugged in and out.
///
/// Per frame the cost is one non-blocking `read(2)` per waiting batch of events (none
/// when nothing waits), plus a `stat(2)` of the input folder every half second to notice
/// hot-plugging. Only one joystick is used at a time (OpenMATB uses the first one); when
/// it goes away the next one found takes over, or the on-screen stick if there is none.
public final class EvdevJoystickSource {
    /// Where to look and what to use.
    public struct Options: Sendable {
        /// The folder holding `event*` nodes.
        public var directory: String
        /// sysfs's input class folder, used to tell whether a node the user may not open is a joystick.
        public var sysfsDirectory: String
        /// Use only this node (its path), not the first joystick found.
        public var device: String?
        /// Take the device exclusively (EVIOCGRAB), so no other program sees its events.
        public var grab: Bool
        public var calibration: JoystickCalibration
        /// The udev rule to name when permissions deny access.
        public var udevRule: String
        /// How often the folder is checked for devices coming and going.
        public var scanIntervalNanoseconds: Int64

        public init(directory: String = "/dev/input", sysfsDirectory: String = "/sys/class/input", device: String? = nil, grab: Bool = false,
                    calibration: JoystickCalibration = JoystickCalibration(), udevRule: String = "Assets/udev/70-labkiosk-joysticks.rules",
                    scanIntervalNanoseconds: Int64 = 500_000_000) {
            self.directory = directory
            self.sysfsDirectory = sysfsDirectory
            self.device = device
            self.grab = grab
            self.calibration = calibration
            self.udevRule = udevRule
            self.scanIntervalNanoseconds = scanIntervalNanoseconds
        }
    }

    /// The open joystick and everything needed to decode it.
    private struct Active {
        var file: EvdevDeviceFile
        var joystick: EvdevJoystick
        var clock: EvdevClockMapping
        var decoder = EvdevStreamDecoder()
        var malformedReports = 0
    }

    /// What is known about a node, tied to its inode so a re-created node is looked at again.
    private struct Node {
        enum State { case joystick, ignored, denied, finished }
        var identity: FileIdentity
        var state: State
        var firstSeen: MonotonicTime
        var lastTried: MonotonicTime
    }

    public let options: Options
    private let opener: EvdevDeviceFile.Opener
    private let now: () -> MonotonicTime
    private var active: Active?
    private var nodes: [String: Node] = [:]
    private var directoryIdentity: FileIdentity?
    private var lastScan: MonotonicTime?
    private var messages: [String] = []
    private var reportedPreferredProblem = false
    private let buffer: UnsafeMutableRawBufferPointer

    /// Reads of 64 events at most, and at most this many reads per frame: a flood (or a
    /// long recorded file) is spread over frames instead of holding one up.
    static let eventsPerRead = 64
    static let readsPerPoll = 16
    /// A node whose permissions are denied is retried this often, for this long: udev may
    /// still be applying its rules when the node appears.
    static let deniedRetryNanoseconds: Int64 = 2_000_000_000
    static let deniedRetryWindowNanoseconds: Int64 = 10_000_000_000

    public init(options: Options, opener: @escaping EvdevDeviceFile.Opener = EvdevDeviceFile.systemOpen,
                now: @escaping () -> MonotonicTime = MonotonicClock.now) {
        self.options = options
        self.opener = opener
        self.now = now
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.eventsPerRead * EvdevEvent.byteCount, alignment: 8)
    }

    deinit {
        buffer.deallocate()
    }

    /// The joystick in use, if any.
    public var activeDevice: EvdevDeviceFile? { active?.file }

    /// The state of the joystick in use: raw values, axes, held buttons.
    public var activeJoystick: EvdevJoystick? { active?.joystick }

    /// Things to tell the operator on the terminal (permission problems, a missing device);
    /// each is also in the session log as a notice.
    public func takeMessages() -> [String] {
        defer { messages.removeAll() }
        return messages
    }

    /// Appends the joystick's events since the last poll, and any hot-plug notices.
    public func poll(into events: inout [InputEvent]) {
        let time = now()
        if lastScan.map({ time.since($0) >= options.scanIntervalNanoseconds }) ?? true {
            lastScan = time
            scan(at: time, into: &events)
        }
        readActive(into: &events)
    }

    // MARK: Reading

    private func readActive(into events: inout [InputEvent]) {
        guard var current = active else { return }
        defer { if active != nil { active = current } }
        for _ in 0..<Self.readsPerPoll {
            switch current.file.read(into: buffer) {
            case .wouldBlock:
                return
            case .endOfStream:
                finish(&current, reason: current.file.isKernelDevice ? "the device stopped sending events" : "the event stream ended", into: &events)
                return
            case .vanished(let reason):
                finish(&current, reason: reason, into: &events)
                return
            case .bytes(let count):
                let readTime = now()
                let offset = Self.realtimeMinusMonotonicNanoseconds(monotonic: readTime)
                let output = current.decoder.decode(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                for event in output.events {
                    let (time, problem) = current.clock.time(of: event, readTime: readTime, realtimeMinusMonotonicNanoseconds: offset)
                    if let problem { events.append(notice(.problem, current, problem, at: readTime)) }
                    events += current.joystick.consume(event, at: time)
                }
                if current.joystick.needsResync, let state = current.file.currentState() {
                    events += current.joystick.resync(absolute: state.absolute, keys: state.keys, at: readTime)
                }
                if output.isGarbage {
                    finish(&current, reason: "this is not an input event stream (\(EvdevStreamDecoder.malformedRunLimit) malformed records in a row)", into: &events)
                    return
                }
                if output.malformed > 0 && current.malformedReports < 5 {
                    current.malformedReports += 1
                    let more = current.malformedReports == 5 ? "; further ones are skipped silently" : ""
                    events.append(notice(.problem, current, "skipped \(output.malformed) malformed event record\(output.malformed == 1 ? "" : "s")\(more)", at: readTime))
                }
            }
        }
    }

    /// Ends the active device: springs the stick back, releases buttons, logs why.
    private func finish(_ current: inout Active, reason: String, into events: inout [InputEvent]) {
        let leftover = current.decoder.finish()
        let detail = leftover > 0 ? "\(reason); its last event was cut short (\(leftover) of \(EvdevEvent.byteCount) bytes)" : reason
        events += current.joystick.disconnect(at: now(), reason: detail)
        if var node = nodes[current.file.path] {
            node.state = .finished
            nodes[current.file.path] = node
        }
        active = nil
        lastScan = nil  // look for another joystick at the next poll
    }

    private func notice(_ kind: JoystickDeviceNotice.Kind, _ current: Active, _ detail: String, at time: MonotonicTime) -> InputEvent {
        InputEvent(time: time, .joystickDevice(JoystickDeviceNotice(kind, device: current.joystick.label, detail: detail)))
    }

    // MARK: Finding devices

    private func scan(at time: MonotonicTime, into events: inout [InputEvent]) {
        let identity = FileIdentity(path: options.directory)
        let retryDue = nodes.values.contains { $0.state == .denied && time.since($0.lastTried) >= Self.deniedRetryNanoseconds
            && time.since($0.firstSeen) <= Self.deniedRetryWindowNanoseconds }
        guard identity != directoryIdentity || retryDue || (active == nil && nodes.values.contains { $0.state == .joystick }) else { return }
        directoryIdentity = identity
        let present = Self.eventNodes(in: options.directory)
        nodes = nodes.filter { present.contains($0.key) }
        for path in present {
            guard let fileIdentity = FileIdentity(path: path) else { continue }
            if var node = nodes[path], node.identity.isSameNode(as: fileIdentity) {
                let retry = node.state == .denied && time.since(node.lastTried) >= Self.deniedRetryNanoseconds
                    && time.since(node.firstSeen) <= Self.deniedRetryWindowNanoseconds
                let wanted = node.state == .joystick && active == nil
                guard retry || wanted else { continue }
                node.lastTried = time
                nodes[path] = node
            } else {
                nodes[path] = Node(identity: fileIdentity, state: .ignored, firstSeen: time, lastTried: time)
            }
            examine(path, at: time, into: &events)
        }
        if let device = options.device, active == nil, !present.contains(device), !reportedPreferredProblem {
            reportedPreferredProblem = true
            report("joystick device \(device) is not there; waiting for it (the on-screen stick works meanwhile)", device: device, at: time, into: &events)
        }
    }

    /// Opens a node to see what it is; the first usable joystick becomes the active one.
    private func examine(_ path: String, at time: MonotonicTime, into events: inout [InputEvent]) {
        let eligible = options.device.map { $0 == path } ?? true
        let wasDenied = nodes[path]?.state == .denied
        do {
            let file = try EvdevDeviceFile.open(path, grab: options.grab && eligible && active == nil, opener: opener)
            guard file.info.isJoystick else {
                nodes[path]?.state = .ignored
                if options.device == path && !reportedPreferredProblem {
                    reportedPreferredProblem = true
                    report("\(file.info.name) (\(path)) is not a joystick: \(file.info.capabilitySummary)", device: path, at: time, into: &events)
                }
                return
            }
            nodes[path]?.state = .joystick
            guard eligible, active == nil else { return }
            activate(file, at: time, into: &events)
        } catch .permissionDenied {
            nodes[path]?.state = .denied
            guard !wasDenied, eligible || isJoystickBySysfs(path) else { return }
            let name = Self.sysfsName(path, sysfs: options.sysfsDirectory).map { "\($0) (\(path))" } ?? path
            report("cannot open joystick \(name): permission denied. Install labkiosk's udev rule so the user at the screen may read joysticks: "
                   + "sudo install -m 644 \(options.udevRule) /etc/udev/rules.d/ && sudo udevadm control --reload && "
                   + "sudo udevadm trigger --subsystem-match=input (or add the user to the `input` group); the on-screen stick works meanwhile",
                   device: name, at: time, into: &events)
        } catch .busy {
            nodes[path]?.state = .denied
            guard !wasDenied else { return }
            report("joystick \(path) is grabbed by another program; close it, or run without --grab", device: path, at: time, into: &events)
        } catch {
            nodes[path]?.state = .ignored
            if options.device == path && !reportedPreferredProblem {
                reportedPreferredProblem = true
                report("\(error)", device: path, at: time, into: &events)
            }
        }
    }

    private func activate(_ file: EvdevDeviceFile, at time: MonotonicTime, into events: inout [InputEvent]) {
        let entry = options.calibration.entry(backend: "evdev", device: file.info.name)
        var joystick = EvdevJoystick(info: file.info, path: file.path, calibration: entry)
        events += joystick.connect(at: time)
        var fresh = Active(file: file, joystick: joystick, clock: EvdevClockMapping(clock: file.info.clock))
        if let state = file.currentState(), !state.keys.isEmpty {
            events += fresh.joystick.resync(absolute: state.absolute, keys: state.keys, at: time)
        }
        active = fresh
    }

    private func report(_ message: String, device: String, at time: MonotonicTime, into events: inout [InputEvent]) {
        messages.append(message)
        events.append(InputEvent(time: time, .joystickDevice(JoystickDeviceNotice(.problem, device: device, detail: message))))
    }

    // MARK: Files

    /// The `event<N>` nodes in `directory`, by number.
    static func eventNodes(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name -> (Int, String)? in
            guard name.hasPrefix("event"), let number = Int(name.dropFirst(5)), number >= 0 else { return nil }
            return (number, directory + "/" + name)
        }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// Whether sysfs says the node (which we may not open) is a joystick.
    private func isJoystickBySysfs(_ path: String) -> Bool {
        Self.sysfsCapabilities(path, sysfs: options.sysfsDirectory)?.isJoystick ?? false
    }

    /// The axes and keys sysfs lists for a node we may not open (axis ranges unknown).
    static func sysfsCapabilities(_ path: String, sysfs: String) -> EvdevDeviceInfo? {
        let base = sysfsDeviceFolder(path, sysfs: sysfs) + "/capabilities/"
        guard let abs = try? String(contentsOfFile: base + "abs", encoding: .utf8),
              let key = try? String(contentsOfFile: base + "key", encoding: .utf8) else { return nil }
        let axes = EvdevDeviceInfo.codes(inSysfsBitmap: abs).map { EvdevDeviceInfo.Axis(code: $0, minimum: 0, maximum: 1) }
        return EvdevDeviceInfo(name: "", axes: axes, keys: EvdevDeviceInfo.codes(inSysfsBitmap: key))
    }

    static func sysfsName(_ path: String, sysfs: String) -> String? {
        let file = sysfsDeviceFolder(path, sysfs: sysfs) + "/name"
        return (try? String(contentsOfFile: file, encoding: .utf8))?.trimmingSpacesTabsAndLineBreaks()
    }

    /// The sysfs folder describing the device behind an event node: `<sysfs>/event3/device`
    /// for `/dev/input/event3`.
    private static func sysfsDeviceFolder(_ path: String, sysfs: String) -> String {
        let nodeName = path.split(separator: "/").last.map(String.init) ?? path
        return sysfs + "/" + nodeName + "/device"
    }

    /// CLOCK_REALTIME − CLOCK_MONOTONIC, read next to `monotonic`.
    static func realtimeMinusMonotonicNanoseconds(monotonic: MonotonicTime) -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec) - monotonic.nanoseconds
    }
}
