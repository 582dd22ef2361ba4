import Testing
import TestSupport
@testable import KioskCore

@Suite struct MATBBlockSummaryTests {
    @Test func figuresSumUpTheTasksTheBlockRan() throws {
        var harness = try SessionHarness("""
            0:00:00;track;start
            0:00:00;sysmon;start
            0:00:00;sysmon;scales-1-failure;True
            0:00:20;track;stop
            0:00:20;sysmon;stop
            """)
        harness.run(until: 21, step: 1.0 / 60)
        let figures = Dictionary(uniqueKeysWithValues: harness.session.summaryFigures.map { ($0.name, $0.value) })
        #expect(figures["sysmon HIT"] == "0")
        #expect(figures["sysmon MISS"] == "1", "the failure nobody answered")
        #expect(figures["sysmon FA"] == "0")
        let inTarget = Double(figures["track in target %"] ?? "") ?? -1
        #expect(inTarget >= 0 && inTarget <= 100)
        // The cursor's RMS distance from the centre over every update, as its rows log it.
        let deviations = harness.rows.filter { $0.kind == .performance && $0.module == "track" && $0.address == "center_deviation" }
            .compactMap(\.value.number)
        let rms = (deviations.map { $0 * $0 }.reduce(0, +) / Double(deviations.count)).squareRoot()
        #expect(deviations.count > 900 && rms > 1)
        #expect(figures["track RMS deviation px"] == String((rms * 10).rounded() / 10))
        #expect(figures["resman tank A in tolerance %"] == nil, "resman did not run")
        #expect(figures["communications HIT"] == nil)
    }
}
