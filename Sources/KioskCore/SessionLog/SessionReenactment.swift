/// A session run again from its scenario, its settings and the inputs its log holds, on a
/// clock of its own: what `labkiosk verify` compares with the log and `labkiosk replay`
/// shows (docs/verify.md).
///
/// Each logged input is handed over at the scenario time it was routed at: the session is
/// first run to just before that time, then one frame ends exactly there with the input in
/// it, so events due then run before it and task updates due then after it, as they did.
/// When a dialog or blocking screen begins in that frame, the input's place among the
/// logged rows says whether it came in the same frame or a later one. Wall time plays no
/// part: the rows it writes differ from the log's only in `logtime`.
public final class SessionReenactment {
    public let session: MATBBlock
    private let inputs: [LoggedInput]
    /// How many of `inputs` have been handed over.
    private var inputsHandedOver = 0
    /// How many rows the session has written so far.
    private var rowsWritten = 0
    /// The session's own clock: scenario time while it runs, plus a millisecond per input
    /// handed over while it waited.
    private var clock = MonotonicTime(nanoseconds: 0)
    private var records: [LogRecord] = []
    /// Whether the first frame ran. It has no length (the session's clock starts at it), so
    /// inputs in it were routed at 0.0, before the tasks' first updates.
    private var hasStarted = false
    /// An input to route, with the row it was logged at when it begins an arrival (inputs
    /// that arrived together are routed together).
    private struct Routing {
        var payload: InputEvent.Payload
        var loggedAt: Int?
    }
    /// Inputs a frame left unrouted because they came in a later one.
    private var deferred: [Routing] = []
    /// Set when a frame left every input unrouted and wrote nothing: the next routes them,
    /// whatever the log's order, so the re-run cannot stall.
    private var mustRoute = false

    /// Builds the session and writes its opening rows.
    /// - Parameters:
    ///   - configuration: the logged settings.
    ///   - inputs: what ``LoggedInputReader`` read from the log.
    public init(scenario: Scenario, configuration: MATBConfiguration, inputs: [LoggedInput],
                catalog: PluginCatalog = .openMATB, makePlugin: (PluginDescriptor, IncludeLibrary) -> TaskPlugin = TaskTypes.make) {
        session = MATBBlock(scenario: scenario, configuration: configuration, catalog: catalog, makePlugin: makePlugin)
        // Scenario time is this clock: the speed the session ran at changed only how fast
        // its scenario time went by in wall time.
        session.clockSpeed = 1
        self.inputs = inputs
        session.begin(at: clock)
        take()
    }

    /// Whether the session waits for the participant (a dialog or a blocking screen) and the
    /// log holds nothing more to answer it with.
    public var isWaitingWithoutInput: Bool {
        !session.isFinished && !session.isClockRunning && inputsHandedOver == inputs.count && deferred.isEmpty
    }

    /// The next logged input, if any is left.
    private var nextInput: LoggedInput? { inputsHandedOver < inputs.count ? inputs[inputsHandedOver] : nil }

    /// Where each pointer was last, whether it was down, and when: what a replay draws of
    /// the participant's touches and clicks.
    public private(set) var pointers: [InputEvent.Pointer: (point: Point, isDown: Bool, logtime: MonotonicTime)] = [:]

    /// Runs the session on to scenario time `time` (or its end, or a wait the log cannot
    /// answer), handing it every logged input due by then.
    /// - Parameter arrivedBy: hand over only inputs that arrived by then (a replay going at
    ///   the log's wall clock, through screens where scenario time stood still).
    /// - Returns: the rows written since the last call.
    public func run(until time: ScenarioTime, arrivedBy: MonotonicTime? = nil) -> [LogRecord] {
        while !session.isFinished {
            if !deferred.isEmpty {
                frame(step: session.isClockRunning ? 0 : 1_000_000, inputs: deferred)
                continue
            }
            if let input = nextInput, arrivedBy.map({ input.logtime <= $0 }) ?? true,
               input.time <= time || (!session.isClockRunning && input.time <= session.scenarioTime) {
                handOver(input, arrivedBy: arrivedBy)
                continue
            }
            guard session.isClockRunning, session.scenarioTime < time else { break }
            runClock(to: time)
        }
        defer { records.removeAll(keepingCapacity: true) }
        return records
    }

