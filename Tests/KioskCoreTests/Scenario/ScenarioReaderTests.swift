import Testing
@testable import KioskCore

@Suite struct ScenarioReaderTests {
    private func read(_ text: String) -> (lines: [ScenarioLine], diagnostics: [ScenarioDiagnostic]) {
        ScenarioReader.read(Array(text.utf8), file: "s.txt")
    }

    @Test func parsesTimesPluginsAndCommands() throws {
        let (lines, problems) = read("0:02:30;resman;pump-1-state;on\n1:30:45;sysmon;start\n")
        #expect(problems.isEmpty)
        #expect(lines.count == 2)
        #expect(lines[0].time == .seconds(150))
        #expect(lines[0].plugin == .init("resman", column: 9))
        #expect(lines[0].command.map(\.text) == ["pump-1-state", "on"])
        #expect(lines[0].command.map(\.column) == [16, 29])
        #expect(lines[1].time == .seconds(5445))
        #expect(lines[1].lineNumber == 2)
    }

    /// Found by the `scenario` fuzz target: nanoseconds of `0:0:45111111111` overflowed Int64.
    @Test func aTimeNoSessionCanReachIsAnErrorAtItsColumn() {
        let (lines, problems) = read("0:0:45111111111;sysmon;start\n1:00:00;sysmon;stop\n")
        #expect(lines.map(\.lineNumber) == [2])
        #expect(problems.map { [$0.line, $0.column] } == [[1, 1]])
        #expect(problems.first?.message.hasPrefix("a scenario time must be at most 1281023:") == true)
    }

    /// `-0:00:01` adds up to +1 s; any signed part is refused where it stands.
    @Test func aMinusSignInATimeIsRefusedEvenWhenThePartsAddUpToMoreThanZero() {
        let (lines, problems) = read("-0:00:01;sysmon;start\n0:01:-10;sysmon;stop\n0:00:05;track;start\n")
        #expect(lines.map(\.lineNumber) == [3])
        #expect(problems.map { [$0.line, $0.column] } == [[1, 1], [2, 1]])
        #expect(problems.first?.message == "a scenario time cannot be negative (found `-0:00:01`)")
    }

    @Test func timesReadLikePythonInt() {
        #expect(ScenarioTimeFormat.seconds(from: "0:0:75") == 75)
        #expect(ScenarioTimeFormat.seconds(from: " 0: 01 :1_0") == 70)
        #expect(ScenarioTimeFormat.seconds(from: "+0:00:05") == 5)
        #expect(ScenarioTimeFormat.seconds(from: "abc:00:00") == nil)
        #expect(ScenarioTimeFormat.seconds(from: "0:00") == nil)
        #expect(ScenarioTimeFormat.seconds(from: "0:00:1__0") == nil)
        #expect(ScenarioTimeFormat.seconds(from: "9999999999999999:00:00") == nil)
    }

    @Test func canonicalTimes() {
        #expect(ScenarioTimeFormat.hoursMinutesSeconds(0) == "0:00:00")
        #expect(ScenarioTimeFormat.hoursMinutesSeconds(3600) == "1:00:00")
        #expect(ScenarioTimeFormat.hoursMinutesSeconds(3723) == "1:02:03")
        #expect(ScenarioTimeFormat.clockText(65) == "00:01:05")
        #expect(ScenarioTimeFormat.clockText(-1) == "23:59:59")
    }

    @Test func skipsBlankLinesAndFirstColumnComments() {
        let (lines, problems) = read("# title\n\n   \n0:00:01;track;start\n#0:00:02;track;stop\n")
        #expect(problems.isEmpty)
        #expect(lines.map(\.lineNumber) == [4])
    }

    @Test func indentedCommentIsLocated() {
        let (_, problems) = read("0:00:00;sysmon;start\n   # note\n")
        #expect(problems.count == 1)
        #expect(problems[0].line == 2 && problems[0].column == 4)
        #expect(problems[0].message.contains("first column"))
    }

    @Test func malformedLinesAreAllReported() {
        let (lines, problems) = read(";sysmon;start\nabc:00:00;sysmon;start\nno separators\n0:00:00;sysmon;start\n")
        #expect(lines.count == 1)
        #expect(problems.map(\.line) == [1, 2, 3])
        #expect(problems[0].message.contains("expected a time"))
        #expect(problems[2].message.contains("expected `H:MM:SS;plugin;command`"))
    }

    @Test func crlfAndCrLineEndingsReadLikeLf() {
        let (lines, problems) = read("0:00:00;sysmon;start\r\n0:00:01;sysmon;stop\r0:00:02;track;start")
        #expect(problems.isEmpty)
        #expect(lines.map(\.lineNumber) == [1, 2, 3])
        #expect(lines[0].command.map(\.text) == ["start"])
    }

    @Test func fileLevelProblems() {
        #expect(ScenarioReader.read([], file: "e.txt").diagnostics.first?.message.contains("empty") == true)
        let bom = ScenarioReader.read([0xEF, 0xBB, 0xBF] + Array("0:00:00;sysmon;start\n".utf8), file: "b.txt")
        #expect(bom.diagnostics.first?.message.contains("byte-order mark") == true)
        let binary = ScenarioReader.read(Array("0:00:00;sysmon;start\n0:0".utf8) + [0, 1, 2], file: "n.txt")
        #expect(binary.diagnostics.first?.line == 2)
        #expect(binary.diagnostics.first?.message.contains("NUL") == true)
        let latin1 = ScenarioReader.read(Array("0:00:00;sysmon;title;".utf8) + [0xE9, 0x0A], file: "l.txt")
        #expect(latin1.diagnostics.first?.message.contains("not valid UTF-8") == true)
        #expect(latin1.diagnostics.first?.column == 22)
        let comments = read("# only a comment\n")
        #expect(comments.diagnostics.first?.message.contains("no event lines") == true)
        let huge = ScenarioReader.read([UInt8](repeating: 0x23, count: ScenarioReader.maximumByteCount + 1), file: "h.txt")
        #expect(huge.diagnostics.first?.message.contains("at most") == true)
    }

    @Test func diagnosticsPrintLikeACompiler() {
        let d = ScenarioDiagnostic(file: "a.txt", line: 3, column: 9, severity: .error, message: "bad")
        #expect(d.description == "a.txt:3:9: error: bad")
        #expect(ScenarioDiagnostic(file: "a.txt", line: 0, column: 0, severity: .warning, message: "w").description == "a.txt: warning: w")
    }
}
