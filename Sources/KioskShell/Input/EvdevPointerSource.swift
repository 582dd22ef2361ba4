import Glibc
import KioskCore
import KioskData

/// Pens and touchscreens read straight from evdev, for the drawing pad: every kernel report
/// with its kernel timestamp, tool, contact, pressure and tilt (SDL 2 gives none of these on
/// X11 or Wayland, and stamps its events in milliseconds when it pumps them).
///
/// Every pen and touchscreen in the input folder is read, each without blocking, every
/// frame; the folder is looked at again every half second for devices coming and going. A
/// device covers the display the window is on, as a kiosk's touchscreen or a screen tablet
/// does. All devices' reports go, in time order, through ``PalmRejection``. While a
/// touchscreen is read here SDL's own touch events are dropped, and its mouse events while a
/// pen is in range or a screen is touched (``suppressesSDLPointer``), so that one contact is
/// one stroke.
public final class EvdevPointerSource {
    private struct Active {
        var file: EvdevDeviceFile
        var pointer: EvdevPointer
        var clock: EvdevClockMapping
        var decoder = EvdevStreamDecoder()
    }

    private let directory: String
    private let udevRule: String
    private let now: () -> MonotonicTime
    private var active: [String: Active] = [:]
    /// Nodes looked at and found to be something else, or not readable, by inode.
    private var passed: [String: FileIdentity] = [:]
    private var directoryIdentity: FileIdentity?
    private var lastScan: MonotonicTime?
    private var messages: [String] = []
    private let buffer: UnsafeMutableRawBufferPointer
    private var palms = PalmRejection()
    /// This poll's reports from every device, put in time order before palm rejection.
    private var reports: [EvdevPointer.Report] = []

    static let scanIntervalNanoseconds: Int64 = 500_000_000
    static let eventsPerRead = 256
    static let readsPerPoll = 16

