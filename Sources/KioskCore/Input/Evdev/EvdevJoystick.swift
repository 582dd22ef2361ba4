/// One evdev joystick's state: kernel events in, `InputEvent`s out.
///
/// Axis and button changes take effect at the `SYN_REPORT` that closes their kernel frame,
/// stamped with that report's time (the caller maps kernel timestamps to the monotonic
/// clock). X and Y are normalised with the device's range or a calibration; the first hat
/// becomes the four `JOY_HAT_*` buttons (evdev's hat Y −1 is up, OpenMATB's `JOY_HAT_UP`);
/// keys become `JOY_BTN_n` numbered as pyglet numbers them. A `SYN_DROPPED` discards the
/// frame in progress and asks the reader to re-read the device's state.
public struct EvdevJoystick: Sendable {
    public let info: EvdevDeviceInfo
    /// How logs and messages name the device: `Name (path)`.
    public let label: String
    public let xAxis: AxisCalibration
    public let yAxis: AxisCalibration
    /// Whether the axes come from a calibration file rather than the device's own range.
    public let isCalibrated: Bool
    /// Set after the kernel dropped events; the reader should call ``resync(absolute:keys:at:)``.
    public private(set) var needsResync = false
    /// The axis values last reported.
    public private(set) var axes = Point(0, 0)

    /// Raw absolute-axis values as of the last `SYN_REPORT`, by code.
    public private(set) var absolute: [UInt16: Int32] = [:]
    private var pendingAbsolute: [UInt16: Int32] = [:]
    private var pendingKeys: [(code: UInt16, value: Int32)] = []
    /// Buttons and hat directions held now, in the order they went down.
    public private(set) var pressed: [String] = []
    private var droppingFrame = false
    private var reportedOutOfRange: Set<UInt16> = []

    public init(info: EvdevDeviceInfo, path: String, calibration: JoystickCalibration.Entry? = nil) {
        self.info = info
        label = "\(info.name) (\(path))"
        let fallback = AxisCalibration(minimum: -1, center: 0, maximum: 1)
        let ownX = info.axis(EvdevCode.absX).map(AxisCalibration.init) ?? fallback
        let ownY = info.axis(EvdevCode.absY).map(AxisCalibration.init) ?? fallback
        xAxis = calibration?.x ?? ownX
        yAxis = calibration?.y ?? ownY
        isCalibrated = calibration?.x != nil || calibration?.y != nil
        for axis in info.axes { absolute[axis.code] = axis.value }
    }

    // MARK: Connection

    /// The `connected` notice, a `problem` notice per unusable axis, and the stick's position.
    public mutating func connect(at time: MonotonicTime) -> [InputEvent] {
        let source = isCalibrated ? "calibrated" : "device range"
        var events = [InputEvent(time: time, .joystickDevice(JoystickDeviceNotice(.connected, device: label, detail: "\(info.capabilitySummary); \(source)")))]
        for (name, axis) in [("X", xAxis), ("Y", yAxis)] {
            if let problem = axis.problem {
                events.append(InputEvent(time: time, .joystickDevice(JoystickDeviceNotice(.problem, device: label, detail: "axis \(name) is unusable: \(problem); it reads 0"))))
            }
        }
        let state = synchronize(at: time)
        // Always say where the stick is, so a session that had the on-screen stick deflected starts from the device's position.
        if !state.contains(where: { if case .joystickAxes = $0.payload { true } else { false } }) {
            events.append(InputEvent(time: time, .joystickAxes(x: axes.x, y: axes.y)))
        }
        return events + state
    }

    /// Springs the stick back and releases held buttons, then the `disconnected` notice.
    public mutating func disconnect(at time: MonotonicTime, reason: String) -> [InputEvent] {
        var events: [InputEvent] = []
        if axes != Point(0, 0) {
            axes = Point(0, 0)
            events.append(InputEvent(time: time, .joystickAxes(x: 0, y: 0)))
        }
        for name in pressed { events.append(InputEvent(time: time, .joystickButton(name, pressed: false))) }
        pressed = []
        pendingAbsolute = [:]
        pendingKeys = []
        events.append(InputEvent(time: time, .joystickDevice(JoystickDeviceNotice(.disconnected, device: label, detail: reason))))
        return events
    }

