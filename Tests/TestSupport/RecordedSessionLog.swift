@testable import KioskCore

/// A session with keys, a stick, clicks, a pause and the exit dialog, recorded through
/// ``SessionHarness`` as its log file's bytes, and re-runs of it: what the verify and replay
/// tests run again.
public enum RecordedSessionLog {
    public static let voices = VoiceCatalog.uniform(4_410)
    public static let scenario = """
        0:00:00;sysmon;start
        0:00:00;track;start
        0:00:00;resman;start
        0:00:00;communications;start
        0:00:00;scheduling;start
        0:00:05;sysmon;scales-1-failure;True
        0:00:06;communications;radioprompt;own
        0:00:09;sysmon;lights-1-failure;True
        0:00:30;sysmon;stop
        0:00:30;track;stop
        0:00:30;resman;stop
        0:00:30;communications;stop
        0:00:30;scheduling;stop
        """

    /// The log's bytes.
    /// - Parameters:
    ///   - quitting: end with Escape and Q at 21.5 s instead of running to the end.
    ///   - cadence: when the tasks update.
    public static func bytes(quitting: Bool = true, cadence: UpdateCadence = .fixed) throws -> [UInt8] {
        var harness = try SessionHarness(scenario, cadence: cadence, voices: voices)
        harness.play([
            (1.013, .joystickAxes(x: 0.25, y: -0.5)),
            (2.2, .keyPress("F1")), (2.31, .keyRelease("F1")),
            (3.05, .pointerDown(Point(100, 900), .mouse)), (3.1, .pointerMove(Point(110, 905), .mouse)), (3.12, .pointerUp(Point(110, 905), .mouse)),
            (4.5, .keyPress("P")), (4.6, .keyRelease("P")), (7.25, .keyRelease("SPACE")),
            (10.5, .keyPress("NUM_1")), (10.52, .keyRelease("NUM_1")),
            (11.0, .joystickButton("JOY_BTN_1", pressed: true)), (11.1, .joystickButton("JOY_BTN_1", pressed: false)),
            (12.777, .joystickAxes(x: 0, y: 0.125)),
        ] + (quitting ? [(20.0, .keyPress("ESCAPE")), (21.5, .keyRelease("Q"))] : []), until: 40)
        return SessionLogFormat.header + SessionLogFormat.bytes(for: harness.rows)
    }

    /// A fresh re-run of the log `rows` came from.
    public static func reenactment(of rows: [SessionLogRow]) throws -> SessionReenactment {
        let header = SessionLogHeader(rows: rows)
        let validator = ScenarioValidator(catalog: .openMATB, context: ValidationContext { _, _ in false })
        let validated = try validator.validate(Array(scenario.utf8), path: "test.txt").get()
        let configuration = try MATBConfiguration(runNumber: 9, version: "test", voices: voices)
            .applying(logSettings: header.settings).get()
        return SessionReenactment(scenario: validated, configuration: configuration, inputs: LoggedInputReader.inputs(in: rows))
    }
}