    public init(directory: String = "/dev/input", udevRule: String, now: @escaping () -> MonotonicTime = MonotonicClock.now) {
        self.directory = directory
        self.udevRule = udevRule
        self.now = now
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.eventsPerRead * EvdevEvent.byteCount, alignment: 8)
    }

    deinit {
        buffer.deallocate()
    }

    /// Whether SDL's touches and mouse should be left out now: a device here reports the same contact.
    public var suppressesSDLPointer: (touch: Bool, mouse: Bool) {
        (active.values.contains { $0.pointer.kind == .touchscreen }, palms.isSurfaceInUse || active.values.contains { $0.pointer.isEngaged })
    }

    /// The devices open now.
    public var devices: [String] { active.values.map(\.pointer.label).sorted() }

    /// Things to tell the operator on the terminal.
    public func takeMessages() -> [String] {
        defer { messages.removeAll() }
        return messages
    }

    /// Appends what the devices reported since the last poll.
    /// - Parameter place: a point on the device (0…1, y down) on the block's canvas.
    public func poll(into events: inout [InputEvent], place: (Double, Double) -> Point) {
        let time = now()
        if lastScan.map({ time.since($0) >= Self.scanIntervalNanoseconds }) ?? true {
            lastScan = time
            scan(at: time, into: &events, place: place)
        }
        for path in active.keys.sorted() { read(path, into: &events, place: place) }
        flushReports(into: &events, place: place)
    }

    /// This poll's reports, in time order, through palm rejection, onto the canvas.
    private func flushReports(into events: inout [InputEvent], place: (Double, Double) -> Point) {
        guard !reports.isEmpty else { return }
        let ordered = reports.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        reports.removeAll(keepingCapacity: true)
        for report in ordered {
            for kept in palms.filter(report) {
                let point = place(kept.x, kept.y)
                let payload: InputEvent.Payload
                switch kept.phase {
                case .down: payload = .pointerDown(point, kept.pointer)
                case .move: payload = .pointerMove(point, kept.pointer)
                case .up: payload = .pointerUp(point, kept.pointer)
                }
                events.append(InputEvent(time: kept.time, payload, pointerSample: kept.sample))
            }
        }
    }

    private func read(_ path: String, into events: inout [InputEvent], place: (Double, Double) -> Point) {
        guard var current = active[path] else { return }
        defer { if active[path] != nil { active[path] = current } }
        for _ in 0..<Self.readsPerPoll {
            switch current.file.read(into: buffer) {
            case .wouldBlock:
                return
            case .endOfStream:
                close(&current, reason: current.file.isKernelDevice ? "the device stopped sending events" : "the event stream ended", into: &events, place: place)
                return
            case .vanished(let reason):
                close(&current, reason: reason, into: &events, place: place)
                return
            case .bytes(let count):
                let readTime = now()
                let offset = EvdevJoystickSource.realtimeMinusMonotonicNanoseconds(monotonic: readTime)
                let output = current.decoder.decode(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                for event in output.events {
                    let (time, problem) = current.clock.time(of: event, readTime: readTime, realtimeMinusMonotonicNanoseconds: offset)
                    if let problem { events.append(notice(.problem, current, problem, at: readTime)) }
                    let (reports, dropped) = current.pointer.consume(event, at: time)
                    self.reports += reports
                    if dropped {
                        events.append(notice(.eventsDropped, current, "the kernel dropped events (SYN_DROPPED, \(current.pointer.droppedReports) so far); contacts were ended and resume at their next report", at: time))
                        if let state = current.file.currentState() { current.pointer.resync(absolute: state.absolute, keys: state.keys) }
                    }
                }
                if output.isGarbage {
                    close(&current, reason: "this is not an input event stream", into: &events, place: place)
                    return
                }
            }
        }
    }


    private func close(_ current: inout Active, reason: String, into events: inout [InputEvent], place: (Double, Double) -> Point) {
        let time = now()
        reports += current.pointer.liftAll(at: time)
        events.append(notice(.closed, current, reason, at: time))
        active[current.file.path] = nil
        passed[current.file.path] = FileIdentity(path: current.file.path)
    }

    private func notice(_ kind: PointerDeviceNotice.Kind, _ current: Active, _ detail: String, at time: MonotonicTime) -> InputEvent {
        InputEvent(time: time, .pointerDevice(PointerDeviceNotice(kind, device: current.pointer.label, detail: detail)))
    }

    // MARK: Finding devices

    private func scan(at time: MonotonicTime, into events: inout [InputEvent], place: (Double, Double) -> Point) {
        let identity = FileIdentity(path: directory)
        guard identity != directoryIdentity else { return }
        directoryIdentity = identity
        let present = EvdevJoystickSource.eventNodes(in: directory)
        for path in active.keys where !present.contains(path) {
            if var gone = active[path] { close(&gone, reason: "the device was unplugged", into: &events, place: place) }
        }
        passed = passed.filter { present.contains($0.key) }
        for path in present where active[path] == nil {
            guard let fileIdentity = FileIdentity(path: path) else { continue }
            if let seen = passed[path], seen.isSameNode(as: fileIdentity) { continue }
            passed[path] = fileIdentity
            do {
                let file = try EvdevDeviceFile.open(path, grab: false)
                let number = Int64(path.split(separator: "/").last.map { $0.drop { !$0.isNumber } }.flatMap { Int64($0) } ?? 0)
                guard var pointer = EvdevPointer(info: file.info, path: path, idBase: number * 1_000_000) else { continue }
                if let state = file.currentState() { pointer.resync(absolute: state.absolute, keys: state.keys) }
                passed[path] = nil
                let entry = Active(file: file, pointer: pointer, clock: EvdevClockMapping(clock: file.info.clock))
                active[path] = entry
                let size = pointer.sizeMillimetres.map { String(cFormat: ", %.0fx%.0f mm", $0.width, $0.height) } ?? ""
                events.append(notice(.opened, entry, "\(pointer.kind.rawValue)\(size); \(file.info.capabilitySummary)", at: time))
            } catch .permissionDenied {
                let message = "cannot read \(path): permission denied; if it is a pen or touchscreen, install labkiosk's udev rule "
                    + "(sudo install -m 644 \(udevRule) /etc/udev/rules.d/ && sudo udevadm control --reload && sudo udevadm trigger "
                    + "--subsystem-match=input) or add the user to the `input` group; SDL's touch and mouse work meanwhile"
                // Keyboards and mice the user may not read are none of our business.
                if EvdevJoystickSource.sysfsCapabilities(path, sysfs: "/sys/class/input").flatMap(EvdevPointer.kind(of:)) != nil {
                    messages.append(message)
                    events.append(InputEvent(time: time, .pointerDevice(PointerDeviceNotice(.problem, device: path, detail: message))))
                }
            } catch {
                continue
            }
        }
    }
}