    // MARK: Events

    /// Takes one kernel event stamped `time` on the monotonic clock.
    public mutating func consume(_ event: EvdevEvent, at time: MonotonicTime) -> [InputEvent] {
        switch event.type {
        case EvdevCode.synchronization where event.code == EvdevCode.synDropped:
            droppingFrame = true
            pendingAbsolute = [:]
            pendingKeys = []
            return []
        case EvdevCode.synchronization where event.code == EvdevCode.synReport:
            if droppingFrame {
                droppingFrame = false
                needsResync = true
                return [InputEvent(time: time, .joystickDevice(JoystickDeviceNotice(
                    .problem, device: label, detail: "the kernel dropped events (the reader fell behind); state re-read from the device")))]
            }
            return synchronize(at: time)
        case EvdevCode.absolute where !droppingFrame:
            pendingAbsolute[event.code] = event.value
        case EvdevCode.key where !droppingFrame && event.value != 2:  // 2 = autorepeat
            pendingKeys.append((event.code, event.value))
        default:
            break
        }
        return []
    }

    /// Replaces the state with what the device reports now (after `SYN_DROPPED`), emitting
    /// the differences.
    public mutating func resync(absolute current: [UInt16: Int32], keys held: Set<UInt16>, at time: MonotonicTime) -> [InputEvent] {
        needsResync = false
        pendingAbsolute = current
        pendingKeys = info.keys.compactMap { code in
            guard let name = info.buttonName(code) else { return nil }
            let wasDown = pressed.contains(name), isDown = held.contains(code)
            return wasDown == isDown ? nil : (code, isDown ? 1 : 0)
        }
        return synchronize(at: time)
    }

    /// Applies the frame in progress and reports what changed: axes, then keys, then hat.
    private mutating func synchronize(at time: MonotonicTime) -> [InputEvent] {
        var events: [InputEvent] = []
        for (code, value) in pendingAbsolute.sorted(by: { $0.key < $1.key }) {
            absolute[code] = value
            if let axis = info.axis(code), value < axis.minimum || value > axis.maximum, code <= EvdevCode.absY,
               !reportedOutOfRange.contains(code) {
                reportedOutOfRange.insert(code)
                events.append(InputEvent(time: time, .joystickDevice(JoystickDeviceNotice(
                    .problem, device: label,
                    detail: "axis \(EvdevDeviceInfo.axisName(code)) reported \(value), outside its range \(axis.minimum)...\(axis.maximum); read as the nearest end"))))
            }
        }
        pendingAbsolute = [:]
        let new = Point(xAxis.normalize(Double(absolute[EvdevCode.absX] ?? 0)), yAxis.normalize(Double(absolute[EvdevCode.absY] ?? 0)))
        if new != axes {
            axes = new
            events.append(InputEvent(time: time, .joystickAxes(x: new.x, y: new.y)))
        }
        for (code, value) in pendingKeys {
            guard let name = info.buttonName(code) else { continue }
            setButton(name, down: value != 0, at: time, into: &events)
        }
        pendingKeys = []
        let hatX = (absolute[EvdevCode.absHat0X] ?? 0).signum(), hatY = (absolute[EvdevCode.absHat0Y] ?? 0).signum()
        setButton("JOY_HAT_LEFT", down: hatX < 0, at: time, into: &events)
        setButton("JOY_HAT_RIGHT", down: hatX > 0, at: time, into: &events)
        setButton("JOY_HAT_UP", down: hatY < 0, at: time, into: &events)
        setButton("JOY_HAT_DOWN", down: hatY > 0, at: time, into: &events)
        return events
    }

    private mutating func setButton(_ name: String, down: Bool, at time: MonotonicTime, into events: inout [InputEvent]) {
        let isDown = pressed.contains(name)
        guard down != isDown else { return }
        if down { pressed.append(name) } else { pressed.removeAll { $0 == name } }
        events.append(InputEvent(time: time, .joystickButton(name, pressed: down)))
    }
}
