@testable import KioskCore

/// Runs a scenario text through a session with literal times, for tests.
struct SessionHarness {
    static let start = MonotonicTime(nanoseconds: 1_000_000_000_000)

    let session: MATBSession
    private(set) var rows: [LogRecord] = []
    /// Seconds after `start` of the last frame handed to the session.
    private(set) var elapsed = 0.0

    init(_ text: String, cadence: UpdateCadence = .fixed, includes: [String: String] = [:], voices: VoiceCatalog = VoiceCatalog(),
         language: Language = .en, displaySessionNumber: Bool = false, catalog: PluginCatalog = .openMATB,
         makePlugin: @escaping (PluginDescriptor, IncludeLibrary) -> TaskPlugin = TaskFactory.make) throws {
        let names = Set(includes.keys)
        let validator = ScenarioValidator(catalog: catalog, context: ValidationContext { _, name in names.contains(name) })
        let scenario = try validator.validate(Array(text.utf8), path: "test.txt").get()
        let configuration = SessionConfiguration(sessionNumber: 1, language: language, cadence: cadence, version: "test",
                                                 displaySessionNumber: displaySessionNumber, includes: IncludeLibrary(texts: includes),
                                                 voices: voices)
        session = MATBSession(scenario: scenario, configuration: configuration, catalog: catalog, makePlugin: makePlugin)
        session.begin(at: Self.start)
        session.advance(to: Self.start)
        rows = session.takeRecords()
    }

    /// Advances from the last frame to `seconds` after the start, in frames of `step` seconds.
    mutating func run(until seconds: Double, step: Double) {
        while elapsed < seconds - 1e-9 && !session.isFinished {
            elapsed = min(seconds, elapsed + step)
            session.advance(to: Self.at(elapsed))
            rows += session.takeRecords()
            sounds += session.takeSoundCommands()
        }
    }

    /// Sound commands issued so far.
    private(set) var sounds: [SoundCommand] = []

    /// One frame at `seconds` carrying one input stamped with that time.
    mutating func send(_ payload: InputEvent.Payload, at seconds: Double) {
        elapsed = seconds
        session.advance(to: Self.at(seconds), inputs: [InputEvent(time: Self.at(seconds), payload)])
        rows += session.takeRecords()
        sounds += session.takeSoundCommands()
    }

    /// One frame at `seconds` carrying several inputs stamped with that time.
    mutating func send(_ payloads: [InputEvent.Payload], at seconds: Double) {
        elapsed = seconds
        session.advance(to: Self.at(seconds), inputs: payloads.map { InputEvent(time: Self.at(seconds), $0) })
        rows += session.takeRecords()
        sounds += session.takeSoundCommands()
    }

    /// A tap (touch down and up) at a reference point, in one frame.
    mutating func tap(_ point: Point, at seconds: Double, finger: Int64 = 1) {
        send([.pointerDown(point, .finger(finger)), .pointerUp(point, .finger(finger))], at: seconds)
    }

    static func at(_ seconds: Double) -> MonotonicTime {
        MonotonicTime(nanoseconds: start.nanoseconds + Int64((seconds * 1e9).rounded()))
    }

    /// Rows as CSV lines without the `logtime` column, which depends on frame times.
    var linesWithoutLogtime: [String] {
        rows.map { record in
            let line = SessionLogFormat.line(for: record)
            // Swift reads the CRLF terminator as one Character.
            return String(line.drop { $0 != "," }.dropFirst().dropLast(1))
        }
    }
}

/// A plugin that records when it updates and what it receives.
final class RecordingPlugin: TaskPlugin {
    var updates: [ScenarioTime] = []
    var inputs: [InputEvent.Payload] = []
    func start(_ context: inout TaskContext) {}
    func update(_ context: inout TaskContext) {
        updates.append(context.time)
        context.log(.performance, "updates", .int(updates.count))
    }
    func handle(_ input: InputEvent.Payload, _ context: inout TaskContext) { inputs.append(input) }
    func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList) {}
}
