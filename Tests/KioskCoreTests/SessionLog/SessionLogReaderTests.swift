import Testing
@testable import KioskCore

@Suite struct SessionLogReaderTests {
    private func read(_ text: String) throws(SessionLogReader.Failure) -> SessionLogReader.Contents {
        try SessionLogReader.read(Array(text.utf8), file: "s.csv")
    }

    @Test func readsWhatTheWriterWrote() throws {
        let records = [
            LogRecord(logtime: MonotonicTime(nanoseconds: 445_473_999_000), scenarioTime: nil, kind: .version, value: .string("labkiosk 0.1.0")),
            LogRecord(logtime: MonotonicTime(nanoseconds: 445_500_000_000), scenarioTime: .microseconds(9626), kind: .input,
                      module: "touch", address: "finger_3, press", value: .tuple([.float(812.5), .float(300.25)])),
            LogRecord(logtime: MonotonicTime(nanoseconds: 445_600_000_000), scenarioTime: .seconds(2), kind: .manual,
                      value: .string("say \"hi\",\nthen go")),
        ]
        let text = SessionLogFormat.headerLine + records.map(SessionLogFormat.line(for:)).joined()
        let contents = try read(text)
        #expect(contents.cutShortLine == nil)
        #expect(contents.rows.map(\.line) == [2, 3, 4])
        #expect(contents.rows[1].address == "finger_3, press")
        #expect(contents.rows[1].value == "(812.5, 300.25)")
        #expect(contents.rows[1].scenarioClock == .microseconds(9626))
        #expect(contents.rows[2].value == "say \"hi\",\nthen go")
        for (row, record) in zip(contents.rows, records) {
            #expect(row.timelessText + "\r\n" == String(SessionLogFormat.line(for: record).drop { $0 != "," }.dropFirst()))
        }
    }

    @Test func aScenarioTimeNoClockReachesIsNoTimeRatherThanACrash() throws {
        // Found by the session-log fuzzer: a scenario_time of 1.7e59 trapped converting to Int64.
        let contents = try read("logtime,scenario_time,type,module,address,value\r\n1.0,177777777777777777777777777777777777777777777777777777777777,manual,,,end\r\n"
                                + "1.1,nan,manual,,,end\r\n1.2,-9300000000,manual,,,end\r\n1.3,4000000000,manual,,,end\r\n")
        #expect(contents.rows.map(\.scenarioClock) == [nil, nil, nil, .seconds(4_000_000_000)])
        #expect(LoggedInputReader.inputs(in: contents.rows).map(\.time) == [.seconds(4_000_000_000)], "only the time a clock reaches")
    }

    @Test func setsAsideALineACrashCutShort() throws {
        let contents = try read("logtime,scenario_time,type,module,address,value\r\n1.0,0.5,manual,,,end\r\n1.1,0.6,state,tra")
        #expect(contents.rows.count == 1)
        #expect(contents.cutShortLine == "1.1,0.6,state,tra")
    }

    @Test func namesTheLineAndColumnOfAMalformedRow() {
        #expect(throws: SessionLogReader.Failure(file: "s.csv", line: 3, column: 1, message: "expected 6 columns (logtime, scenario_time, type, module, address, value), found 4")) {
            try read("logtime,scenario_time,type,module,address,value\r\n1.0,0.5,manual,,,end\r\n1.0,0.5,manual,x\r\n")
        }
        #expect(throws: SessionLogReader.Failure(file: "s.csv", line: 2, column: 11, message: "a quote inside an unquoted field; expected quotes around the whole field")) {
            try read("logtime,scenario_time,type,module,address,value\r\n1.0,0.5,ma\"nual,,,end\r\n")
        }
    }

    @Test func refusesAFileThatIsNotASessionLog() {
        #expect(throws: SessionLogReader.Failure.self) { try read("n;t;x;y;event\n") }
        #expect(throws: SessionLogReader.Failure.self) { try read("") }
    }
}
