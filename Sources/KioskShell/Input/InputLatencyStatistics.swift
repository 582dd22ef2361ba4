import KioskCore
import KioskData

/// How late input reaches the block, for `--input-stats` and scripts/bench.
///
/// For each joystick event read from a device: the time from the event's own timestamp
/// (the kernel's, for evdev) to the end of the `advance` call that delivered it to the
/// tasks (the task state reflects it from then on), and to the end of the frame that
/// presented that state. For each pointer event (the drawing pad's ink) and each LSL sample an
/// adaptive rule reads (which it decides on in the frame that delivers it), stamped after the
/// first frame: the time from its own timestamp (the outlet's, for LSL) to the end of the frame
/// that presented it. Also the
/// time the joystick reader itself spent per frame.
public struct InputLatencyStatistics: Sendable, CustomStringConvertible {
    private var toState: [Int64] = []
    private var toPresented: [Int64] = []
    private var readCost: [Int64] = []
    private var pending: [MonotonicTime] = []
    private var pointerToPresented: [Int64] = []
    private var pendingPointer: [MonotonicTime] = []
    private var sampleToPresented: [Int64] = []
    private var pendingSamples: [MonotonicTime] = []
    /// When the first frame was presented: a stream's samples stamped before it (the backlog
    /// an inlet receives as it connects) could not have shown sooner, and are not counted.
    private var firstPresented: MonotonicTime?

    /// A read this long would eat a noticeable share of a 16.7 ms frame.
    static let slowReadNanoseconds: Int64 = 1_000_000

    public init() {}

    /// Records the reader's cost for one frame.
    public mutating func recordRead(nanoseconds: Int64) {
        readCost.append(nanoseconds)
    }

    /// Records the joystick events of `inputs` as delivered at `stateTime`.
    public mutating func recordDelivered(_ inputs: [InputEvent], stateTime: MonotonicTime) {
        for input in inputs {
            switch input.payload {
            case .joystickAxes, .joystickButton:
                toState.append(stateTime.since(input.time))
                pending.append(input.time)
            case .pointerDown, .pointerMove, .pointerUp:
                pendingPointer.append(input.time)
            case .streamSample:
                if let firstPresented, input.time >= firstPresented { pendingSamples.append(input.time) }
            default:
                break
            }
        }
    }

    /// Records that the frame showing the delivered events was presented at `time`.
    public mutating func recordPresented(at time: MonotonicTime) {
        firstPresented = firstPresented ?? time
        for eventTime in pending { toPresented.append(time.since(eventTime)) }
        pending.removeAll(keepingCapacity: true)
        for eventTime in pendingPointer { pointerToPresented.append(time.since(eventTime)) }
        pendingPointer.removeAll(keepingCapacity: true)
        for eventTime in pendingSamples { sampleToPresented.append(time.since(eventTime)) }
        pendingSamples.removeAll(keepingCapacity: true)
    }

    public var eventCount: Int { toState.count }

    public var description: String {
        func ms(_ values: [Int64], _ p: Double) -> String {
            String(cFormat: "%.2f", Double(FrameStatistics.percentile(values.sorted(), p)) / 1e6)
        }
        func us(_ values: [Int64], _ p: Double) -> String {
            String(Int((Double(FrameStatistics.percentile(values.sorted(), p)) / 1e3).rounded()))
        }
        let slow = readCost.filter { $0 > Self.slowReadNanoseconds }.count
        let reader = "reader per frame: p50 \(us(readCost, 0.5)) µs, p99 \(us(readCost, 0.99)) µs, max \(us(readCost, 1)) µs over \(readCost.count) frames, "
            + "\(slow) over 1 ms"
        let pointer = pointerToPresented.isEmpty ? "" : "\npointer latency: \(pointerToPresented.count) pointer events; event → presented p50 "
            + "\(ms(pointerToPresented, 0.5)) ms, p99 \(ms(pointerToPresented, 0.99)) ms, max \(ms(pointerToPresented, 1)) ms"
        let samples = sampleToPresented.isEmpty ? "" : "\nLSL latency: \(sampleToPresented.count) samples; outlet's timestamp → presented p50 "
            + "\(ms(sampleToPresented, 0.5)) ms, p99 \(ms(sampleToPresented, 0.99)) ms, max \(ms(sampleToPresented, 1)) ms"
        guard !toState.isEmpty else { return "input latency: no joystick events; \(reader)" + pointer + samples }
        return "input latency: \(toState.count) joystick events; event → task state p50 \(ms(toState, 0.5)) ms, p99 \(ms(toState, 0.99)) ms, "
            + "max \(ms(toState, 1)) ms; event → presented p50 \(ms(toPresented, 0.5)) ms, p99 \(ms(toPresented, 0.99)) ms; \(reader)" + pointer + samples
    }
}
