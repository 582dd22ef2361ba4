import Testing
@testable import KioskCore

@Suite struct SessionLogComparisonTests {
    /// Rows from `scenario_time,type,module,address,value` lines; logtime is made up, and
    /// differs between logs as it would.
    private func rows(_ lines: [String], logtime: Double = 100) -> [SessionLogRow] {
        let text = SessionLogFormat.headerLine + lines.enumerated().map { "\(logtime + Double($0.offset)),\($0.element)\r\n" }.joined()
        return (try? SessionLogReader.read(Array(text.utf8), file: "x.csv").rows) ?? []
    }

    private func result(_ comparison: SessionLogComparison, _ address: String) -> SessionLogComparison.AddressResult? {
        comparison.addresses.first { $0.address.address == address }
    }

    @Test func aLogIsIdenticalToItselfWhateverItsLogtimesAndWriterRows() {
        let session = ["0.0,event,sysmon,,start", "0.2,state,sysmon,\"scale1, arrow\",4", "0.4,state,sysmon,\"scale1, arrow\",3"]
        let first = rows(["0,version,,,1.4.5", "0,scenario_path,,,a.txt"] + session)
        let second = rows(["0,version,,,labkiosk 0.2.0", "0,scenario_path,,,/lab/a.txt", "0,manual,labkiosk,cadence,fixed",
                           "0,manual,,,labkiosk: scenario SHA-256 00"] + session, logtime: 5000)
        let comparison = SessionLogComparison(first, second)
        #expect(comparison.verdict == .identical)
        #expect(comparison.firstRowCount == 3 && comparison.secondRowCount == 3)
        #expect(comparison.text(first: ("a.csv", "1.4.5"), second: ("b.csv", "labkiosk 0.2.0")).hasSuffix(
            "verdict: identical: every row of each log has its match at the same time in the other"))
    }

    @Test func pythonObjectAddressesDoNotCount() {
        let comparison = SessionLogComparison(
            rows(["0.0,parameter,sysmon,lights-1-widget,<core.widgets.light.Light object at 0x7f5b885b8e50>"]),
            rows(["0.0,parameter,sysmon,lights-1-widget,<core.widgets.light.Light object>"]))
        #expect(comparison.verdict == .identical)
        #expect(SessionLogComparison.comparable("{'a': <x.Y object at 0xdead>, 'b': <x.Z object at 0x1f>}") == "{'a': <x.Y object>, 'b': <x.Z object>}")
    }

    @Test func timesWithinAMillisecondAreTheSameTime() {
        let comparison = SessionLogComparison(rows(["0.05000000000000001,state,track,\"reticle, cursor_relative\",\"(0.0, 1.0)\""]),
                                              rows(["0.0504,state,track,\"reticle, cursor_relative\",\"(0.0, 1.0)\""]))
        #expect(comparison.verdict == .identical)
    }

    @Test func sortsEachRowIntoExactShiftedDiffersOrOneLogOnly() throws {
        let first = rows([
            "1.0,state,track,cursor,a", "2.0,state,track,cursor,b", "3.0,state,track,cursor,c", "4.0,state,track,cursor,d",
            "5.0,state,track,cursor,e",
        ])
        let second = rows([
            "1.0,state,track,cursor,a", "2.5,state,track,cursor,b", "3.0,state,track,cursor,X", "6.0,state,track,cursor,f",
            "7.0,state,track,cursor,g",
        ])
        let comparison = SessionLogComparison(first, second)
        let cursor = try #require(result(comparison, "cursor"))
        #expect(cursor.count(.exact) == 1)
        #expect(cursor.count(.shifted) == 1 && cursor.shifts == [0.5])
        #expect(cursor.count(.differs) == 1)
        #expect(cursor.count(.onlyFirst) == 2 && cursor.count(.onlySecond) == 2)
        #expect(comparison.verdict == .different(addresses: 1))
        let differs = try #require(cursor.examples.first { $0.outcome == .differs })
        #expect(differs.first?.value == "c" && differs.second?.value == "X" && differs.first?.line == 4)
        let text = comparison.text(first: ("a.csv", "1.4.5"), second: ("b.csv", "labkiosk 0.2.0"))
        #expect(text.contains("1 address has rows that differ or are in one log only:"))
        #expect(text.contains("    differs: first line 4 at 3.0 s: c · second line 4 at 3.0 s: X"))
        #expect(text.contains("    shifted: first line 3 at 2.0 s: b · second line 3 at 2.5 s: b"))
    }

    @Test func valuesOnlyAtOtherTimesAreNotADifference() {
        let comparison = SessionLogComparison(rows(["8.96,event,communications,,radioprompt", "9.0,state,sysmon,light,on"]),
                                              rows(["11.85,event,communications,,radioprompt", "9.0,state,sysmon,light,on"]))
        #expect(comparison.verdict == .sameValuesAtOtherTimes(addresses: 1))
        let text = comparison.text(first: ("openmatb.csv", "1.4.5"), second: ("labkiosk.csv", "labkiosk 0.2.0"))
        #expect(text.contains("first:  openmatb.csv (OpenMATB 1.4.5), 2 rows compared"))
        #expect(text.contains("1 of 2 addresses match row for row (1 rows)."))
        #expect(text.contains("1 more have the same values, 1 rows at other times (second log later by +2.890 s median, +2.890 s at most): communications 1."))
        #expect(!text.contains("Examples:"))
    }

    @Test func addressesOfOneLogOnlyAreListed() throws {
        let comparison = SessionLogComparison(rows(["0.0,state,scheduling,clock,0:00"]),
                                              rows(["0.0,state,scheduling,clock,0:00", "60.0,state,scheduling,clock,1:00",
                                                    "0.1,performance,track,center_deviation,3.5"]))
        #expect(try #require(result(comparison, "center_deviation")).count(.onlySecond) == 1)
        #expect(try #require(result(comparison, "clock")).count(.onlySecond) == 1)
        #expect(comparison.verdict == .different(addresses: 2))
    }
}
