import Dispatch
import Foundation
import Glibc
@testable import KioskCore
import Synchronization
import Testing
@testable import KioskData

/// The catalogue built from batch journals: checksums, states, verification and rebuilding.
@Suite struct SessionCatalogueTests {
    private func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "catalogue-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private let date = LocalDateTime(year: 2026, month: 11, day: 24, hour: 10, minute: 0, second: 0)

    /// A session of two blocks for `participant`: block 1 ended with one file, block 2 began.
    private func writeSession(in data: String, participant: String = "P07", simulated: String? = nil) throws -> BatchJournalFile {
        let journal = try BatchJournalFile.create(in: data + "/" + participant, study: "pilot", date: date, opening: BatchJournal.openingLines(
            study: "pilot", plan: "p.toml", participant: participant, simulated: simulated, orderDecisions: [],
            blocks: [(0, "matb a.txt"), (1, "matb b.txt")]))
        try "row 1\nrow 2\n".write(toFile: journal.folder + "/1.csv", atomically: false, encoding: .utf8)
        try journal.append(BatchJournal.started(at: "2026-11-24 10:00:00", atBlock: 0) + BatchJournal.began(0, at: "t1")
            + BatchJournal.ended(0, at: "t2", files: ["1.csv"], figures: [("frames", "7")]) + BatchJournal.began(1, at: "t3"))
        return journal
    }

