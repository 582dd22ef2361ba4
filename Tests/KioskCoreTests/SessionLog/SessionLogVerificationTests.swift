import Testing
import TestSupport
@testable import KioskCore

@Suite struct SessionLogVerificationTests {
    static let voices = VoiceCatalog.uniform(4_410)
    static let scenario = """
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

    /// A session with keys, a stick, taps, a pause and the exit dialog, as its log file's bytes.
    static func recordedLog(quitting: Bool = true) throws -> [UInt8] {
        var harness = try SessionHarness(scenario, voices: voices)
        harness.play([
            (1.013, .joystickAxes(x: 0.25, y: -0.5)),
            (2.2, .keyPress("F1")), (2.31, .keyRelease("F1")),
            (3.05, .pointerDown(Point(100, 900), .mouse)), (3.1, .pointerMove(Point(110, 905), .mouse)), (3.12, .pointerUp(Point(110, 905), .mouse)),
            (4.5, .keyPress("P")), (4.6, .keyRelease("P")), (7.25, .keyRelease("SPACE")),
            (10.5, .keyPress("NUM_1")), (10.52, .keyRelease("NUM_1")),
            (11.0, .joystickButton("JOY_BTN_1", pressed: true)), (11.1, .joystickButton("JOY_BTN_1", pressed: false)),
            (12.777, .joystickAxes(x: 0, y: 0.125)),
        ] + (quitting ? [(20.0, .keyPress("ESCAPE")), (21.5, .keyRelease("Q"))] : []), until: 40)
        let session = harness.session
        #expect(session.isFinished)
        return SessionLogFormat.header + SessionLogFormat.bytes(for: harness.rows)
    }

    static func verify(_ bytes: [UInt8]) throws -> SessionLogVerification.Outcome {
        let rows = try SessionLogReader.read(bytes, file: "log.csv").rows
        let header = SessionLogHeader(rows: rows)
        let validator = ScenarioValidator(catalog: .openMATB, context: ValidationContext { _, _ in false })
        let scenario = try validator.validate(Array(scenario.utf8), path: "test.txt").get()
        let configuration = try SessionConfiguration(sessionNumber: 9, version: "test", voices: voices)
            .applying(logSettings: header.settings).get()
        let reenactment = SessionReenactment(scenario: scenario, configuration: configuration, inputs: LoggedInputReader.inputs(in: rows))
        return SessionLogVerification.compare(rows, with: reenactment)
    }

    @Test func aSessionWithInputsIsReproducedRowForRow() throws {
        let bytes = try Self.recordedLog()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(",input,keyboard,F1,press"))
        #expect(text.contains(",dialog,,,"))
        let rowCount = try SessionLogReader.read(bytes, file: "log.csv").rows.count
        let outcome = try Self.verify(bytes)
        #expect(outcome == .identical(rows: rowCount), "\(outcome)")
    }

    @Test func aSessionThatRanToItsEndIsReproduced() throws {
        let bytes = try Self.recordedLog(quitting: false)
        let rowCount = try SessionLogReader.read(bytes, file: "log.csv").rows.count
        let outcome = try Self.verify(bytes)
        #expect(outcome == .identical(rows: rowCount), "\(outcome)")
    }

    @Test func aSingleEditedValueIsCaughtAtItsLine() throws {
        var text = String(decoding: try Self.recordedLog(), as: UTF8.self)
        let lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        let target = try #require(lines.firstIndex { $0.contains(",performance,track,center_deviation,") && !$0.hasSuffix(",0.0") })
        var edited = lines.map(String.init)
        edited[target] = String(edited[target].dropLast()) + (edited[target].hasSuffix("1") ? "2" : "1")
        text = edited.joined(separator: "\r\n")
        guard case .diverged(let divergence) = try Self.verify(Array(text.utf8)) else {
            Issue.record("the edit was not caught")
            return
        }
        #expect(divergence.logged?.line == target + 1)
        #expect(divergence.reenacted == String(lines[target].drop { $0 != "," }.dropFirst()))
    }

    @Test func aLogACrashCutShortIsReproducedAsFarAsItGoes() throws {
        let bytes = try Self.recordedLog()
        let cut = Array(bytes.prefix(bytes.count * 2 / 3))
        let contents = try SessionLogReader.read(cut, file: "log.csv")
        #expect(contents.cutShortLine != nil)
        let outcome = try Self.verify(cut)
        #expect(outcome == .identicalAsFarAsItGoes(rows: contents.rows.count), "\(outcome)")
    }

    @Test func settingsRowsGiveBackTheConfigurationThatWroteThem() throws {
        var configuration = SessionConfiguration(sessionNumber: 4, language: .fr, cadence: .openmatb, speed: 2.5, version: "v",
                                                 displaySessionNumber: true, hideOnPause: true)
        configuration.layout = ScreenLayout(topBounds: .init(0.3, 0.8), bottomBounds: .init(0.25, 0.9))
        configuration.virtualJoystick = VirtualJoystickSettings(
            visibility: .on, mode: .relative, side: .left,
            response: StickResponse(deadZone: 0.1, curve: .exponential(factor: 3), invertX: true, invertY: false, gain: 1.5))
        configuration.escapeOffersExit = false
        let read = try SessionConfiguration(sessionNumber: 1, version: "v").applying(logSettings: configuration.logSettings).get()
        #expect(read == configuration)
        #expect(throws: LogSettingProblem.self) {
            try SessionConfiguration(sessionNumber: 1, version: "v").applying(logSettings: [("cadence", "sometimes")]).get()
        }
    }
}
