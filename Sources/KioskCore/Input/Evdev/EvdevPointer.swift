/// A pen tablet or touchscreen read from evdev: every report the kernel sends becomes a
/// pointer sample with the kernel's timestamp, its tool (pen, eraser, finger), contact or
/// hover, pressure and tilt (docs/input.md: Pens and touchscreens).
///
/// Pens: BTN_TOOL_PEN / BTN_TOOL_RUBBER say the tool is in range, BTN_TOUCH that it touches.
/// Touchscreens: multitouch protocol B (slots and tracking ids), or a single BTN_TOUCH
/// contact. Positions are normalised over the axis range (0…1, y down); pressure over its
/// range; tilt in degrees from the axis resolution (units per radian) where the device gives
/// one, else with the range taken as ±64°, as libinput reads such devices. A device's +y tilt
/// leans towards the bottom of the screen; a ``PointerSample``'s leans up the canvas.
public struct EvdevPointer: Sendable {
    public enum Kind: String, Sendable { case pen, touchscreen }

    /// What became of a pointer in one kernel report.
    public enum Phase: Sendable { case down, move, up }

    public struct Report: Hashable, Sendable {
        public var time: MonotonicTime
        public var pointer: InputEvent.Pointer
        public var phase: Phase
        /// 0…1 across the device, left to right and top to bottom.
        public var x: Double
        public var y: Double
        public var sample: PointerSample
        /// A pen still in range, or a finger still down, after this report.
        public var inRange: Bool
    }

    public let info: EvdevDeviceInfo
    public let kind: Kind
    /// How the device is named in notices: its name and node.
    public let label: String
    /// Kernel reports lost to SYN_DROPPED since the device was opened.
    public private(set) var droppedReports = 0

    private struct Contact: Hashable, Sendable {
        var trackingID: Int32 = -1
        var x: Int32 = 0, y: Int32 = 0, pressure: Int32 = 0
        var changed = false
        /// Reported down and not yet up.
        var isDown = false
        var pointer: InputEvent.Pointer = .finger(0)
    }

    private let xAxis: EvdevDeviceInfo.Axis, yAxis: EvdevDeviceInfo.Axis
    private let pressureAxis: EvdevDeviceInfo.Axis?, tiltXAxis: EvdevDeviceInfo.Axis?, tiltYAxis: EvdevDeviceInfo.Axis?
    private let isMultitouch: Bool
    private let idBase: Int64
    // Pen or single-touch state.
    private var x: Int32, y: Int32, pressure: Int32 = 0, tiltX: Int32 = 0, tiltY: Int32 = 0
    private var penInRange = false, eraserInRange = false, touching = false
    private var changed = false
    /// What was last reported: the tool, and whether it touched.
    private var reportedTool: InputEvent.Pointer?
    private var reportedTouching = false
    // Multitouch state.
    private var slots: [Contact]
    private var slot = 0
    private var dropping = false

    /// What kind of pointer a device is, or nil when it is neither a pen nor a touchscreen.
    public static func kind(of info: EvdevDeviceInfo) -> Kind? {
        let hasPosition = info.axis(EvdevCode.absX) != nil && info.axis(EvdevCode.absY) != nil
        let hasMultitouch = info.axis(EvdevCode.absMTPositionX) != nil && info.axis(EvdevCode.absMTPositionY) != nil
        if hasPosition && info.keys.contains(EvdevCode.btnToolPen) { return .pen }
        if (hasPosition || hasMultitouch) && info.keys.contains(EvdevCode.btnTouch) && !info.keys.contains(EvdevCode.btnToolFinger) {
            return .touchscreen  // a touchpad reports BTN_TOOL_FINGER; it moves a cursor instead
        }
        return nil
    }

