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
///   previous such row); `frame unreported` when the display sent no report in time and the
///   `logtime` is when the window system took the frame.
/// - `manual,presented,sysmon <name> response_time,<ms>`: its `logtime` is the response
///   input's time, `<ms>` the time from the refresh that first showed the failure.
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

    /// A system-monitoring gauge failing after a frame: its widget (`scale1`, `light2`) and
    /// the `name` its performance rows carry (`F1`).
    public struct FailingGauge: Hashable, Sendable {
        public var widget: String
        public var name: String

        public init(widget: String, name: String) {
            self.widget = widget
            self.name = name
        }
    }

    private struct WrittenFrame {
        var start: MonotonicTime
        var scenarioTime: ScenarioTime
        var wroteRows: Bool
    }

    /// Where a failure's onset stands: drawn in a frame not yet reported, or shown at a refresh.
    private enum Onset {
        case drawn(frame: MonotonicTime)
        case presented(MonotonicTime)
    }

    private struct Response {
        var name: String
        var input: MonotonicTime
        var scenarioTime: ScenarioTime
        var onsetFrame: MonotonicTime
    }

    private var unpresented: [WrittenFrame] = []
    private var failing: [FailingGauge] = []
    /// Failures begun whose gauge has not yet changed on screen.
    private var unseen: [FailingGauge] = []
    private var onsets: [String: Onset] = [:]
    private var waiting: [Response] = []
    private var ended = false

    public init() {}

    /// Whether a read row is one of these (which no re-simulation writes).
    public static func isPresentationRow(type: String, module: String) -> Bool {
        type == LogRecord.Kind.manual.rawValue && module == Self.module
    }

    /// Takes the rows a frame wrote and the gauges failing after it.
    /// - Parameters:
    ///   - records: the frame's rows, in the order written.
    ///   - failingGauges: the system-monitoring gauges failing once the frame advanced.
    ///   - start: the frame's start, the `logtime` of its rows that no input caused.
    ///   - scenarioTime: the scenario's time at the end of the frame.
    /// - Returns: response-time rows whose failure's refresh is already known.
    public mutating func frameWritten(
        _ records: [LogRecord], failingGauges: [FailingGauge], start: MonotonicTime, scenarioTime: ScenarioTime
    ) -> [LogRecord] {
        guard !ended else { return [] }
        unpresented.append(WrittenFrame(start: start, scenarioTime: scenarioTime, wroteRows: !records.isEmpty))
        let wasFailing = failing
        unseen += failingGauges.filter { gauge in !wasFailing.contains(gauge) && !unseen.contains(gauge) }
        var written: [LogRecord] = []
        for (index, record) in records.enumerated() {
            if record.kind == .manual && record.module.isEmpty && record.value == .string("end") { ended = true }
            if record.kind == .state && record.module == "sysmon",
               let shown = unseen.firstIndex(where: { record.address.hasPrefix($0.widget + ", ") }) {
                onsets[unseen[shown].widget] = .drawn(frame: start)
                unseen.remove(at: shown)
            }
            guard let name = Self.answeredFailure(records, at: index),
                  let gauge = wasFailing.first(where: { $0.name == name && onsets[$0.widget] != nil }),
                  let onset = onsets.removeValue(forKey: gauge.widget) else { continue }
            switch onset {
            case .presented(let shown):
                written.append(Self.responseRow(name: name, input: record.logtime, scenarioTime: record.scenarioTime ?? scenarioTime,
                                                shown: shown))
            case .drawn(let frame):
                waiting.append(Response(name: name, input: record.logtime, scenarioTime: record.scenarioTime ?? scenarioTime,
                                        onsetFrame: frame))
            }
        }
        // A failure that ends unanswered (a miss, the automatic solver, a stop) has no response time.
        let stillFailing = Set(failingGauges.map(\.widget))
        for gauge in wasFailing where !stillFailing.contains(gauge.widget) { onsets[gauge.widget] = nil }
        unseen.removeAll { !stillFailing.contains($0.widget) }
        failing = failingGauges
        return ended ? [] : written
    }

    /// Takes the display's report of the oldest frame written and not yet reported.
    /// - Returns: its pairing row, then the response times that waited for it.
    public mutating func framePresented(_ presentation: PresentationRecord) -> [LogRecord] {
        guard !ended, !unpresented.isEmpty else { return [] }
        let frame = unpresented.removeFirst()
        let reported = presentation.clock == .displayPresented
        for (widget, onset) in onsets {
            guard case .drawn(let drawnIn) = onset, drawnIn == frame.start else { continue }
            onsets[widget] = reported ? .presented(presentation.presentedTime) : nil
        }
        var rows: [LogRecord] = []
        if frame.wroteRows {
            rows.append(LogRecord(logtime: presentation.presentedTime, scenarioTime: frame.scenarioTime, kind: .manual, module: Self.module,
                                  address: reported ? Self.frameAddress : Self.unreportedFrameAddress, value: .float(frame.start.seconds)))
        }
        for response in waiting where response.onsetFrame == frame.start && reported {
            rows.append(Self.responseRow(name: response.name, input: response.input, scenarioTime: response.scenarioTime,
                                         shown: presentation.presentedTime))
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
        guard record.kind == .performance, record.module == "sysmon", record.address == "name", case .string(let name) = record.value,
              index + 1 < records.count, records[index + 1].address == "signal_detection",
              records[index + 1].value == .string("HIT"),
              records.contains(where: { $0.kind == .input && $0.logtime == record.logtime }) else { return nil }
        return name
    }

    private static func responseRow(name: String, input: MonotonicTime, scenarioTime: ScenarioTime, shown: MonotonicTime) -> LogRecord {
        LogRecord(logtime: input, scenarioTime: scenarioTime, kind: .manual, module: module, address: "sysmon \(name) response_time",
                  value: .float(Double(input.since(shown)) / 1e6))
    }
}
