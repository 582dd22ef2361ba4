import Testing
@testable import KioskCore

@Suite struct BIDSEventsTests {
    static let rows: [SessionLogRow] = [
        SessionLogRow(line: 2, logtime: "100.0", scenarioTime: "0", type: "version", module: "", address: "", value: "labkiosk 0.2.0"),
        SessionLogRow(line: 3, logtime: "100.0", scenarioTime: "0", type: "manual", module: "", address: "", value: "participant: P-07"),
        SessionLogRow(line: 4, logtime: "100.0", scenarioTime: "0", type: "manual", module: "labkiosk", address: "language", value: "en"),
        SessionLogRow(line: 5, logtime: "100.0", scenarioTime: "0.0", type: "event", module: "sysmon", address: "self", value: "start"),
        SessionLogRow(line: 6, logtime: "101.5", scenarioTime: "1.5", type: "state", module: "sysmon", address: "scale1, arrow", value: "4"),
        SessionLogRow(line: 7, logtime: "102.25", scenarioTime: "2.25", type: "input", module: "touch", address: "finger_1, press", value: "(10.0, 20.5)"),
        SessionLogRow(line: 8, logtime: "103.0", scenarioTime: "3.0", type: "performance", module: "sysmon", address: "response_time", value: "nan"),
        SessionLogRow(line: 9, logtime: "104.0", scenarioTime: "3.0", type: "manual", module: "", address: "", value: "end"),
    ]

    @Test func eventsStartWithOnsetAndDurationAndLeaveOutStateAndTheLogsOwnDescription() {
        let lines = BIDSEvents.tsv(Self.rows).split(separator: "\n").map(String.init)
        #expect(lines == [
            "onset\tduration\ttrial_type\tscenario_time\tmodule\taddress\tvalue",
            "0.000000\t0\tscenario_event\t0.0\tsysmon\tself\tstart",
            "2.250000\t0\tinput\t2.25\ttouch\tfinger_1, press\t(10.0, 20.5)",
            "3.000000\t0\tperformance\t3.0\tsysmon\tresponse_time\tnan",
            "4.000000\t0\tnote\t3.0\tn/a\tn/a\tend",
        ])
    }

    @Test func theSidecarDescribesEveryColumnAndLevel() {
        let sidecar = BIDSEvents.sidecar(version: "labkiosk 0.2.0")
        for column in ["onset", "duration", "trial_type", "scenario_time", "module", "address", "value"] {
            #expect(sidecar.contains("\"\(column)\": {\"Description\": "), "\(column)")
        }
        for level in BIDSEvents.levels { #expect(sidecar.contains("\"\(level.level)\": ")) }
        #expect(sidecar.contains("\"SoftwareVersion\": \"labkiosk 0.2.0\""))
    }

    @Test func theTidyTableHasOneRowPerPerformanceValueWithMissingValuesEmpty() {
        #expect(TidyPerformance.rows(Self.rows, participant: "P-07", session: "s1", run: 3)
                == "P-07,s1,3,sysmon,3.000000,3.0,response_time,\n")
    }

    /// Found by the `session-log` fuzz target: a logtime of 9999999999 s overflowed Int64 nanoseconds.
    @Test func logtimesNoClockCanGiveAreNoTime() throws {
        let rows = try SessionLogReader.read(Array("logtime,scenario_time,type,module,address,value\r\n9999999999,1,,,,\r\n".utf8), file: "s.csv").rows
        #expect(BIDSEvents.tsv(rows) == BIDSEvents.columns.map(\.name).joined(separator: "\t") + "\n")
        #expect(TidyPerformance.rows(rows, participant: "P", session: "1", run: 1).isEmpty)
        for text in ["9999999999", "1e300", "-1e300", "nan", "inf"] { #expect(SessionLogClock.monotonicTime(text) == nil) }
        #expect(SessionLogClock.monotonicTime("445.473999") == MonotonicTime(nanoseconds: 445_473_999_000))
    }

    @Test func labelsKeepLettersAndDigitsOnly() {
        #expect(BIDSLabel.make("P-07") == "P07")
        #expect(BIDSLabel.make("workload-pilot_2026-11-24_223204") == "workloadpilot20261124223204")
        #expect(BIDSLabel.make("é_-") == "unknown")
    }
}