    /// Frames with no input until scenario time `time`, or until the clock stops.
    private func runClock(to time: ScenarioTime) {
        if !hasStarted { frame(step: 0) }
        guard session.isClockRunning, time > session.scenarioTime else { return }
        frame(step: (time - session.scenarioTime).nanoseconds)
    }

    /// Frames up to a nanosecond before `time`, so that a frame can end exactly at it (none
    /// for an input at 0.0, which the first frame takes).
    private func runClock(toJustBefore time: ScenarioTime) {
        guard hasStarted || time > .zero else { return }
        runClock(to: time - ScenarioTime(nanoseconds: 1))
    }

    private func handOver(_ input: LoggedInput, arrivedBy: MonotonicTime?) {
        inputsHandedOver += 1
        if case .inputs(let payloads) = input.action { notePointers(payloads, at: input.logtime) }
        switch input.action {
        case .dismissWaitingScreen:
            // Between frames, once the frame that left the session waiting has ended.
            runClock(to: input.time)
            session.dismissWaitingScreen(at: clock)
            take()
        case .inputs(let payloads):
            runClock(toJustBefore: input.time)
            var routings = Self.routings(payloads, loggedAt: input.rowIndex)
            // Inputs routed at the same time may have come in the same frame: the log's
            // order decides, as each is routed.
            while session.isClockRunning, let next = nextInput, next.time == input.time, case .inputs(let more) = next.action,
                  arrivedBy.map({ next.logtime <= $0 }) ?? true {
                routings += Self.routings(more, loggedAt: next.rowIndex)
                notePointers(more, at: next.logtime)
                inputsHandedOver += 1
            }
            handOver(routings, at: input.time)
        case .closeDialog:
            // The dialog opened at this time (frozen since): an event due then may open it.
            runClock(to: input.time)
            if session.dialog != nil { handOver(Self.routings([.keyRelease("SPACE")], loggedAt: input.rowIndex), at: input.time) }
        case .quit:
            runClock(toJustBefore: input.time)
            handOver(Self.routings([.quitRequested], loggedAt: input.rowIndex), at: input.time)
        }
    }

    private func notePointers(_ payloads: [InputEvent.Payload], at logtime: MonotonicTime) {
        for payload in payloads {
            switch payload {
            case .pointerDown(let point, let pointer):
                pointers[pointer] = (point, true, logtime)
            case .pointerMove(let point, let pointer):
                pointers[pointer] = (point, pointers[pointer]?.isDown == true, logtime)
            case .pointerUp(let point, let pointer):
                pointers[pointer] = (point, false, logtime)
            default:
                break
            }
        }
    }

    private static func routings(_ payloads: [InputEvent.Payload], loggedAt rowIndex: Int) -> [Routing] {
        payloads.enumerated().map { Routing(payload: $1, loggedAt: $0 == 0 ? rowIndex : nil) }
    }

    /// One frame ending at `time` (or, while the session waits, a millisecond later on its
    /// own clock) with the inputs in it; the session is already just before `time`.
    private func handOver(_ routings: [Routing], at time: ScenarioTime) {
        guard !session.isFinished else { return }
        let step = !hasStarted ? 0 : session.isClockRunning ? max(0, (time - session.scenarioTime).nanoseconds) : 1_000_000
        frame(step: step, inputs: routings)
    }

    /// One frame `step` nanoseconds after the last. An input is held back for a later frame
    /// when the log has rows before it that the session has not written yet: the rest of
    /// this frame (task updates, or a blocking screen's first frame) came first.
    private func frame(step: Int64, inputs routings: [Routing] = []) {
        hasStarted = true
        clock = MonotonicTime(nanoseconds: clock.nanoseconds + step)
        let written = rowsWritten
        let routeAll = mustRoute
        let unrouted = session.advance(to: clock, inputs: routings.map { InputEvent(time: clock, $0.payload) }, deferringInputs: { pending, index in
            guard !routeAll, let row = routings[index].loggedAt else { return false }
            return written + pending < row
        })
        deferred = Array(routings.suffix(unrouted.count))
        take()
        mustRoute = !deferred.isEmpty && deferred.count == routings.count && rowsWritten == written
    }

    private func take() {
        let taken = session.takeRecords()
        rowsWritten += taken.count
        records += taken
    }
}