    /// - Parameter idBase: added to every pointer id, so that two devices' pens and fingers
    ///   are told apart (the source gives each device its node number × 1,000,000).
    public init?(info: EvdevDeviceInfo, path: String, idBase: Int64 = 0) {
        guard let kind = Self.kind(of: info) else { return nil }
        self.info = info
        self.idBase = idBase
        self.kind = kind
        label = "\(info.name) (\(path))"
        isMultitouch = kind == .touchscreen && info.axis(EvdevCode.absMTSlot) != nil
        let mtX = info.axis(EvdevCode.absMTPositionX), mtY = info.axis(EvdevCode.absMTPositionY)
        guard let xAxis = isMultitouch ? mtX ?? info.axis(EvdevCode.absX) : info.axis(EvdevCode.absX) ?? mtX,
              let yAxis = isMultitouch ? mtY ?? info.axis(EvdevCode.absY) : info.axis(EvdevCode.absY) ?? mtY else { return nil }
        self.xAxis = xAxis
        self.yAxis = yAxis
        pressureAxis = info.axis(isMultitouch ? EvdevCode.absMTPressure : EvdevCode.absPressure)
        tiltXAxis = info.axis(EvdevCode.absTiltX)
        tiltYAxis = info.axis(EvdevCode.absTiltY)
        x = xAxis.value
        y = yAxis.value
        let slotCount = isMultitouch ? Int(max(0, (info.axis(EvdevCode.absMTSlot)?.maximum ?? 0))) + 1 : 0
        slots = Array(repeating: Contact(), count: min(slotCount, 64))
    }

    /// Whether a pen is in range or a contact touches: the window system may report the same
    /// contact as mouse input meanwhile.
    public var isEngaged: Bool {
        penInRange || eraserInRange || touching || slots.contains { $0.isDown }
    }

    /// The active area's size in millimetres, when the device gives its resolution.
    public var sizeMillimetres: (width: Double, height: Double)? {
        guard xAxis.resolution > 0, yAxis.resolution > 0 else { return nil }
        // In Double: a range as wide as Int32 (a description may claim one) overflows Int32.
        return ((Double(xAxis.maximum) - Double(xAxis.minimum)) / Double(xAxis.resolution),
                (Double(yAxis.maximum) - Double(yAxis.minimum)) / Double(yAxis.resolution))
    }

    /// Takes one kernel event; a SYN_REPORT turns what changed since the last into reports.
    /// - Returns: the reports, and whether the kernel said it dropped events (SYN_DROPPED).
    public mutating func consume(_ event: EvdevEvent, at time: MonotonicTime) -> (reports: [Report], dropped: Bool) {
        switch event.type {
        case EvdevCode.synchronization where event.code == EvdevCode.synDropped:
            // Everything up to the next SYN_REPORT is incomplete; contacts end here.
            droppedReports += 1
            dropping = true
            return (liftAll(at: time), true)
        case EvdevCode.synchronization where event.code == EvdevCode.synReport:
            if dropping {
                dropping = false
                return ([], false)
            }
            return (report(at: time), false)
        case _ where dropping:
            return ([], false)
        case EvdevCode.key:
            let down = event.value != 0
            switch event.code {
            case EvdevCode.btnToolPen: penInRange = down
            case EvdevCode.btnToolRubber: eraserInRange = down
            case EvdevCode.btnTouch: touching = down
            default: return ([], false)
            }
            changed = true
        case EvdevCode.absolute:
            absolute(event.code, event.value)
        default:
            break
        }
        return ([], false)
    }

    /// Seeds the state from the device's current values after opening or a drop.
    public mutating func resync(absolute values: [UInt16: Int32], keys: Set<UInt16>) {
        for (code, value) in values where code != EvdevCode.absMTSlot { absolute(code, value) }
        penInRange = keys.contains(EvdevCode.btnToolPen)
        eraserInRange = keys.contains(EvdevCode.btnToolRubber)
        touching = keys.contains(EvdevCode.btnTouch)
        changed = false
        // Touches already down are reported once they move again, as new contacts.
        reportedTouching = false
        reportedTool = nil
    }

    /// Ends every contact, as when the device goes away.
    public mutating func liftAll(at time: MonotonicTime) -> [Report] {
        var reports: [Report] = []
        penInRange = false
        eraserInRange = false
        touching = false
        // A contact ends, or a hovering tool leaves.
        if let tool = reportedTool { reports.append(make(time, tool, .up, x, y, touching: false)) }
        reportedTool = nil
        reportedTouching = false
        for index in slots.indices where slots[index].isDown {
            let c = slots[index]
            reports.append(make(time, c.pointer, .up, c.x, c.y, touching: false, pressure: c.pressure))
            slots[index] = Contact()
        }
        return reports
    }

