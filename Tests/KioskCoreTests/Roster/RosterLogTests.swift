import Testing
@testable import KioskCore

@Suite struct RosterLogTests {
    static let header = RosterLog.firstLine + "\n"
    static func registered(_ participant: String, _ study: String = "s", at time: String = "2026-11-27 10:00:00") -> String {
        RosterLog.registered(RosterEntry(participant: participant, study: study, registered: time))
    }
    static func withdrawn(_ participant: String, _ study: String = "s", reason: String = "moved") -> String {
        RosterLog.withdrawn(participant: participant, study: study, .init(time: "2026-12-04 09:00:00", by: "staff (desk)", reason: reason))
    }

    @Test func registrationsAndWithdrawalsReadBack() {
        let entry = RosterEntry(participant: "P017", study: "memory", registered: "2026-11-27 10:00:00", group: "c: row 2", notes: "left\thanded\nx")
        let text = Self.header + RosterLog.registered(entry) + Self.registered("P017", "pilot", at: "2026-11-27 11:00:00") + Self.withdrawn("P017", "memory")
        let reading = RosterLog.read(text)
        #expect(reading.problems.isEmpty)
        #expect(reading.entries.count == 2)
        #expect(reading.entries[0].notes == "left handed x")
        #expect(reading.entries[0].withdrawal == .init(time: "2026-12-04 09:00:00", by: "staff (desk)", reason: "moved"))
        #expect(reading.entries[1].study == "pilot" && reading.entries[1].withdrawal == nil)
    }

    @Test func aGarbageLineIsNamedAndTheRestIsRead() {
        let reading = RosterLog.read(Self.header + Self.registered("P1") + "%%% garbage from an editor\n" + Self.registered("P2"))
        #expect(reading.entries.map(\.participant) == ["P1", "P2"])
        #expect(reading.problems == [RosterLog.Problem(line: 3, message: "expected six fields separated by tabs: what, time, participant, study, and two more")])
    }

    @Test func aDamagedLineThatNamesAParticipantHoldsThemBack() {
        let reading = RosterLog.read(Self.header + Self.registered("P1") + "withdrawn\tyesterday\tP1\ts\tstaff\twhy\n" + Self.registered("P2"))
        let problem = reading.problem(holding: "P1", in: "s")
        #expect(problem?.line == 3)
        #expect(problem?.message == "expected a time such as 2026-11-27 10:02:11, not \"yesterday\"")
        #expect(reading.problem(holding: "P2", in: "s") == nil)
        #expect(reading.problem(holding: "P1", in: "other") == nil)
    }

    @Test func crLfAndAByteOrderMarkReadAsWritten() {
        let text = "\u{FEFF}" + (Self.header + Self.registered("P1") + Self.withdrawn("P1")).replacing("\n", with: "\r\n")
        let reading = RosterLog.read(text)
        #expect(reading.problems.isEmpty)
        #expect(reading.entries.count == 1 && reading.entries[0].withdrawal?.reason == "moved")
    }

    @Test func aRepeatedRegistrationKeepsTheFirst() {
        let reading = RosterLog.read(Self.header + Self.registered("P1") + Self.registered("P1") + Self.registered("P1", at: "2026-11-28 10:00:00"))
        #expect(reading.entries == [RosterEntry(participant: "P1", study: "s", registered: "2026-11-27 10:00:00")])
        #expect(reading.problems.map(\.line) == [3, 4])
        #expect(reading.problems[0].message.hasSuffix("changes nothing"))
        #expect(reading.problems[1].message.hasSuffix("the first registration stands"))
        #expect(reading.problems.allSatisfy { $0.holds == nil })
    }

    /// What a crash can leave at the end: a line without its break counts when its kind, time,
    /// participant and study are whole; anything shorter is set aside and holds nobody back.
    @Test func aTornLastLineCountsWhenWholeAndIsSetAsideWhenNot() {
        let registration = Self.registered("P2")
        let whole = RosterLog.read(Self.header + Self.registered("P1") + String(registration.dropLast()))
        #expect(whole.entries.map(\.participant) == ["P1", "P2"] && whole.problems.isEmpty)
        let withdrawal = Self.withdrawn("P1", reason: "moved away")
        let reasonCut = RosterLog.read(Self.header + Self.registered("P1") + String(withdrawal.prefix(withdrawal.count - 6)))
        #expect(reasonCut.entries[0].withdrawal?.reason == "moved")
        let studyCut = RosterLog.read(Self.header + Self.registered("P1") + "withdrawn\t2026-12-04 09:00:00\tP1\ts")
        #expect(studyCut.entries[0].withdrawal == nil)
        #expect(studyCut.problems == [RosterLog.Problem(line: 3, message: "a line a crash cut short; it is set aside")])
        // The same cut in the middle of the file is damage, not a crash's tail.
        let middle = RosterLog.read(Self.header + "registered\t2026-11-27 10:00:00\tP9\ts\n" + Self.registered("P1"))
        #expect(middle.problem(holding: "P9", in: "s") != nil)
    }

    @Test func theFirstLineMissingOrWrongIsNamed() {
        #expect(RosterLog.read("roster\n" + Self.registered("P1")).problems == [RosterLog.Problem(line: 1, message: "expected \"labkiosk roster 1\"")])
        let headless = RosterLog.read(Self.registered("P1"))
        #expect(headless.entries.count == 1)
        #expect(headless.problems.map(\.line) == [1])
    }

    @Test func aWithdrawalWithoutRegistrationHoldsTheParticipant() {
        let reading = RosterLog.read(Self.header + Self.withdrawn("P2"))
        #expect(reading.entries.isEmpty)
        #expect(reading.problem(holding: "P2", in: "s")?.message == "P2 withdrew from s without being registered")
    }

    @Test func bytesThatAreNotTextAreNamed() {
        let reading = RosterLog.read(Self.header + "registered\t2026-11-27 10:00:00\tP\u{FFFD}1\ts\t\t\n" + Self.registered("P2"))
        #expect(reading.entries.map(\.participant) == ["P2"])
        #expect(reading.problems.first?.message == "this line is not UTF-8 text")
    }

    @Test(arguments: ["2026-11-27 10:00:00", "2024-02-29 23:59:60"])
    func timesAsTheRosterWritesThem(_ time: String) { #expect(RosterLog.isTime(time)) }

    @Test(arguments: [" ", "", "2026-11-27T10:00:00", "2026-02-30 10:00:00", "2026-11-27 24:00:00", "2026-11-27 10:60:00", "2026-11-27 10:00:0x",
                      "2026-11-27 10:00:00 "])
    func notTimes(_ text: String) { #expect(!RosterLog.isTime(text)) }

    /// Linear: 200,000 lines of one study, each participant looked up by key (a quadratic
    /// reader takes minutes here; scripts/bench times it).
    @Test func aLargeRosterReadsWhole() {
        var text = Self.header
        for number in 0..<200_000 { text += Self.registered("P\(number)") }
        let reading = RosterLog.read(text)
        #expect(reading.entries.count == 200_000 && reading.problems.isEmpty)
    }
}
