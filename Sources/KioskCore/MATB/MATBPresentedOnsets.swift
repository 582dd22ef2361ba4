/// Pairs a windowed MATB session's rows with the display's report of the frame that first
/// showed them, and times each system-monitoring response from the refresh that first showed
/// its failure to the input's own time (docs/timing.md: MATB's onsets).
///
/// The session's own rows keep OpenMATB's meaning: `logtime` the frame's start (an input's
/// own time for an input and what it caused), `scenario_time` the scenario's, `response_time`
/// counted in task updates. `labkiosk verify` re-simulates those, so they cannot carry a time
/// only the display knew. What the display reported goes in `manual` rows of module
/// ``module``, written after the frame's rows as soon as its report comes (at the next
/// frame's start, within a refresh), so the frame's rows are on disk before it is shown:
///
/// - `manual,presented,frame,<frame start>`: its `logtime` is the start of the refresh that
///   first showed the frame whose rows carry `<frame start>` (the rows above it, back to the
///   previous such row); `frame uncertain` when the display's figures cannot tell whether that
///   refresh or an earlier one first showed it (``PresentationRecord/earliestPossibleTime``:
///   the `logtime` is the later, so no onset comes before its light); `frame unreported` when
///   the display sent no report in time and the `logtime` is when the window system took the frame.
/// - `manual,presented,sysmon <name> response_time,<ms>`: its `logtime` is the response
///   input's time, `<ms>` the time from the refresh that first showed the failure;
///   `sysmon <name> response_time uncertain` when that refresh was uncertain (the time then
///   runs from the later refresh, and may be short by a refresh or more).
///
/// Nothing follows the session's `end` row, which OpenMATB's readers and ours take as a log's
/// last row: the frame that ends the session gets no pairing row.
public struct MATBPresentedOnsets: Sendable {
    /// The `module` of every row this writes.
    public static let module = "presented"
    /// The pairing row's `address` for a frame the display reported.
    public static let frameAddress = "frame"
    /// The pairing row's `address` for a frame the display did not report in time.
    public static let unreportedFrameAddress = "frame unreported"
    /// The pairing row's `address` for a frame that may have been first shown before the refresh reported.
    public static let uncertainFrameAddress = "frame uncertain"

    private struct WrittenFrame {
        var start: MonotonicTime
        var scenarioTime: ScenarioTime
        var wroteRows: Bool
    }

    /// A failure on screen and not yet answered, and the frame that first showed it.
    private struct Onset {
        enum Refresh {
            case awaitingReport
            /// `uncertain`: perhaps first shown before it (``PresentationRecord/earliestPossibleTime``).
            case presented(MonotonicTime, uncertain: Bool)
            /// The display did not report the frame in time: no refresh to time a response from.
            case unreported
        }

        var failure: SysmonShownFailure
        var frame: MonotonicTime
        var refresh = Refresh.awaitingReport
    }

    private struct Response {
        var name: String
        var input: MonotonicTime
        var scenarioTime: ScenarioTime
        var onsetFrame: MonotonicTime
    }

    private var unpresented: [WrittenFrame] = []
    private var onsets: [Onset] = []
    private var waiting: [Response] = []
    private var ended = false

    public init() {}

    /// Whether a read row is one of these (which no re-simulation writes).
    public static func isPresentationRow(type: String, module: String) -> Bool {
        type == LogRecord.Kind.manual.rawValue && module == Self.module
    }

