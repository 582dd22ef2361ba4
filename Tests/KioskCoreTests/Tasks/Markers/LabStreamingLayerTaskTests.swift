import Testing
import TestSupport
@testable import KioskCore

@Suite struct LabStreamingLayerTaskTests {
    @Test func theOutletOpensPushesMarkersAndStreamsRowsUntilStopped() throws {
        var harness = try SessionHarness("""
            0:00:00;labstreaminglayer;start
            0:00:01;labstreaminglayer;marker;first
            0:00:01;labstreaminglayer;marker;second
            0:00:02;labstreaminglayer;streamsession;True
            0:00:03;labstreaminglayer;stop
            """)
        var outputs: [DeviceOutput] = []
        var elapsed = 0.0
        var rowsBefore: [Int] = []
        while elapsed < 3.5 && !harness.session.isFinished {
            elapsed += 1.0 / 60
            let countBefore = harness.linesWithoutLogtime.count
            harness.session.advance(to: SessionHarness.at(elapsed))
            let batch = harness.session.takeDeviceOutputs()
            outputs += batch
            rowsBefore += batch.map { countBefore + $0.recordIndex }
            harness.run(until: elapsed, step: 1.0 / 60)
        }
        let actions = outputs.map(\.action)
        #expect(actions == [.openMarkerStream, .pushMarker("first"), .pushMarker("second"), .streamLogRows(true), .streamLogRows(false), .closeMarkerStream])
        // Pushed at the first 15 ms update at or after the event.
        #expect(outputs[1].time >= .seconds(1) && outputs[1].time < .milliseconds(1015))
        // Streaming starts right after the update that saw the parameter, after its event row.
        let lines = harness.linesWithoutLogtime
        let streamStart = rowsBefore[3]
        #expect(lines[streamStart - 1] == "2.0,event,labstreaminglayer,streamsession,1")
        #expect(lines.contains("1.0,event,labstreaminglayer,marker,second"))
        #expect(lines.contains("0.0,parameter,labstreaminglayer,marker,"))
    }

    @Test func pauseAtStartBlocksWithItsNoticeUntilContinue() throws {
        var harness = try SessionHarness("""
            0:00:00;labstreaminglayer;pauseatstart;True
            0:00:00;labstreaminglayer;start
            0:00:01;labstreaminglayer;marker;go
            """, language: .fr)
        harness.run(until: 1, step: 1.0 / 60)
        #expect(harness.session.isShowingBlockingScreen)
        let texts = harness.session.drawList().commands.compactMap { command -> String? in
            if case .richText(let text, _, _) = command { return text.plainText }
            return nil
        }
        #expect(texts.prefix(2) == ["Lab streaming layer", "Merci d’activer le flux OpenMATB dans le LabRecorder."])
        harness.send(.keyRelease("SPACE"), at: 1.1)
        #expect(!harness.session.isShowingBlockingScreen)
        #expect(!harness.session.isFinished, "the outlet runs on after its slide")
        harness.run(until: 2.5, step: 1.0 / 60)
        // With no stop, it ends with the scenario and gets the synthetic stop an exit gives.
        #expect(harness.session.isFinished)
        #expect(Array(harness.linesWithoutLogtime.suffix(2)) == ["1.0,event,labstreaminglayer,self,stop", "1.0,manual,,,end"])
    }

    @Test func logRowsAreSentAsSixColumnsJoinedBySemicolons() {
        let row = LogRecord(logtime: MonotonicTime(nanoseconds: 445_473_999_400), scenarioTime: .milliseconds(2110),
                            kind: .performance, module: "resman", address: "a_in_tolerance", value: .bool(true))
        #expect(SessionLogFormat.labStreamingLayerSample(for: row) == "445.473999;2.11;performance;resman;a_in_tolerance;1")
        let early = LogRecord(logtime: MonotonicTime(nanoseconds: 1_000_000_000), scenarioTime: nil, kind: .parameter,
                              module: "instructions", address: "filename", value: .none)
        #expect(SessionLogFormat.labStreamingLayerSample(for: early) == "1.0;0;parameter;instructions;filename;None")
        let state = LogRecord(logtime: MonotonicTime(nanoseconds: 1_000_000_000), scenarioTime: .zero, kind: .state,
                              module: "track", address: "reticle, cursor_proportional", value: .tuple([.float(0.1), .float(0.25)]))
        #expect(SessionLogFormat.labStreamingLayerSample(for: state) == "1.0;0.0;state;track;reticle, cursor_proportional;(0.1, 0.25)")
    }
}
