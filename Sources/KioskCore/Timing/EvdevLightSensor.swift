/// A light sensor wired as a key or button: a photodiode and a comparator on a USB HID board
/// (docs/timing.md). The comparator's output is the key: pressed while the patch is lit. The
/// kernel stamps each change when the board reports it, so an edge's time is the event's own.
public struct EvdevLightSensor: Sendable {
    /// The key that is the sensor; nil takes whichever key the device reports first.
    public private(set) var keyCode: UInt16?
    private var isLight = false
    /// Events the kernel dropped (SYN_DROPPED): edges may be missing from then on.
    public private(set) var droppedReports = 0

    public init(keyCode: UInt16? = nil) {
        self.keyCode = keyCode
    }

    /// The edges in `events`, in order. Auto-repeat (value 2) and a key reporting the state it
    /// is already in are not edges; nor are events without a valid timestamp.
    public mutating func edges(in events: [EvdevEvent]) -> [LightEdge] {
        var edges: [LightEdge] = []
        for event in events {
            if event.type == EvdevCode.synchronization, event.code == EvdevCode.synDropped {
                droppedReports += 1
                continue
            }
            guard event.type == EvdevCode.key, event.value == 0 || event.value == 1,
                  let nanoseconds = event.timestampNanoseconds else { continue }
            if keyCode == nil { keyCode = event.code }
            guard event.code == keyCode else { continue }
            let light = event.value == 1
            guard light != isLight else { continue }
            isLight = light
            edges.append(LightEdge(time: MonotonicTime(nanoseconds: nanoseconds), isLight: light))
        }
        return edges
    }
}
