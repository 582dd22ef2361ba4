@testable import KioskCore

/// Runs a scenario text through a session with literal times, for core and rendering tests.
public struct SessionHarness {
    public static let start = MonotonicTime(nanoseconds: 1_000_000_000_000)

    public let session: MATBBlock
    public private(set) var rows: [LogRecord] = []
    /// Seconds after `start` of the last frame handed to the session.
    public private(set) var elapsed = 0.0

    public init(_ text: String, cadence: UpdateCadence = .fixed, includes: [String: String] = [:], voices: VoiceCatalog = VoiceCatalog(),
         language: Language = .en, displaySessionNumber: Bool = false, escapeOffersExit: Bool = true, promptTiming: PromptTiming = .spoken,
         catalog: PluginCatalog = .openMATB, adaptiveRules: String? = nil,
         makePlugin: @escaping (PluginDescriptor, IncludeLibrary) -> TaskPlugin = TaskTypes.make) throws {
        let names = Set(includes.keys)
        let validator = ScenarioValidator(catalog: catalog, context: ValidationContext { _, name in names.contains(name) })
        let scenario = try validator.validate(Array(text.utf8), path: "test.txt").get()
        var configuration = MATBConfiguration(runNumber: 1, language: language, cadence: cadence, version: "test",
                                                 displaySessionNumber: displaySessionNumber, includes: IncludeLibrary(texts: includes),
                                                 voices: voices)
        configuration.escapeOffersExit = escapeOffersExit
        configuration.promptTiming = promptTiming
        if let adaptiveRules {
            configuration.adaptiveRules = try AdaptiveRulesReader.read(adaptiveRules, file: "rules.toml", scenario: scenario, catalog: catalog).get()
        }
        session = MATBBlock(scenario: scenario, configuration: configuration, catalog: catalog, makePlugin: makePlugin)
        session.begin(at: Self.start)
        session.advance(to: Self.start)
        rows = session.takeRecords()
    }

    /// Advances from the last frame to `seconds` after the start, in frames of `step` seconds.
    public mutating func run(until seconds: Double, step: Double) {
        while elapsed < seconds - 1e-9 && !session.isFinished {
            elapsed = min(seconds, elapsed + step)
            session.advance(to: Self.at(elapsed))
            rows += session.takeRecords()
            sounds += session.takeSoundCommands()
        }
    }

    /// Sound commands issued so far.
    public private(set) var sounds: [SoundCommand] = []

    /// One frame at `seconds` carrying one input stamped with that time.
    public mutating func send(_ payload: InputEvent.Payload, at seconds: Double) {
        elapsed = seconds
        session.advance(to: Self.at(seconds), inputs: [InputEvent(time: Self.at(seconds), payload)])
        rows += session.takeRecords()
        sounds += session.takeSoundCommands()
    }

    /// One frame at `seconds` carrying several inputs stamped with that time.
    public mutating func send(_ payloads: [InputEvent.Payload], at seconds: Double) {
        elapsed = seconds
        session.advance(to: Self.at(seconds), inputs: payloads.map { InputEvent(time: Self.at(seconds), $0) })
        rows += session.takeRecords()
        sounds += session.takeSoundCommands()
    }

    /// One frame at `seconds` carrying inputs stamped with their own times, which may be before
    /// the last frame (an input that came late) or after this one (read after the frame's time).
    public mutating func send(_ stamped: [(payload: InputEvent.Payload, stampedAt: Double)], inFrameAt seconds: Double) {
        elapsed = seconds
        session.advance(to: Self.at(seconds), inputs: stamped.map { InputEvent(time: Self.at($0.stampedAt), $0.payload) })
        rows += session.takeRecords()
        sounds += session.takeSoundCommands()
    }

    /// Runs in frames of `step` seconds, sending each input, in the order given, in a frame of
    /// its own at its time; then runs on to `end`.
    public mutating func play(_ inputs: [(Double, InputEvent.Payload)], until end: Double, step: Double = 1.0 / 60) {
        for (time, input) in inputs {
            run(until: time - 0.01, step: step)
            send(input, at: time)
        }
        run(until: end, step: step)
    }

    /// A tap (touch down and up) at a reference point, in one frame.
    public mutating func tap(_ point: Point, at seconds: Double, finger: Int64 = 1) {
        send([.pointerDown(point, .finger(finger)), .pointerUp(point, .finger(finger))], at: seconds)
    }

    public static func at(_ seconds: Double) -> MonotonicTime {
        MonotonicTime(nanoseconds: start.nanoseconds + Int64((seconds * 1e9).rounded()))
    }

    /// Rows as CSV lines without the `logtime` column, which depends on frame times.
    public var linesWithoutLogtime: [String] {
        rows.map { record in
            let line = SessionLogFormat.line(for: record)
            // Swift reads the CRLF terminator as one Character.
            return String(line.drop { $0 != "," }.dropFirst().dropLast(1))
        }
    }
}

/// A plugin that records when it updates and what it receives.
public final class RecordingPlugin: TaskPlugin {
    public private(set) var updates: [ScenarioTime] = []
    public private(set) var inputs: [InputEvent.Payload] = []
    public let takesOnScreenStick: Bool
    public init(takesOnScreenStick: Bool = false) { self.takesOnScreenStick = takesOnScreenStick }
    public func start(_ context: inout TaskContext) {}
    public func update(_ context: inout TaskContext) {
        updates.append(context.time)
        context.log(.performance, "updates", .int(updates.count))
    }
    public func handle(_ input: InputEvent.Payload, _ context: inout TaskContext) { inputs.append(input) }
    public func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList) {}
}