    /// Takes the rows a frame wrote and the system-monitoring failures on screen after it.
    /// - Parameters:
    ///   - records: the frame's rows, in the order written.
    ///   - shownFailures: the failures its drawing shows (``MATBBlock/shownSysmonFailures``).
    ///   - start: the frame's start, the `logtime` of its rows that no input caused.
    ///   - scenarioTime: the scenario's time at the end of the frame.
    /// - Returns: response-time rows whose failure's refresh is already known.
    public mutating func frameWritten(
        _ records: [LogRecord], shownFailures: [SysmonShownFailure], start: MonotonicTime, scenarioTime: ScenarioTime
    ) -> [LogRecord] {
        guard !ended else { return [] }
        unpresented.append(WrittenFrame(start: start, scenarioTime: scenarioTime, wroteRows: !records.isEmpty))
        var written: [LogRecord] = []
        for (index, record) in records.enumerated() {
            if record.kind == .manual && record.module.isEmpty && record.value == .string("end") { ended = true }
            guard let name = Self.answeredFailure(records, at: index),
                  let answered = onsets.firstIndex(where: { $0.failure.name == name }) else { continue }
            let onset = onsets.remove(at: answered)
            let answeredAt = record.scenarioTime ?? scenarioTime
            switch onset.refresh {
            case .presented(let shown, let uncertain):
                written.append(Self.responseRow(name: name, input: record.logtime, scenarioTime: answeredAt, shown: shown, uncertain: uncertain))
            case .awaitingReport:
                waiting.append(Response(name: name, input: record.logtime, scenarioTime: answeredAt, onsetFrame: onset.frame))
            case .unreported:
                break
            }
        }
        // A failure gone from the screen unanswered (a miss, the automatic solver, a stop) has no response time.
        onsets.removeAll { !shownFailures.contains($0.failure) }
        for failure in shownFailures where !onsets.contains(where: { $0.failure == failure }) {
            onsets.append(Onset(failure: failure, frame: start))
        }
        return ended ? [] : written
    }

    /// Takes the display's report of the oldest frame written and not yet reported.
    /// - Returns: its pairing row, then the response times that waited for it.
    public mutating func framePresented(_ presentation: PresentationRecord) -> [LogRecord] {
        guard !ended, !unpresented.isEmpty else { return [] }
        let frame = unpresented.removeFirst()
        let reported = presentation.clock == .displayPresented
        let uncertain = presentation.earliestPossibleTime != nil
        for index in onsets.indices where onsets[index].frame == frame.start {
            onsets[index].refresh = reported ? .presented(presentation.presentedTime, uncertain: uncertain) : .unreported
        }
        var rows: [LogRecord] = []
        if frame.wroteRows {
            let address = !reported ? Self.unreportedFrameAddress : uncertain ? Self.uncertainFrameAddress : Self.frameAddress
            rows.append(LogRecord(logtime: presentation.presentedTime, scenarioTime: frame.scenarioTime, kind: .manual, module: Self.module,
                                  address: address, value: .float(frame.start.seconds)))
        }
        for response in waiting where response.onsetFrame == frame.start && reported {
            rows.append(Self.responseRow(name: response.name, input: response.input, scenarioTime: response.scenarioTime,
                                         shown: presentation.presentedTime, uncertain: uncertain))
        }
        waiting.removeAll { $0.onsetFrame == frame.start }
        return rows
    }

    /// The gauge `name` of a hit a participant's input scored, when `index` is the first of
    /// sysmon's three performance rows (`name`, `signal_detection`, `response_time`): an input
    /// carries its own time to the rows it causes, so an input row at that time marks it
    /// (the automatic solver's hits have none).
    private static func answeredFailure(_ records: [LogRecord], at index: Int) -> String? {
        let record = records[index]
        guard record.kind == .performance, record.module == PluginAlias.sysmon, record.address == "name", case .string(let name) = record.value,
              index + 1 < records.count, records[index + 1].address == "signal_detection",
              records[index + 1].value == .string("HIT"),
              records.contains(where: { $0.kind == .input && $0.logtime == record.logtime }) else { return nil }
        return name
    }

    private static func responseRow(name: String, input: MonotonicTime, scenarioTime: ScenarioTime, shown: MonotonicTime, uncertain: Bool) -> LogRecord {
        LogRecord(logtime: input, scenarioTime: scenarioTime, kind: .manual, module: module,
                  address: "sysmon \(name) response_time\(uncertain ? " uncertain" : "")",
                  value: .float(Double(input.since(shown)) / 1e6))
    }
}
