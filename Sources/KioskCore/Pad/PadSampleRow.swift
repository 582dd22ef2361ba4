/// A row of a trial's samples file (`_samples.tsv`): every pointer sample the device
/// delivered, and what else touched the ink or the stimuli without a line in InteractLog's
/// files: on-screen controls, undo, erasing, events the kernel dropped (docs/drawing-pad.md:
/// Samples file, which documents every column).
public struct PadSampleRow: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A pointer sample: position, pressure, tilt, tool, contact.
        case sample
        /// An on-screen control was used; `detail` names it.
        case control
        /// Strokes were taken off the pad by the undo control; `detail` lists them.
        case undo
        /// Strokes were taken off the pad by the eraser; `detail` lists them.
        case erase
        /// The kernel dropped pointer events (SYN_DROPPED); `detail` says how many reports.
        case dropped
        /// A pointer device appeared or went; `detail` names it.
        case device
        /// A main-file line stamped with its frame's presentation (``InteractLogEvent/isShownAtFrame``)
        /// whose frame the display's figures cannot pin to one refresh: ``uncertainOnset(of:earliestPossible:)``.
        case uncertain
    }

    /// How a sample's tool met the surface: `leave` is a pen going out of range.
    public enum Contact: String, Hashable, Sendable {
        case down, move, up, hover, leave
    }

    public var kind: Kind
    /// The device's own time for the event (kernel time for evdev), CLOCK_MONOTONIC ns.
    public var eventTime: MonotonicTime
    /// The frame that took the event in.
    public var frameTime: MonotonicTime
    /// Pad pixels, origin top-left, y down, unrounded.
    public var x: Double?
    public var y: Double?
    public var pressure: Double?
    public var tiltX: Double?
    public var tiltY: Double?
    public var tool: PointerTool?
    public var contact: Contact?
    /// The stroke the sample belongs to, numbered as `_strokes.txt` numbers them.
    public var stroke: Int?
    /// The image on screen (base name), if any.
    public var onScreen: String?
    public var phase: String?
    public var detail: String

    public init(kind: Kind, eventTime: MonotonicTime, frameTime: MonotonicTime, x: Double? = nil, y: Double? = nil,
                pressure: Double? = nil, tiltX: Double? = nil, tiltY: Double? = nil, tool: PointerTool? = nil,
                contact: Contact? = nil, stroke: Int? = nil, onScreen: String? = nil, phase: String? = nil, detail: String = "") {
        self.kind = kind
        self.eventTime = eventTime
        self.frameTime = frameTime
        self.x = x
        self.y = y
        self.pressure = pressure
        self.tiltX = tiltX
        self.tiltY = tiltY
        self.tool = tool
        self.contact = contact
        self.stroke = stroke
        self.onScreen = onScreen
        self.phase = phase
        self.detail = detail
    }

    public static let columns = ["kind", "t_event_ns", "t_frame_ns", "x", "y", "pressure", "tilt_x", "tilt_y",
                                 "tool", "contact", "stroke", "on_screen", "phase", "detail"]

    /// The row as the file holds it: tab-separated, empty where there is no value.
    public var line: String {
        [kind.rawValue, String(eventTime.nanoseconds), String(frameTime.nanoseconds),
         TabSeparated.decimal(x, places: 2), TabSeparated.decimal(y, places: 2), TabSeparated.decimal(pressure, places: 4),
         TabSeparated.decimal(tiltX, places: 2), TabSeparated.decimal(tiltY, places: 2),
         tool?.rawValue ?? "", contact?.rawValue ?? "", stroke.map(String.init) ?? "",
         TabSeparated.cell(onScreen ?? ""), TabSeparated.cell(phase ?? ""), TabSeparated.cell(detail)].joined(separator: "\t")
    }

    /// The times a row may carry, in nanoseconds of the monotonic clock: never before it
    /// started, and under 126 years, so that any two subtract without overflowing.
    public static let times: ClosedRange<Int64> = 0...4_000_000_000_000_000_000

    /// The row that marks `event`'s time as uncertain: InteractLog's line cannot say so without
    /// ceasing to be InteractLog's. `detail` is the line's event, `t_frame_ns` its time (the
    /// later refresh, which the line carries), `t_event_ns` the earliest refresh that may
    /// have shown it (``PresentationRecord/earliestPossibleTime``).
    public static func uncertainOnset(of event: InteractLogEvent, earliestPossible: MonotonicTime) -> PadSampleRow {
        PadSampleRow(kind: .uncertain, eventTime: earliestPossible, frameTime: event.time, detail: event.text)
    }

    /// Reads a row back (the journal holds rows as lines); nil if it is not one.
    public init?(line: Substring) {
        let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard f.count == Self.columns.count, let kind = Kind(rawValue: f[0]),
              let event = Int64(f[1]), let frame = Int64(f[2]), Self.times.contains(event), Self.times.contains(frame) else { return nil }
        self.init(kind: kind, eventTime: MonotonicTime(nanoseconds: event), frameTime: MonotonicTime(nanoseconds: frame),
                  x: Double(f[3]), y: Double(f[4]), pressure: Double(f[5]), tiltX: Double(f[6]), tiltY: Double(f[7]),
                  tool: PointerTool(rawValue: f[8]), contact: Contact(rawValue: f[9]), stroke: Int(f[10]),
                  onScreen: f[11].isEmpty ? nil : f[11], phase: f[12].isEmpty ? nil : f[12], detail: f[13])
    }
}
