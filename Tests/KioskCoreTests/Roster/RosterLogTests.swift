import Testing
@testable import KioskCore

@Suite struct RosterLogTests {
    @Test func registrationsAndWithdrawalsReadBack() throws {
        let entry = RosterEntry(participant: "P017", study: "memory", registered: "2026-11-27 10:00:00", group: "c: row 2", notes: "left\thanded\nx")
        let text = RosterLog.firstLine + "\n" + RosterLog.registered(entry)
            + RosterLog.registered(RosterEntry(participant: "P017", study: "pilot", registered: "2026-11-27 11:00:00"))
            + RosterLog.withdrawn(participant: "P017", study: "memory", .init(time: "2026-12-04 09:00:00", by: "staff (desk)", reason: "moved"))
            + "registered\t2026-12"
        let entries = try RosterLog.read(text).get()
        #expect(entries.count == 2)
        #expect(entries[0].notes == "left handed x")
        #expect(entries[0].withdrawal == .init(time: "2026-12-04 09:00:00", by: "staff (desk)", reason: "moved"))
        #expect(entries[1].study == "pilot" && entries[1].withdrawal == nil)
    }

    @Test func aBrokenLineIsNamed() {
        let registered = RosterLog.registered(RosterEntry(participant: "P1", study: "s", registered: "2026-11-27 10:00:00"))
        #expect(throws: RosterLog.Problem(line: 3, message: "P1 is registered for s twice")) {
            try RosterLog.read(RosterLog.firstLine + "\n" + registered + registered).get()
        }
        #expect(throws: RosterLog.Problem.self) { try RosterLog.read(RosterLog.firstLine + "\nregistered\t2026-12\n").get() }
        #expect(throws: RosterLog.Problem(line: 1, message: "expected \"labkiosk roster 1\"")) { try RosterLog.read("roster\n").get() }
        #expect(throws: RosterLog.Problem.self) {
            try RosterLog.read(RosterLog.firstLine + "\n" + RosterLog.withdrawn(participant: "P2", study: "s", .init(time: "2026-11-27 10:00:00", by: "a", reason: ""))).get()
        }
    }
}
