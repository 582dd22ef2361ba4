import Testing
@testable import KioskCore

@Suite struct SessionLogFormatTests {
    @Test func headerIsExactAndCRLFTerminated() {
        let expected = "logtime,scenario_time,type,module,address,value\r\n"
        #expect(SessionLogFormat.header == Array(expected.utf8))
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("", ""),
        ("a, b", "\"a, b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("line\nbreak", "\"line\nbreak\""),
        ("carriage\rreturn", "\"carriage\rreturn\""),
        ("crlf\r\npair", "\"crlf\r\npair\""),
        ("tab\tstays raw", "tab\tstays raw"),
        ("'single' quotes; semicolons", "'single' quotes; semicolons"),
    ])
    func quotesOnlyWhenNeeded(field: String, expected: String) {
        #expect(SessionLogFormat.quotedIfNeeded(field) == expected)
    }

    @Test func scalarsAreRoundedToSixDecimals() {
        #expect(SessionLogFormat.fieldText(.float(2.4292494)) == "2.429249")
        #expect(SessionLogFormat.fieldText(.float(2.4292496)) == "2.42925")
        #expect(SessionLogFormat.fieldText(.float(150)) == "150.0")
        #expect(SessionLogFormat.fieldText(.float(0.0000004)) == "0.0")
        #expect(SessionLogFormat.fieldText(.float(1e-5)) == "1e-05")
        #expect(SessionLogFormat.fieldText(.float(.nan)) == "nan")
        #expect(SessionLogFormat.fieldText(.float(-.infinity)) == "-inf")
        #expect(SessionLogFormat.fieldText(.int(26)) == "26")
    }

    @Test func boolsBecomeIntsAndNoneBecomesEmpty() {
        #expect(SessionLogFormat.columnValue(.bool(true)) == .int(1))
        #expect(SessionLogFormat.fieldText(.bool(true)) == "1")
        #expect(SessionLogFormat.fieldText(.bool(false)) == "0")
        #expect(SessionLogFormat.fieldText(.none) == "")
    }

    @Test func containersAndStringsAreNotRounded() {
        let precise = PyValue.tuple([.float(1.5551740801295997), .bool(true)])
        #expect(SessionLogFormat.columnValue(precise) == precise)
        #expect(SessionLogFormat.fieldText(precise) == "(1.5551740801295997, True)")
        #expect(SessionLogFormat.fieldText(.list([.float(0.1234567891)])) == "[0.1234567891]")
        #expect(SessionLogFormat.fieldText(.string("0.1234567891")) == "0.1234567891")
        #expect(SessionLogFormat.fieldText(.string("None")) == "None")
    }

    @Test func scenarioTimeIsIntZeroBeforeTheFirstFrameAndAFloatAfter() {
        let before = LogRecord(
            logtime: MonotonicTime(nanoseconds: 1_000_000_000), scenarioTime: nil, kind: .manual, value: .string("x"))
        var after = before
        after.scenarioTime = .zero
        #expect(SessionLogFormat.line(for: before) == "1.0,0,manual,,,x\r\n")
        #expect(SessionLogFormat.line(for: after) == "1.0,0.0,manual,,,x\r\n")
    }

    @Test func timesAreRoundedHalfEvenOnTheirExactBinaryValue() {
        // As doubles, 0.0000025 s lies just above the half (2.5000000000000002e-06…) and
        // 0.0000035 s just below it, so both round to 3e-06, as Python's round(x, 6) does.
        let record = LogRecord(
            logtime: MonotonicTime(nanoseconds: 2_500), scenarioTime: .init(nanoseconds: 3_500), kind: .manual,
            value: .string("end"))
        #expect(SessionLogFormat.line(for: record) == "3e-06,3e-06,manual,,,end\r\n")
    }

    @Test func moduleAddressAndValueWithCommasOrQuotesAreQuoted() {
        let record = LogRecord(
            logtime: MonotonicTime(nanoseconds: 1_500_000_000), scenarioTime: .milliseconds(250), kind: .performance,
            module: "genericscales", address: "Effort, \"mental\"", value: .string("a\r\nb"))
        let expected = "1.5,0.25,performance,genericscales,\"Effort, \"\"mental\"\"\",\"a\r\nb\"\r\n"
        #expect(SessionLogFormat.line(for: record) == expected)
    }

    @Test func bytesAreUTF8() {
        let record = LogRecord(
            logtime: MonotonicTime(nanoseconds: 0), scenarioTime: nil, kind: .manual, value: .string("é"))
        let expected = "0.0,0,manual,,,é\r\n0.0,0,manual,,,é\r\n"
        #expect(SessionLogFormat.bytes(for: [record, record]) == Array(expected.utf8))
    }
}
