import Testing
import TestSupport
@testable import KioskCore

/// The cases of OpenMATB's tests/test_parallelport_logic.py.
@Suite struct ParallelPortTaskTests {
    private func run(_ lines: String, until seconds: Double) throws -> (rows: [String], writes: [(time: Double, byte: UInt8)]) {
        var harness = try SessionHarness(lines)
        var writes: [(Double, UInt8)] = []
        var elapsed = 0.0
        while elapsed < seconds {
            elapsed += 1.0 / 60
            harness.run(until: elapsed, step: 1.0 / 60)
            for output in harness.session.takeDeviceOutputs() {
                if case .writeParallelPort(let byte) = output.action { writes.append((output.time.seconds, byte)) }
            }
        }
        return (harness.linesWithoutLogtime.filter { $0.contains("state,parallelport") }, writes)
    }

    @Test func aTriggerIsAPulseOfDelaymsThenZero() throws {
        let (rows, writes) = try run("""
            0:00:00;parallelport;delayms;20
            0:00:00;parallelport;start
            0:00:01;parallelport;trigger;10
            0:00:02;parallelport;stop
            """, until: 1.5)
        #expect(rows == ["1.0,state,parallelport,\"trigger, value\",10", "1.02,state,parallelport,\"trigger, value\",0"])
        #expect(writes.map(\.byte) == [10, 0])
        #expect(abs(writes[1].time - writes[0].time - 0.020) < 1e-9, "the timer grows 5 ms per update up to delayms")
    }

    @Test func triggersArrivingWhileBusyWaitTheirTurn() throws {
        let (rows, writes) = try run("""
            0:00:00;parallelport;start
            0:00:01;parallelport;trigger;10
            0:00:01;parallelport;trigger;20
            0:00:01;parallelport;trigger;30
            0:00:02;parallelport;stop
            """, until: 1.5)
        // Each pulse lasts one 5 ms update; the queue drains when the port is down again.
        #expect(rows == [
            "1.0,state,parallelport,\"trigger, value\",10",
            "1.005,state,parallelport,\"trigger, value\",0",
            "1.01,state,parallelport,\"trigger, value\",20",
            "1.015,state,parallelport,\"trigger, value\",0",
            "1.02,state,parallelport,\"trigger, value\",30",
            "1.025,state,parallelport,\"trigger, value\",0",
        ])
        #expect(writes.map(\.byte) == [10, 0, 20, 0, 30, 0])
    }

    @Test func withoutAPortTheParametersAreScenarioErrors() {
        let result = ScenarioValidator(catalog: PluginCatalog.openMATB.withoutParallelPort, context: .noFiles)
            .validate(Array("0:00:00;parallelport;start\n0:00:01;parallelport;trigger;5\n0:00:02;parallelport;stop\n".utf8), path: "p.txt")
        guard case .failure(let errors) = result else {
            Issue.record("expected an error")
            return
        }
        #expect(errors.diagnostics.map(\.line) == [2])
    }
}
