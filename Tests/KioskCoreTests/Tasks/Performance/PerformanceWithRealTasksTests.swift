import Testing
import TestSupport
@testable import KioskCore

/// The performance bar fed by the real sysmon, track, resman and communications tasks (not
/// scripted stand-ins): the rows they log reach the bar through the session's history.
@Suite struct PerformanceWithRealTasksTests {
    /// The five tasks in their default places, the bar in the bottom-right corner (resman's
    /// pump-status panel, which sits there by default, is switched off); four sysmon failures
    /// left unanswered.
    static let scenario = """
        0:00:00;resman;displaystatus;False
        0:00:00;performance;taskplacement;bottomright
        0:00:00;sysmon;start
        0:00:00;track;start
        0:00:00;scheduling;start
        0:00:00;communications;start
        0:00:00;resman;start
        0:00:00;performance;start
        0:00:01;sysmon;scales-1-failure;True
        0:00:02;sysmon;scales-2-failure;True
        0:00:03;sysmon;scales-3-failure;True
        0:00:04;sysmon;scales-4-failure;True
        0:00:20;sysmon;stop
        0:00:20;track;stop
        0:00:20;scheduling;stop
        0:00:20;communications;stop
        0:00:20;resman;stop
        0:00:20;performance;stop
        """

    @Test func theBarReadsTheRowsTheRealTasksLog() throws {
        var harness = try SessionHarness(Self.scenario)
        harness.run(until: 21, step: 1.0 / 60)
        #expect(harness.session.isFinished)
        let rows = harness.rows
        #expect(rows.contains { $0.kind == .aoi && $0.module == "performance" && $0.address == "bar" })

        // Every bar row shows what the scoring gives for the performance rows logged before it.
        var history = PerformanceHistory()
        for alias in ["sysmon", "track", "scheduling", "communications", "resman"] {
            let period = PluginCatalog.openMATB.descriptor(for: alias)?.parameter("taskupdatetime")?.defaultValue.number
            history.updatePeriodMilliseconds[alias] = try #require(period)
        }
        let parameters = ParameterValues(try #require(PluginCatalog.openMATB.descriptor(for: "performance")))
        var shownLevel: PyValue?
        var levelRows = 0
        for row in rows {
            if row.kind == .performance { history.record(row) }
            guard row.kind == .state, row.module == "performance", row.address.hasPrefix("bar, level") else { continue }
            levelRows += 1
            let outcome = PerformanceScoring.outcome(taskLevels: PerformanceScoring.taskLevels(history), parameters: parameters)
            #expect(row.value.number == outcome.displayedLevel.number, "bar at \(row.scenarioTime.map(\.seconds) ?? -1)")
            shownLevel = row.value
        }
        #expect(levelRows >= 1, "the bar moves")
        // The four unanswered failures are MISSes (sysmon level 0), so the bar ends held at the
        // critical level, in red.
        let levels = PerformanceScoring.taskLevels(history)
        #expect(levels["sysmon"] == 0)
        #expect(levels["track"] != nil, "track's cursor_in_target rows reach the bar")
        #expect(levels["resman"] != nil, "resman's tolerance rows reach the bar")
        #expect(shownLevel?.number == 20)
        #expect(rows.contains { $0.kind == .state && $0.module == "performance" && $0.address == "bar, color" && $0.value == parameters["criticalcolor"] })
    }
}
