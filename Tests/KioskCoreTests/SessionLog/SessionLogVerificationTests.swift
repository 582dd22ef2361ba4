import Testing
import TestSupport
@testable import KioskCore

@Suite struct SessionLogVerificationTests {
    static func recordedLog(quitting: Bool = true) throws -> [UInt8] {
        try RecordedSessionLog.bytes(quitting: quitting)
    }

    static func verify(_ bytes: [UInt8]) throws -> SessionLogVerification.Outcome {
        let rows = try SessionLogReader.read(bytes, file: "log.csv").rows
        return SessionLogVerification.compare(rows, with: try RecordedSessionLog.reenactment(of: rows))
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

    /// OpenMATB's cadence lays out its loop passes from the session number, not from the
    /// frames: a re-run with other frames gives the same rows.
    @Test func aSessionWithOpenMATBsCadenceIsReproducedRowForRow() throws {
        let bytes = try RecordedSessionLog.bytes(cadence: .openmatb)
        #expect(String(decoding: bytes, as: UTF8.self).contains(",manual,labkiosk,cadence,openmatb"))
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

    /// A window whose display reports presentation follows each frame's rows with a
    /// `manual,presented,frame` row (and a hit with its response time): the shell's, which no
    /// re-run writes. The log verifies as it did without them, its inputs at the same places.
    @Test func theDisplaysPresentedRowsAreReadPast() throws {
        let bytes = try Self.recordedLog()
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n").map(String.init)
        var interleaved = [lines[0]]
        for (line, next) in zip(lines.dropFirst(), lines.dropFirst(2).map(Optional.some) + [nil]) {
            interleaved.append(line)
            let logtime = line.prefix { $0 != "," }
            guard let next, next.prefix(while: { $0 != "," }) != logtime, let seconds = Double(logtime) else { continue }
            let scenarioTime = line.split(separator: ",")[1]
            interleaved.append("\(seconds + 0.016),\(scenarioTime),manual,presented,frame,\(logtime)")
            if line.contains(",input,keyboard,F1,press") {
                interleaved.append("\(logtime),\(scenarioTime),manual,presented,sysmon F1 response_time,1234.5")
            }
        }
        let presented = Array((interleaved.joined(separator: "\r\n") + "\r\n").utf8)
        let original = try SessionLogReader.read(bytes, file: "log.csv").rows
        let withPresented = try SessionLogReader.read(presented, file: "log.csv").rows
        #expect(withPresented.count > original.count + 100)
        #expect(withPresented.last?.value == "end")
        #expect(LoggedInputReader.inputs(in: withPresented) == LoggedInputReader.inputs(in: original))
        let outcome = try Self.verify(presented)
        #expect(outcome == .identical(rows: original.count), "\(outcome)")
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
        var configuration = MATBConfiguration(runNumber: 4, language: .fr, cadence: .openmatb, speed: 2.5, version: "v",
                                                 displaySessionNumber: true, hideOnPause: true)
        configuration.layout = ScreenLayout(topBounds: .init(0.3, 0.8), bottomBounds: .init(0.25, 0.9))
        configuration.virtualJoystick = VirtualJoystickSettings(
            visibility: .on, mode: .relative, side: .left,
            response: StickResponse(deadZone: 0.1, curve: .exponential(factor: 3), invertX: true, invertY: false, gain: 1.5))
        configuration.escapeOffersExit = false
        configuration.promptTiming = .openMATB
        let read = try MATBConfiguration(runNumber: 1, version: "v").applying(logSettings: configuration.logSettings).get()
        #expect(read == configuration)
        #expect(throws: LogSettingProblem.self) {
            try MATBConfiguration(runNumber: 1, version: "v").applying(logSettings: [("cadence", "sometimes")]).get()
        }
    }
}

/// An input that comes within a microsecond of a scheduled event, which the log's
/// microseconds cannot tell apart: the session must act on the input at the time its row
/// says, or verify orders the two the other way round.
@Suite struct NearSimultaneousInputTests {
    static let scenario = """
        0:00:00;sysmon;start
        0:00:01;sysmon;scales-1-failure;True
        0:00:03;sysmon;stop
        """

    /// A session where F1 is pressed `offset` nanoseconds after the failure due at 1 s, in a
    /// frame that ends later, as its log's bytes.
    static func log(pressedNanosecondsAfterFailure offset: Int64) throws -> [UInt8] {
        var harness = try SessionHarness(scenario)
        harness.run(until: 0.99, step: 1.0 / 60)
        let pressed = Double(1_000_000_000 + offset) / 1e9
        harness.send([(payload: .keyPress("F1"), stampedAt: pressed), (payload: .keyRelease("F1"), stampedAt: pressed + 0.09)],
                     inFrameAt: 1.1)
        harness.run(until: 4, step: 1.0 / 60)
        return SessionLogFormat.header + SessionLogFormat.bytes(for: harness.rows)
    }

    static func verify(_ bytes: [UInt8]) throws -> SessionLogVerification.Outcome {
        let rows = try SessionLogReader.read(bytes, file: "log.csv").rows
        let validator = ScenarioValidator(catalog: .openMATB, context: ValidationContext { _, _ in false })
        let validated = try validator.validate(Array(scenario.utf8), path: "test.txt").get()
        let configuration = try MATBConfiguration(runNumber: 1, version: "test").applying(logSettings: SessionLogHeader(rows: rows).settings).get()
        return SessionLogVerification.compare(rows, with: SessionReenactment(scenario: validated, configuration: configuration,
                                                                              inputs: LoggedInputReader.inputs(in: rows)))
    }

    @Test(arguments: [-700, -300, 300, 700] as [Int64])
    func aKeyWithinAMicrosecondOfAnEventIsReproduced(offset: Int64) throws {
        let bytes = try Self.log(pressedNanosecondsAfterFailure: offset)
        #expect(String(decoding: bytes, as: UTF8.self).contains(",input,keyboard,F1,press"))
        let rowCount = try SessionLogReader.read(bytes, file: "log.csv").rows.count
        let outcome = try Self.verify(bytes)
        #expect(outcome == .identical(rows: rowCount), "\(outcome)")
    }
}
