import Testing
@testable import KioskCore

@Suite struct LabCopyTests {
    static let copy = LabCopy(
        pulled: "2026-11-27 10:02:11",
        entries: [
            RosterEntry(participant: "P017", study: "memory", registered: "2026-11-20 09:00:00", group: "conditions: row 2", notes: "left-handed",
                        withdrawal: RosterEntry.Withdrawal(time: "2026-11-25 15:00:00", by: "staff (desk)", reason: "moved away")),
            RosterEntry(participant: "x'); DROP TABLE roster; --", study: "memory", registered: "2026-11-21 09:00:00"),
        ],
        visits: [LabCopy.Visit(participant: "P017", study: "memory", visit: "baseline", started: "2026-11-20 09:00:00")])

    @Test func whatIsWrittenReadsBackTheSame() throws {
        let text = Self.copy.text
        #expect(text.hasPrefix("labkiosk lab copy 1\npulled\t2026-11-27 10:02:11\nregistered\t2026-11-20 09:00:00\tP017\tmemory\t"))
        #expect(try LabCopy.read(text).get() == Self.copy)
    }

    @Test func aTabOrLineBreakInAFieldCannotSplitTheRecord() throws {
        var copy = Self.copy
        copy.entries[1].notes = "two\tfields\nand a line"
        let read = try LabCopy.read(copy.text).get()
        #expect(read.entries[1].notes == "two fields and a line")
        #expect(read.visits == copy.visits)
    }

    @Test func aCopyCutShortOrMalformedIsRefusedWithItsLine() {
        let text = Self.copy.text
        #expect(throws: RosterLog.Problem.self) { try LabCopy.read(String(text.dropLast(3))).get() }
        #expect(throws: RosterLog.Problem(line: 1, message: "expected \"labkiosk lab copy 1\"")) { try LabCopy.read("labkiosk roster 1\n").get() }
        #expect(throws: RosterLog.Problem(line: 3, message: "expected pulled (2 fields), registered or withdrawn (6 fields) or visit (5 fields), separated by tabs")) {
            try LabCopy.read("labkiosk lab copy 1\npulled\t2026-11-27 10:02:11\nvisit\t2026-11-27 10:02:11\n").get()
        }
        #expect(throws: RosterLog.Problem(line: 2, message: "P1 withdrew from s without being registered")) {
            try LabCopy.read("labkiosk lab copy 1\nwithdrawn\t2026-11-27 10:02:11\tP1\ts\tby\twhy\n").get()
        }
    }

    /// A time written by hand (`' '`) would sort before every real registration and take its place.
    @Test func aTimeThatIsNotOneIsRefused() {
        #expect(throws: RosterLog.Problem(line: 3, message: "expected a kind and a time such as 2026-11-27 10:02:11, separated by a tab")) {
            try LabCopy.read("labkiosk lab copy 1\npulled\t2026-11-27 10:02:11\nregistered\t \tP1\ts\t\t\n").get()
        }
    }

    @Test func crLfReadsAsWritten() throws {
        #expect(try LabCopy.read(Self.copy.text.replacing("\n", with: "\r\n")).get() == Self.copy)
    }
}

@Suite struct RosterMergeTests {
    @Test func theEarliestRegistrationStandsAndAnyWithdrawalCounts() {
        let kioskA = [RosterEntry(participant: "P1", study: "s", registered: "2026-11-20 09:00:00", group: "row 1", notes: "from A"),
                      RosterEntry(participant: "P3", study: "s", registered: "2026-11-22 09:00:00")]
        let kioskB = [RosterEntry(participant: "P2", study: "s", registered: "2026-11-19 09:00:00"),
                      RosterEntry(participant: "P1", study: "s", registered: "2026-11-21 09:00:00", group: "row 1", notes: "from B",
                                  withdrawal: RosterEntry.Withdrawal(time: "2026-11-24 10:00:00", by: "staff (desk)", reason: "ill")),
                      RosterEntry(participant: "P1", study: "other", registered: "2026-11-23 09:00:00")]
        let merged = RosterMerge.merged([kioskA, kioskB])
        #expect(merged.map { "\($0.study)/\($0.participant)" } == ["s/P2", "s/P1", "s/P3", "other/P1"])
        #expect(merged[1].notes == "from A" && merged[1].registered == "2026-11-20 09:00:00")
        #expect(merged[1].withdrawal?.reason == "ill")
        #expect(merged[2].withdrawal == nil && merged[3].withdrawal == nil)
    }

    @Test func theEarlierOfTwoWithdrawalsIsKept() {
        let first = RosterEntry(participant: "P1", study: "s", registered: "2026-11-20 09:00:00",
                                withdrawal: RosterEntry.Withdrawal(time: "2026-11-26 10:00:00", by: "b", reason: "later"))
        var second = first
        second.withdrawal = RosterEntry.Withdrawal(time: "2026-11-25 10:00:00", by: "a", reason: "earlier")
        #expect(RosterMerge.merged([[first], [second]]).map(\.withdrawal?.reason) == ["earlier"])
    }
}
