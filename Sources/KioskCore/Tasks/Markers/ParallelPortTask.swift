/// The parallelport plugin (docs/openmatb-behaviour.md: Parallel port): sends `trigger` values to the
/// parallel port as pulses `delayms` long, queueing those that arrive while one is being sent.
///
/// Per update (`taskupdatetime`, 5 ms): a non-zero `trigger` is written at once if the port
/// is idle, else queued, and `trigger` goes back to 0; with no new trigger, an idle port
/// takes the head of the queue. A pulse whose timer has reached `delayms` is ended by writing
/// 0. While a pulse is up its timer grows by `taskupdatetime`. Every write logs
/// `state, trigger, value` and resets the timer. The bytes themselves go to the shell as
/// ``DeviceOutput``s, with their scenario times, so the pulse keeps its length on the wire.
///
/// labkiosk runs simultaneous scenario events back to back, where OpenMATB spreads them
/// over frames with an update between each; so every value set is kept as it arrives, and
/// triggers set together are sent one after the other instead of the last one winning.
public final class ParallelPortTask: TaskPlugin {
    /// The value that means "no pulse".
    static let downValue = 0

    private var lastWritten = ParallelPortTask.downValue
    private var timerMilliseconds = 0.0
    /// Non-zero values set since the last update, in order.
    private var incoming: [Int] = []
    private(set) var waiting: [Int] = []
    private var outputs: [DeviceOutput] = []

    public init() {}

    public func start(_ context: inout TaskContext) {}

    private var isSending: Bool { lastWritten != Self.downValue }

    public func parameterDidChange(_ path: String, _ context: inout TaskContext) {
        guard path == "trigger", let value = context.parameters.number("trigger"), Int(value) != Self.downValue else { return }
        incoming.append(Int(value))
    }

    public func update(_ context: inout TaskContext) {
        if !incoming.isEmpty {
            let trigger = incoming.removeFirst()
            if isSending { waiting.append(trigger) } else { write(trigger, &context) }
            // Those set together would have found the port busy at OpenMATB's next frames.
            waiting += incoming
            incoming = []
            context.parameters["trigger"] = .int(Self.downValue)
        } else if !waiting.isEmpty && !isSending {
            write(waiting.removeFirst(), &context)
        }
        if isSending && timerMilliseconds >= (context.parameters.number("delayms") ?? 5) {
            write(Self.downValue, &context)
        }
        if isSending { timerMilliseconds += context.parameters.number("taskupdatetime") ?? 5 }
    }

    private func write(_ value: Int, _ context: inout TaskContext) {
        // The port has eight data lines: larger values keep their low byte, as ppdev does.
        outputs.append(DeviceOutput(.writeParallelPort(UInt8(truncatingIfNeeded: value)), time: context.time, logtime: context.logtime))
        timerMilliseconds = 0
        context.logState("trigger", "value", .int(value))
        lastWritten = value
    }

    public func takeOutputs() -> [DeviceOutput] {
        defer { outputs.removeAll() }
        return outputs
    }

    public func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList) {}
}
