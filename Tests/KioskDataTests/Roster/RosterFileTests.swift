import Foundation
import KioskCore
import Testing
@testable import KioskData

/// The data folder's roster as a crash, a backup or a person leaves it: nothing it can hold
/// stops the kiosk, and appends repair a torn tail instead of building on it.
@Suite struct RosterFileTests {
    private struct Folder {
        let path = NSTemporaryDirectory() + "roster-\(UUID().uuidString)"
        var roster: String { path + "/" + RosterFile.fileName }

        init(roster text: String? = nil) throws {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            if let text { try text.write(toFile: roster, atomically: true, encoding: .utf8) }
        }

        func text() throws -> String { try String(contentsOfFile: roster, encoding: .utf8) }
    }

    static func registration(_ participant: String) -> RosterEntry {
        RosterEntry(participant: participant, study: "s", registered: "2026-11-27 10:00:00")
    }

    @Test func aRegistrationWhoseLineBreakACrashCutIsNotMadeAgain() throws {
        let torn = RosterLog.firstLine + "\n" + String(RosterLog.registered(Self.registration("P1")).dropLast())
        let folder = try Folder(roster: torn)
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let roster = RosterFile(dataDirectory: folder.path)
        #expect(try roster.register(RosterEntry(participant: "P1", study: "s", registered: "2026-11-28 09:00:00")).registered == "2026-11-27 10:00:00")
        #expect(try folder.text() == torn, "nothing was appended for a participant already registered")
        try roster.register(Self.registration("P2"))
        let reading = try roster.read()
        #expect(reading.entries.map(\.participant) == ["P1", "P2"])
        #expect(reading.problems.isEmpty)
        #expect(try folder.text().hasSuffix("\tP1\ts\t\t\nregistered\t2026-11-27 10:00:00\tP2\ts\t\t\n"))
    }

    @Test func aWithdrawalWithoutItsLineBreakCounts() throws {
        let withdrawal = RosterLog.withdrawn(participant: "P1", study: "s", .init(time: "2026-12-01 10:00:00", by: "staff", reason: "moved"))
        let folder = try Folder(roster: RosterLog.firstLine + "\n" + RosterLog.registered(Self.registration("P1")) + String(withdrawal.dropLast()))
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        #expect(try RosterFile(dataDirectory: folder.path).entry(participant: "P1", study: "s")?.withdrawal?.reason == "moved")
    }

    @Test func aLineCutShortIsSetAsideAndTheNextAppendStartsItsOwnLine() throws {
        let folder = try Folder(roster: RosterLog.firstLine + "\n" + RosterLog.registered(Self.registration("P1")) + "registered\t2026-11-2")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let roster = RosterFile(dataDirectory: folder.path)
        try roster.register(Self.registration("P2"))
        #expect(try roster.read().problems.isEmpty, "the torn line is set aside, not damage")
        #expect(try roster.read().entries.map(\.participant) == ["P1", "P2"])
        #expect(try folder.text().contains("\tP1\ts\t\t\nregistered\t2026-11-2\nset-aside\t"))
    }

    /// Cut after its study: the registration counts, and the append completes it to six fields.
    @Test func aTornLineWithItsNamesWholeIsCompleted() throws {
        let folder = try Folder(roster: RosterLog.firstLine + "\nregistered\t2026-11-27 10:00:00\tP1\ts\tord")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let roster = RosterFile(dataDirectory: folder.path)
        try roster.register(Self.registration("P2"))
        let reading = try roster.read()
        #expect(reading.entries.map(\.group) == ["ord", ""] && reading.problems.isEmpty)
    }

    @Test func aDamagedLineHoldsBackOnlyItsParticipant() throws {
        let folder = try Folder(roster: RosterLog.firstLine + "\nwithdrawn\tlast week\tP1\ts\tstaff\t\n"
            + RosterLog.registered(Self.registration("P2")) + "garbage\n")
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        let roster = RosterFile(dataDirectory: folder.path)
        #expect(throws: RosterLineHolds.self) { try roster.entry(participant: "P1", study: "s") }
        #expect(throws: RosterLineHolds.self) { try roster.register(Self.registration("P1")) }
        #expect(try roster.entry(participant: "P2", study: "s") != nil)
        try roster.register(Self.registration("P3"))
        #expect(try roster.read().problems.map(\.line) == [2, 4])
    }

    @Test func aLabCopyThatCannotBeReadIsSetAsideAndNamed() throws {
        let folder = try Folder(roster: RosterLog.firstLine + "\n" + RosterLog.registered(Self.registration("P1")))
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        try "labkiosk lab copy 1\npulled\t2026-11-27 10:02:11\nregistered\t2026-11-2".write(toFile: folder.path + "/" + LabCopyFile.fileName,
                                                                                            atomically: true, encoding: .utf8)
        let reading = try SharedRoster(dataDirectory: folder.path).read()
        #expect(reading.entries.map(\.participant) == ["P1"])
        #expect(reading.problems.count == 1)
        #expect("\(reading.problems[0])".hasPrefix(folder.path + "/lab-copy.txt: line 3: the copy ends without its last line break; "))
    }
}