    @Test func processesOpeningANewCatalogueAtOnceFindItWhole() throws {
        for _ in 0..<5 {
            let directory = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let problems = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                do {
                    let (_, warnings) = try SessionCatalogue.open(dataDirectory: directory)
                    problems.withLock { $0 += warnings }
                } catch {
                    problems.withLock { $0.append("\(error)") }
                }
            }
            #expect(problems.withLock { $0 } == [])
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("damaged") }.isEmpty)
        }
    }

    @Test func aSessionIsIndexedWithTheChecksumsOfItsFiles() throws {
        let data = try temporaryDirectory()
        let journal = try writeSession(in: data)
        let (catalogue, warnings) = try SessionCatalogue.open(dataDirectory: data)
        #expect(warnings.count == 1, "a catalogue made where journals exist says it was rebuilt")
        let sessions = try catalogue.sessions(participant: "P07")
        #expect(sessions.count == 1)
        let session = try #require(sessions.first)
        #expect(session.state == .running, "this process holds the journal's lock")
        #expect(session.blocks.map(\.state) == [.complete, .running])
        #expect(session.blocks[0].figures == ["frames": "7"])
        #expect(session.blocks[0].files.first?.sha256 == SHA256.hexDigest(of: Array("row 1\nrow 2\n".utf8)))
        #expect(session.blocks[0].files.first?.path == "P07/pilot_2026-11-24_100000/1.csv")
        // The journal, its folders and the catalogue are the writing account's alone.
        func mode(_ path: String) -> mode_t {
            var info = stat()
            return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
        }
        #expect(mode(journal.folder) == 0o700 && mode(data + "/P07") == 0o700)
        #expect(mode(journal.path) == 0o600)
        #expect(mode(data + "/catalogue.sqlite") == 0o600)
        _ = journal
    }

    @Test func aSessionWhoseProcessIsGoneIsInterrupted() throws {
        let data = try temporaryDirectory()
        do { _ = try writeSession(in: data) }  // the lock goes with the file
        let (catalogue, _) = try SessionCatalogue.open(dataDirectory: data)
        #expect(try catalogue.sessions(incompleteOnly: true).map(\.state) == [.interrupted])
    }

    /// A participant who declined consent ended the session for good: declined, not complete,
    /// also in a catalogue an earlier labkiosk wrote without the column.
    @Test func aDeclinedSessionIsDeclinedNotComplete() throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        do {
            let journal = try writeSession(in: data)
            try journal.append(BatchJournal.declined(at: "2026-11-24 10:01:00", reason: "the participant declined consent"))
        }
        #expect(try SessionCatalogue.open(dataDirectory: data).catalogue.sessions().map(\.state) == [.declined])
        let database = try SQLiteDatabase(path: data + "/catalogue.sqlite")
        try database.execute("ALTER TABLE session DROP COLUMN declined; ALTER TABLE session DROP COLUMN simulated; "
            + "UPDATE session SET completed = '2026-11-24 10:01:00'; PRAGMA user_version = 2")
        let (upgraded, warnings) = try SessionCatalogue.open(dataDirectory: data)
        #expect(warnings.isEmpty)
        #expect(try upgraded.sessions().map(\.state) == [.declined])
    }

    /// A simulated participant's session says so, in the list and the JSON, also in a catalogue
    /// an earlier labkiosk wrote without the column.
    @Test func aSimulatedSessionSaysSo() throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        _ = try writeSession(in: data, participant: "SIM-001", simulated: "model m.toml, seed 4")
        _ = try writeSession(in: data, participant: "P07")
        func listed() throws -> [String?] { try SessionCatalogue.open(dataDirectory: data).catalogue.sessions().map(\.simulated) }
        #expect(try Set(listed()) == [nil, "model m.toml, seed 4"])
        let database = try SQLiteDatabase(path: data + "/catalogue.sqlite")
        try database.execute("ALTER TABLE session DROP COLUMN simulated; PRAGMA user_version = 3")
        #expect(try Set(listed()) == [nil, "model m.toml, seed 4"])
        let sessions = try SessionCatalogue.open(dataDirectory: data).catalogue.sessions()
        let table = SessionListing.table(sessions, details: false, now: 0) { _ in "" }
        #expect(table.split(separator: "\n").filter { $0.contains("(simulated)") }.map { String($0.prefix(7)) } == ["SIM-001"])
        #expect(SessionListing.json(sessions).contains("\"simulated\": \"model m.toml, seed 4\""))
    }

    @Test func verifyFindsAChangedOrMissingFile() throws {
        let data = try temporaryDirectory()
        let journal = try writeSession(in: data)
        let (catalogue, _) = try SessionCatalogue.open(dataDirectory: data)
        #expect(try catalogue.verify().problems.isEmpty)
        try "row 1\nrow X\n".write(toFile: journal.folder + "/1.csv", atomically: false, encoding: .utf8)
        #expect(try catalogue.verify().problems.map(\.problem).first?.contains("SHA-256 differs") == true)
        unlink(journal.folder + "/1.csv")
        #expect(try catalogue.verify().problems.count == 1)
    }

    @Test func aRebuiltCatalogueStillFindsFilesEditedOrDeletedAfterTheyWereSealed() throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let journal = try BatchJournalFile.create(in: data + "/P08", study: "pilot", date: date, opening: BatchJournal.openingLines(
            study: "pilot", plan: "p.toml", participant: "P08", orderDecisions: [], blocks: [(0, "matb a.txt")]))
        for (name, text) in [("1.csv", "row 1\n"), ("2.csv", "row 2\n"), ("3.csv", "row 3\n"), ("4.csv", "row 4\n")] {
            try text.write(toFile: journal.folder + "/" + name, atomically: false, encoding: .utf8)
        }
        let files = ["1.csv", "2.csv", "3.csv", "4.csv"]
        try journal.append(BatchJournal.started(at: "2026-11-24 10:00:00", atBlock: 0) + BatchJournal.began(0, at: "t1")
            + BatchJournal.sealed(BatchJournalFile.seals(of: files, in: journal.folder))
            + BatchJournal.ended(0, at: "t2", files: files, figures: []))
        // Edited, deleted, appended to, cut short; then the catalogue is lost.
        try "row X\n".write(toFile: journal.folder + "/1.csv", atomically: false, encoding: .utf8)
        unlink(journal.folder + "/2.csv")
        try "row 3\nmore\n".write(toFile: journal.folder + "/3.csv", atomically: false, encoding: .utf8)
        truncate(journal.folder + "/4.csv", 2)
        let (catalogue, _) = try SessionCatalogue.open(dataDirectory: data)
        let (checked, problems) = try catalogue.verify()
        #expect(checked == 4)
        #expect(problems.map { String($0.path.split(separator: "/").last!) }.sorted() == files)
    }

    @Test func aDamagedCatalogueIsMovedAsideAndRebuilt() throws {
        let data = try temporaryDirectory()
        _ = try writeSession(in: data)
        _ = try SessionCatalogue.open(dataDirectory: data)
        let path = data + "/" + SessionCatalogue.fileName
        for suffix in ["-wal", "-shm"] { unlink(path + suffix) }
        try "this is not a database, it is a damaged file".write(toFile: path, atomically: false, encoding: .utf8)
        let (catalogue, warnings) = try SessionCatalogue.open(dataDirectory: data)
        #expect(warnings.first?.contains("damaged") == true)
        #expect(try catalogue.sessions().count == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: data)
        #expect(names.contains { $0.hasPrefix(SessionCatalogue.fileName + ".damaged-") })
    }

    @Test func aSecondProcessCannotTakeARunningSession() throws {
        let data = try temporaryDirectory()
        let journal = try writeSession(in: data)
        #expect(BatchJournalFile.isRunning(journal.path))
        // flock locks belong to the open file description: a second open is refused as another process would be.
        #expect(throws: (any Error).self) { try BatchJournalFile.reopen(journal.path) }
    }

    /// Found by scripts/race-test: `sessions --rebuild` read a starting batch's journal empty.
    @Test func aNewJournalAppearsWithItsOpeningLinesAndHeld() throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let opening = BatchJournal.openingLines(study: "pilot", plan: "p.toml", participant: "P", orderDecisions: [], blocks: [(0, "matb a.txt")])
        let journal = try BatchJournalFile.create(in: data + "/P", study: "pilot", date: date, opening: opening)
        #expect(try String(contentsOfFile: journal.path, encoding: .utf8) == opening)
        #expect(try FileManager.default.contentsOfDirectory(atPath: journal.folder) == ["batch.txt"], "no hidden file is left")
        #expect(BatchJournalFile.isRunning(journal.path), "held from the moment it has a name")
    }

    @Test func aTakenSessionFolderNameGetsANumber() throws {
        let data = try temporaryDirectory()
        let first = try BatchJournalFile.create(in: data + "/P", study: "pilot", date: date, opening: "")
        let second = try BatchJournalFile.create(in: data + "/P", study: "pilot", date: date, opening: "")
        #expect(first.folder.hasSuffix("/pilot_2026-11-24_100000"))
        #expect(second.folder.hasSuffix("/pilot_2026-11-24_100000 (2)"))
    }

    private func certificateText(made: String, kiosk: String = "kiosk-3") -> String {
        TimingCertificate(made: made, kiosk: kiosk, version: "labkiosk 0.2.0", width: 1920, height: 1080, refreshMilliseconds: 16.6667,
                          displayPath: "X11 Present", compositor: "weston", sensor: "/dev/input/event7", patch: TimingPatch(x: 0, y: 0, size: 100),
                          flashes: 100, onset: TimingSummary.Spread(count: 100, mean: 0.25, standardDeviation: 0.7, p99Absolute: 2.9),
                          duration: nil, frameStart: nil).text
    }

    @Test func timingCertificatesAreKeptAndTheLatestIsTheKiosks() throws {
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        try FileManager.default.createDirectory(atPath: data + "/2026-11-20", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: data + "/P07/pilot_2026-11-24_100000/2026-11-24", withIntermediateDirectories: true)
        try certificateText(made: "2026-11-20 09:30:00").write(toFile: data + "/2026-11-20/3_261120_093000_timing_certificate.txt", atomically: false, encoding: .utf8)
        try "valid: no\n".write(toFile: data + "/2026-11-20/4_261120_100000_timing_summary.txt", atomically: false, encoding: .utf8)
        let (catalogue, _) = try SessionCatalogue.open(dataDirectory: data)
        #expect(try catalogue.certificates().map(\.path) == ["2026-11-20/3_261120_093000_timing_certificate.txt"], "found as the catalogue was made")
        // Where a plan's `timing` block writes it: the session folder's day folder.
        let later = data + "/P07/pilot_2026-11-24_100000/2026-11-24/5_261124_100000_timing_certificate.txt"
        try certificateText(made: "2026-11-24 10:05:00").write(toFile: later, atomically: false, encoding: .utf8)
        try catalogue.addCertificate(later)
        try catalogue.addCertificate(later)
        #expect(try catalogue.certificates().count == 2, "one row per file, however often it is added")
        #expect(try catalogue.latestCertificate()?.made == "2026-11-24 10:05:00")
        try catalogue.rebuild()
        #expect(try catalogue.certificates().map(\.certificate.made) == ["2026-11-20 09:30:00", "2026-11-24 10:05:00"], "rebuilt from the files")
        let damaged = data + "/2026-11-20/6_261120_110000_timing_certificate.txt"
        try "labkiosk timing certificate\nmade: soon\n".write(toFile: damaged, atomically: false, encoding: .utf8)
        #expect(throws: (any Error).self) { try catalogue.addCertificate(damaged) }
        var problems: [String] = []
        try catalogue.rebuild { problems.append($0) }
        #expect(problems.count == 1 && problems[0].contains("6_261120_110000_timing_certificate.txt:2:"))
        #expect(try catalogue.certificates().count == 2, "a damaged file is reported and left out")
        unlink(damaged)
        // A catalogue an earlier labkiosk wrote, without the table, gains it with the certificates the folder holds.
        let database = try SQLiteDatabase(path: data + "/catalogue.sqlite")
        try database.execute("DROP TABLE timing_certificate; PRAGMA user_version = 4")
        let (upgraded, warnings) = try SessionCatalogue.open(dataDirectory: data)
        #expect(warnings.isEmpty)
        #expect(try upgraded.latestCertificate()?.made == "2026-11-24 10:05:00")
    }
}