    private mutating func absolute(_ code: UInt16, _ value: Int32) {
        if isMultitouch {
            switch code {
            case EvdevCode.absMTSlot: slot = Int(value)
            case EvdevCode.absMTTrackingID: if slots.indices.contains(slot) { slots[slot].trackingID = value; slots[slot].changed = true }
            case EvdevCode.absMTPositionX: if slots.indices.contains(slot) { slots[slot].x = value; slots[slot].changed = true }
            case EvdevCode.absMTPositionY: if slots.indices.contains(slot) { slots[slot].y = value; slots[slot].changed = true }
            case EvdevCode.absMTPressure: if slots.indices.contains(slot) { slots[slot].pressure = value; slots[slot].changed = true }
            default: break
            }
            return
        }
        switch code {
        case EvdevCode.absX: x = value
        case EvdevCode.absY: y = value
        case EvdevCode.absPressure: pressure = value
        case EvdevCode.absTiltX: tiltX = value
        case EvdevCode.absTiltY: tiltY = value
        default: return
        }
        changed = true
    }

    private mutating func report(at time: MonotonicTime) -> [Report] {
        isMultitouch ? reportSlots(at: time) : reportTool(at: time)
    }

    /// A pen (or a single-touch screen): hover, contact and tool changes.
    private mutating func reportTool(at time: MonotonicTime) -> [Report] {
        guard changed else { return [] }
        changed = false
        let tool: InputEvent.Pointer? = kind == .touchscreen ? (touching ? .finger(idBase) : nil)
            : eraserInRange ? .eraser(idBase) : penInRange ? .pen(idBase) : nil
        var reports: [Report] = []
        if let reported = reportedTool, reported != tool || (reportedTouching && !touching) {
            // An up either ends a contact or, for a tool that only hovered, says it left.
            if reportedTouching || reported != tool { reports.append(make(time, reported, .up, x, y, touching: false)) }
            reportedTouching = false
        }
        reportedTool = tool
        guard let tool else { return reports }
        if touching && !reportedTouching {
            reports.append(make(time, tool, .down, x, y, touching: true))
            reportedTouching = true
        } else if reports.isEmpty || touching {
            reports.append(make(time, tool, .move, x, y, touching: touching))
        }
        return reports
    }

    /// Multitouch protocol B: each changed slot.
    private mutating func reportSlots(at time: MonotonicTime) -> [Report] {
        var reports: [Report] = []
        for index in slots.indices where slots[index].changed {
            slots[index].changed = false
            var c = slots[index]
            if c.trackingID >= 0 && !c.isDown {
                c.isDown = true
                c.pointer = .finger(idBase + Int64(c.trackingID))
                reports.append(make(time, c.pointer, .down, c.x, c.y, touching: true, pressure: c.pressure))
            } else if c.trackingID >= 0 {
                reports.append(make(time, c.pointer, .move, c.x, c.y, touching: true, pressure: c.pressure))
            } else if c.isDown {
                c.isDown = false
                reports.append(make(time, c.pointer, .up, c.x, c.y, touching: false, pressure: c.pressure))
            }
            slots[index] = c
        }
        return reports
    }

    private func make(_ time: MonotonicTime, _ pointer: InputEvent.Pointer, _ phase: Phase, _ x: Int32, _ y: Int32,
                      touching: Bool, pressure: Int32? = nil) -> Report {
        let rawPressure = pressure ?? self.pressure
        let normalisedPressure = pressureAxis.map { Self.fraction(rawPressure, $0) }
        var tilt: PointerSample.Tilt?
        if let tx = tiltXAxis, let ty = tiltYAxis {
            tilt = PointerSample.Tilt(xDegrees: Self.degrees(tiltX, tx), yDegrees: -Self.degrees(tiltY, ty))
        }
        let inRange: Bool
        switch pointer {
        case .pen: inRange = penInRange && !eraserInRange
        case .eraser: inRange = eraserInRange
        default: inRange = touching
        }
        return Report(time: time, pointer: pointer, phase: phase, x: Self.fraction(x, xAxis), y: Self.fraction(y, yAxis),
                      sample: PointerSample(inContact: touching, pressure: normalisedPressure, tilt: tilt), inRange: inRange)
    }

    static func fraction(_ value: Int32, _ axis: EvdevDeviceInfo.Axis) -> Double {
        let span = Double(axis.maximum) - Double(axis.minimum)
        return span > 0 ? (Double(value) - Double(axis.minimum)) / span : 0
    }

    static func degrees(_ value: Int32, _ axis: EvdevDeviceInfo.Axis) -> Double {
        if axis.resolution > 0 { return Double(value) / Double(axis.resolution) * 180 / Double.pi }
        let centre = (Double(axis.minimum) + Double(axis.maximum)) / 2, half = (Double(axis.maximum) - Double(axis.minimum)) / 2
        return half > 0 ? (Double(value) - centre) / half * 64 : 0
    }
}
