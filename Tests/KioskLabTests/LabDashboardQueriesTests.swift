import FoundationEssentials
import Glibc
import KioskCore
import KioskData
import Testing
@testable import KioskLab

/// The dashboard's queries on SQLite (the PostgreSQL side runs in Tests/e2e/test_dashboard.py).
@Suite struct LabDashboardQueriesTests {
    private func lab() throws -> SQLiteLabDatabase {
        let database = try SQLiteLabDatabase(path: ":memory:")
        try LabSchema.migrate(database)
        try database.run("INSERT INTO kiosk(name, last_contact) VALUES ('k1', '2026-11-27 10:00:00'), ('k2', '2026-11-27 08:00:00')")
        func session(_ kiosk: String, _ journal: String, _ participant: String, _ visit: String, completed: Bool, order: String) throws {
            try database.run("""
                INSERT INTO session(kiosk, journal, study, plan, participant, visit, started, completed, orders)
                VALUES ($1, $2, 'S', 'plan.toml', $3, $4, '2026-11-27 09:00:00', $5, $6)
                """, [.text(kiosk), .text(journal), .text(participant), .text(visit), completed ? .text("2026-11-27 09:30:00") : .null, .text(order)])
        }
        try session("k1", "P1/a/batch.txt", "P1", "1", completed: true, order: "A B")
        try session("k2", "P1/b/batch.txt", "P1", "2", completed: true, order: "A B")
        try session("k1", "P2/a/batch.txt", "P2", "1", completed: false, order: "B A")
        for (kiosk, journal, state, accuracy) in [("k1", "P1/a/batch.txt", "complete", "0.5"), ("k2", "P1/b/batch.txt", "complete", "0.9"),
                                                  ("k1", "P2/a/batch.txt", "running", "")] {
            try database.run("INSERT INTO block(kiosk, journal, place, plan_block, title, state) VALUES ($1, $2, 1, 1, 'Judge', $3)",
                             [.text(kiosk), .text(journal), .text(state)])
            if !accuracy.isEmpty {
                try database.run("INSERT INTO figure(kiosk, journal, place, name, value) VALUES ($1, $2, 1, 'accuracy', $3)",
                                 [.text(kiosk), .text(journal), .text(accuracy)])
            }
        }
        return database
    }

    @Test func theOverviewSaysWhoIsOnlineAndWhatRuns() throws {
        let now = LabTime.seconds(fromUTC: "2026-11-27 10:05:00")!
        let overview = try LabOverview.read(try lab(), now: now, onlineWithin: 20 * 60, today: Self.today)
        #expect(overview.kiosks.map(\.name) == ["k1", "k2"])
        #expect(overview.kiosks.map(\.online) == [true, false])
        #expect(overview.kiosks[0].age == "5 min" && overview.kiosks[1].age == "2 h")
        #expect(overview.kiosks[0].running == ["P2, visit 1: Judge (block 1 of 1)"])
        let study = try #require(overview.studies.first)
        #expect((study.participants, study.sessions, study.visits.completed, study.visits.unfinished) == (2, 3, 2, 1))
    }

    @Test func aStudyHasItsParticipantsByVisitOrdersAndFigures() throws {
        let study = try #require(try LabStudy.read(try lab(), study: "S", today: Self.today))
        #expect(study.visits == ["1", "2"])
        #expect(study.roster.participants.map(\.id) == ["P1", "P2"])
        #expect(study.roster.participants[0].visits.map(\.state) == ["completed", "completed"])
        #expect(study.roster.participants[1].visits.map(\.state) == ["unfinished", ""])
        #expect(study.orders.map(\.order) == ["A B", "B A"] && study.orders.map(\.participants) == [1, 1])
        let accuracy = try #require(study.figures.first)
        #expect(accuracy.visits.map(\.mean) == [0.5, 0.9])
        #expect(try LabStudy.read(try lab(), study: "no such study", today: Self.today) == nil)
    }

    static let today = CalendarDate(year: 2026, month: 12, day: 1)!

    @Test func visitsAreDueOrOverdueByThePlansDaysAndWithdrawalsShow() throws {
        let database = try lab()
        // The plan as k1 (heard from last) sends it: visit 2 a week after visit 1, a day either side.
        try database.run("INSERT INTO kiosk_study(kiosk, study) VALUES ('k1', 'S'), ('k2', 'S')")
        for (kiosk, place, visit, day, window) in [("k1", 1, "1", 0, 0), ("k1", 2, "2", 7, 1), ("k1", 3, "3", 28, 2), ("k2", 1, "old", 0, 0)] {
            try database.run("INSERT INTO study_visit(kiosk, study, place, visit, day, window_days) VALUES ($1, 'S', $2, $3, $4, $5)",
                             [.text(kiosk), .integer(place), .text(visit), .integer(day), .integer(window)])
        }
        func register(_ kiosk: String, _ participant: String, _ registered: String, withdrawn: String? = nil) throws {
            try database.run("""
                INSERT INTO roster_entry(kiosk, study, participant, registered, assigned_group, notes, withdrawn, withdrawn_by, withdrawn_reason)
                VALUES ($1, 'S', $2, $3, 'group A', '', $4, 'staff (desk)', 'moved away')
                """, [.text(kiosk), .text(participant), .text(registered), .optional(withdrawn)])
        }
        try register("k1", "P1", "2026-11-27 09:00:00")
        try register("k2", "P1", "2026-11-28 09:00:00", withdrawn: "2026-11-30 10:00:00")
        try register("k2", "P3", "2026-11-20 09:00:00")
        try register("k2", "<b>P4</b>", "2026-12-01 08:00:00")
        // P3's first visit, on k2, three weeks ago at the time of `today` below: visit 2 was due a week later.
        try database.run("""
            INSERT INTO session(kiosk, journal, study, plan, participant, visit, started, completed)
            VALUES ('k2', 'P3/a/batch.txt', 'S', 'plan.toml', 'P3', '1', '2026-11-10 09:00:00', '2026-11-10 09:40:00')
            """)
        let roster = try LabStudyRoster.read(database, study: "S", today: Self.today)
        #expect(roster.visits == ["1", "2", "3"])
        let byID = Dictionary(uniqueKeysWithValues: roster.participants.map { ($0.id, $0) })
        let p1 = try #require(byID["P1"]), p3 = try #require(byID["P3"]), p4 = try #require(byID["<b>P4</b>"])
        #expect(p1.withdrawn == "2026-11-30 10:00:00 by staff (desk): moved away")
        #expect(p1.visits.map(\.state) == ["completed", "completed", "withdrawn"])
        #expect(p3.visits.map(\.state) == ["completed", "overdue", "early"])
        #expect(p3.visits[1].detail == "2026-11-16 to 2026-11-18" && p3.visits[2].detail == "2026-12-06 to 2026-12-10")
        #expect(p4.visits.map(\.state) == ["due", "", ""] && p4.group == "group A")
        #expect(roster.counts == LabStudyRoster.Counts(completed: 3, unfinished: 1, declined: 0, due: 1, overdue: 1, withdrawn: 1))
        let overview = try LabOverview.read(database, now: 0, onlineWithin: 60, today: Self.today)
        #expect(overview.studies.map(\.visits.overdue) == [1])
        // P1 registered on both kiosks a day apart: flagged, the earliest first.
        let apart = try LabIntegrity.read(database).registeredApart
        #expect(apart.map(\.participant) == ["P1"] && apart[0].registrations.map(\.kiosk) == ["k1", "k2"] && !apart[0].ordersDiffer)
        #expect(overview.integrity.registeredApart == 1)
    }

    @Test func rowsTheLabKeptAsFirstSentAreFlaggedWithRefusedFiles() throws {
        let database = try lab()
        try database.run("""
            INSERT INTO refused_row(kiosk, what, kept, offered) VALUES ('k1', 'session P1/a/batch.txt', 'S · P1', 'S · R399')
            """)
        let integrity = try LabIntegrity.read(database)
        #expect(integrity.refusedRows.map(\.what) == ["session P1/a/batch.txt"] && integrity.refusedRows[0].offered == "S · R399")
        #expect(integrity.summary.refused == 1)
    }

    @Test func twoKiosksShareARosterThroughTheLab() throws {
        let database = try SQLiteLabDatabase(path: ":memory:")
        try LabSchema.migrate(database)
        let folders = try ["a", "b"].map { name in
            let folder = try Self.temporaryFolder(name)
            _ = try RosterFile(dataDirectory: folder).register(RosterEntry(participant: "P\(name)", study: "S", registered: "2026-11-2\(name == "a" ? 0 : 1) 09:00:00"))
            return folder
        }
        defer { for folder in folders { try? FileManager.default.removeItem(atPath: folder) } }
        let study = DeskStudy(name: "S", planPath: "s.toml", visits: [PlanVisit(name: "1", day: 0), PlanVisit(name: "2", day: 7)])
        let a = LabSender(database: database, kiosk: "k-a", dataDirectory: folders[0], studies: [study])
        let b = LabSender(database: database, kiosk: "k-b", dataDirectory: folders[1], studies: [study])
        #expect(try a.send().registrations == 1)
        #expect(try b.send().registrations == 1)
        let copy = try b.labCopy(pulled: "2026-11-27 10:00:00")
        #expect(copy.entries.map(\.participant) == ["Pa", "Pb"])
        try LabCopyFile(dataDirectory: folders[1]).write(copy)

        // Kiosk b withdraws kiosk a's participant: its own roster gets a's registration and the withdrawal.
        let shared = SharedRoster(dataDirectory: folders[1])
        #expect(try shared.register(RosterEntry(participant: "Pa", study: "S", registered: "2026-11-27 11:00:00")).registered == "2026-11-20 09:00:00")
        try shared.withdraw(participant: "Pa", study: "S", RosterEntry.Withdrawal(time: "2026-11-27 11:00:00", by: "desk", reason: ""))
        #expect(try RosterFile(dataDirectory: folders[1]).entries().map(\.participant) == ["Pb", "Pa"])
        _ = try b.send()
        let again = try a.labCopy(pulled: "2026-11-27 11:05:00")
        #expect(again.entries.first { $0.participant == "Pa" }?.withdrawal?.by == "desk")
        #expect(try LabStudyRoster.read(database, study: "S", today: Self.today).counts.withdrawn == 1)
        #expect(try database.value("SELECT count(*) FROM study_visit") == "4")
    }

    /// Kiosk k-a's timing certificate made at `made` under `compositor`, as its file holds it.
    private static func certificate(made: String, compositor: String) -> String {
        TimingCertificate(made: made, kiosk: "k-a", version: "labkiosk 0.2.0", width: 1920, height: 1080, refreshMilliseconds: 16.6667,
                          displayPath: "X11 Present", compositor: compositor, sensor: "/dev/input/event7", patch: TimingPatch(x: 0, y: 0, size: 100),
                          flashes: 100, onset: TimingSummary.Spread(count: 100, mean: 0.25, standardDeviation: 0.7, p99Absolute: 2.9),
                          duration: nil, frameStart: nil).text
    }

    /// A kiosk's own lab (its data folder read into SQLite) keeps each certificate as first
    /// sent, flags one changed since, and shows the latest on the overview with its age.
    @Test func theOverviewShowsEachKiosksLatestTimingCertificate() throws {
        let database = try SQLiteLabDatabase(path: ":memory:")
        try LabSchema.migrate(database)
        let folder = try Self.temporaryFolder("certificate")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/2026-11-20", withIntermediateDirectories: true)
        let older = folder + "/2026-11-20/1_261120_093000_timing_certificate.txt", newer = folder + "/2026-11-20/2_261121_093000_timing_certificate.txt"
        try Self.certificate(made: "2026-11-20 09:30:00", compositor: "weston").write(toFile: older, atomically: false, encoding: .utf8)
        try Self.certificate(made: "2026-11-21 09:30:00", compositor: "cage").write(toFile: newer, atomically: false, encoding: .utf8)
        let sender = LabSender(database: database, kiosk: "k-a", dataDirectory: folder)
        let first = try sender.send()
        #expect(first.certificatesSent == 2 && first.certificatesThere == 0)
        let second = try sender.send()
        #expect(second.certificatesSent == 0 && second.certificatesThere == 2 && second.refusedRows.isEmpty)
        try Self.certificate(made: "2026-11-21 09:30:00", compositor: "weston").write(toFile: newer, atomically: false, encoding: .utf8)
        #expect(try sender.send().refusedRows == ["timing certificate 2026-11-20/2_261121_093000_timing_certificate.txt"])
        let overview = try LabOverview.read(database, now: 0, onlineWithin: 60, today: Self.today)
        #expect(overview.kiosks.map(\.timingCertificate?.compositor) == ["cage"], "the latest, as first sent")
        #expect(overview.kiosks.map(\.certificateAgeDays) == [10])
    }

    /// A kiosk's page lists the displays its sessions' blocks named, the one shown on last
    /// first, each weighed by the lab against the certificates it holds: the latest, and the
    /// newest intact one made on that display. A figure that is no display is shown, never matched.
    @Test func aKiosksPageWeighsEachDisplayItsSessionsShowedOnAgainstItsCertificates() throws {
        let database = try SQLiteLabDatabase(path: ":memory:")
        try LabSchema.migrate(database)
        let folder = try Self.temporaryFolder("shown-displays")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/2026-11-20", withIntermediateDirectories: true)
        try Self.certificate(made: "2026-11-20 09:30:00", compositor: "weston")
            .write(toFile: folder + "/2026-11-20/1_261120_093000_timing_certificate.txt", atomically: false, encoding: .utf8)
        try Self.certificate(made: "2026-11-21 09:30:00", compositor: "cage")
            .write(toFile: folder + "/2026-11-20/2_261121_093000_timing_certificate.txt", atomically: false, encoding: .utf8)
        _ = try LabSender(database: database, kiosk: "k-a", dataDirectory: folder).send()
        for (journal, place, ended, display) in [("P1/a/batch.txt", 1, "2026-11-22 10:00:00", "1920×1080 at 60 Hz, X11, weston"),
                                                 ("P1/a/batch.txt", 2, "2026-11-22 10:05:00", "1920×1080 at 60 Hz, X11, weston"),
                                                 ("P2/a/batch.txt", 1, "2026-11-23 11:00:00", "1280×1024 at 75 Hz, X11, weston"),
                                                 ("P2/a/batch.txt", 2, "2026-11-21 08:00:00", "not a display'); DROP TABLE figure; --")] {
            try database.run("""
                INSERT INTO session(kiosk, journal, study, plan, participant, started) VALUES ('k-a', $1, 'S', 'plan.toml', 'P', '2026-11-22 09:00:00')
                ON CONFLICT DO NOTHING
                """, [.text(journal)])
            try database.run("INSERT INTO block(kiosk, journal, place, plan_block, title, state, ended) VALUES ('k-a', $1, $2, $2, 'Judge', 'complete', $3)",
                             [.text(journal), .integer(place), .text(ended)])
            try database.run("INSERT INTO figure(kiosk, journal, place, name, value) VALUES ('k-a', $1, $2, 'display', $3)",
                             [.text(journal), .integer(place), .text(display)])
        }
        let kiosk = try #require(try LabKiosk.read(database, name: "k-a", now: 0, onlineWithin: 60, today: Self.today))
        #expect(kiosk.displays.map(\.described) == ["1280×1024 at 75 Hz, X11, weston", "1920×1080 at 60 Hz, X11, weston",
                                                    "not a display'); DROP TABLE figure; --"])
        #expect(kiosk.displays.map(\.blocks) == [1, 2, 1] && kiosk.displays.map(\.sessions) == [1, 1, 1])
        #expect(kiosk.displays.map(\.lastEnded) == ["2026-11-23 11:00:00", "2026-11-22 10:05:00", "2026-11-21 08:00:00"])
        #expect(kiosk.displays.map(\.certificateMade) == [nil, "2026-11-20 09:30:00", nil], "the newest made on it, not the latest")
        #expect(kiosk.displays.map(\.latestDiffers) == [[.size, .refresh, .compositor], [.compositor], nil])

        try database.run("UPDATE timing_certificate SET certificate = replace(certificate, 'weston', 'mutter')")
        let changed = try #require(try LabKiosk.read(database, name: "k-a", now: 0, onlineWithin: 60, today: Self.today))
        #expect(changed.displays[1].certificateMade == nil, "a certificate whose text the lab holds changed counts for no display")
    }

    /// A kiosk's page: what the overview knows of it, and every certificate it sent, newest
    /// first, with the lab's check: one offered again changed is flagged, and one whose text
    /// the lab holds no longer has the lab's SHA-256 too.
    @Test func aKiosksPageHasEveryCertificateWithTheLabsCheck() throws {
        let now = LabTime.seconds(fromUTC: "2026-11-27 10:05:00")!
        let sessions = try #require(try LabKiosk.read(try lab(), name: "k1", now: now, onlineWithin: 20 * 60, today: Self.today))
        #expect((sessions.sessions.total, sessions.sessions.completed, sessions.sessions.unfinished, sessions.sessions.declined) == (2, 1, 1, 0))
        #expect(sessions.online && sessions.running == ["P2, visit 1: Judge (block 1 of 1)"] && sessions.certificates.isEmpty)
        #expect(try LabKiosk.read(try lab(), name: "k3", now: now, onlineWithin: 60, today: Self.today) == nil, "a kiosk never heard from")
        #expect(try LabKiosk.read(try lab(), name: "k1' OR '1'='1", now: now, onlineWithin: 60, today: Self.today) == nil)

        let database = try SQLiteLabDatabase(path: ":memory:")
        try LabSchema.migrate(database)
        let folder = try Self.temporaryFolder("kiosk-page")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/2026-11-20", withIntermediateDirectories: true)
        let older = "2026-11-20/1_261120_093000_timing_certificate.txt", newer = "2026-11-20/2_261121_093000_timing_certificate.txt"
        try Self.certificate(made: "2026-11-20 09:30:00", compositor: "weston").write(toFile: folder + "/" + older, atomically: false, encoding: .utf8)
        try Self.certificate(made: "2026-11-21 09:30:00", compositor: "cage").write(toFile: folder + "/" + newer, atomically: false, encoding: .utf8)
        let sender = LabSender(database: database, kiosk: "k-a", dataDirectory: folder)
        _ = try sender.send()
        let sent = try #require(try LabKiosk.read(database, name: "k-a", now: 0, onlineWithin: 60, today: Self.today))
        #expect(sent.certificates.map(\.path) == [newer, older], "newest first")
        #expect(sent.certificates.allSatisfy(\.isIntact) && sent.latestAgeDays == 10)
        #expect(sent.certificates[0].sha256 == SHA256.hexDigest(of: Array(Self.certificate(made: "2026-11-21 09:30:00", compositor: "cage").utf8)))

        try Self.certificate(made: "2026-11-21 09:30:00", compositor: "weston").write(toFile: folder + "/" + newer, atomically: false, encoding: .utf8)
        _ = try sender.send()
        try database.run("UPDATE timing_certificate SET certificate = replace(certificate, 'weston', 'mutter') WHERE path = $1", [.text(older)])
        let flagged = try #require(try LabKiosk.read(database, name: "k-a", now: 0, onlineWithin: 60, today: Self.today))
        #expect(flagged.certificates[0].certificate?.compositor == "cage", "the lab keeps what was sent first")
        #expect(flagged.certificates[0].hashHolds && !flagged.certificates[0].isIntact)
        #expect(flagged.certificates[0].changedOffers.map(\.offered)
            == [SHA256.hexDigest(of: Array(Self.certificate(made: "2026-11-21 09:30:00", compositor: "weston").utf8))])
        #expect(!flagged.certificates[1].hashHolds && !flagged.certificates[1].isIntact, "the lab's own copy changed")
        #expect(flagged.refused.isEmpty)
        // What lab_send_certificate keeps out on PostgreSQL: text that is no certificate made when it says.
        try database.run("""
            INSERT INTO refused_row(kiosk, what, kept, offered) VALUES ('k-a', 'timing certificate 2026-11-22/3_x_timing_certificate.txt',
                                                                        'a timing certificate made when it says', 'valid: yes')
            """)
        let refused = try #require(try LabKiosk.read(database, name: "k-a", now: 0, onlineWithin: 60, today: Self.today))
        #expect(refused.refused.map(\.path) == ["2026-11-22/3_x_timing_certificate.txt"] && refused.refused.map(\.offered) == ["valid: yes"])
        #expect(refused.certificates.count == 2)
    }

    private static func temporaryFolder(_ name: String) throws -> String {
        var template = Array("/tmp/labkiosk-lab-roster-\(name)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw ShellError("mkdtemp failed") }
        return String(cString: made)
    }

    /// A plan without visits: each participant's sessions in one column, counted as sessions,
    /// with nothing due or overdue.
    @Test func aStudyWithoutVisitsShowsEachParticipantsSessionsAndCountsSessions() throws {
        let database = try SQLiteLabDatabase(path: ":memory:")
        try LabSchema.migrate(database)
        try database.run("INSERT INTO kiosk(name) VALUES ('k1')")
        for (journal, participant, started, completed) in [("P1/a/batch.txt", "P1", "2026-11-27 09:00:00", true),
                                                           ("P1/b/batch.txt", "P1", "2026-11-28 09:00:00", false),
                                                           ("P2/a/batch.txt", "P2", "2026-11-27 10:00:00", true)] {
            try database.run("""
                INSERT INTO session(kiosk, journal, study, plan, participant, started, completed) VALUES ('k1', $1, 'S', 'plan.toml', $2, $3, $4)
                """, [.text(journal), .text(participant), .text(started), completed ? .text(started) : .null])
        }
        let roster = try LabStudyRoster.read(database, study: "S", today: Self.today)
        #expect(!roster.hasVisits && roster.visits == [""])
        #expect(roster.participants.map { $0.visits.map(\.state) } == [["unfinished"], ["completed"]])
        #expect(roster.participants[0].visits[0].detail == "2 sessions (1 completed, 1 unfinished) · latest 2026-11-28 09:00:00 · k1")
        #expect(roster.participants[1].visits[0].detail == "1 session (1 completed) · latest 2026-11-27 10:00:00 · k1")
        #expect(roster.counts == LabStudyRoster.Counts(completed: 2, unfinished: 1, declined: 0, due: 0, overdue: 0, withdrawn: 0))
        let overview = try LabOverview.read(database, now: 0, onlineWithin: 60, today: Self.today)
        #expect(overview.studies.map(\.hasVisits) == [false])
        #expect(try LabStudyRoster.read(try lab(), study: "S", today: Self.today).hasVisits)
    }

    /// A session staff stopped in its first block: the block says it stopped and names the
    /// partial log it left; the journal the lab holds says why it stopped.
    @Test func aStoppedBlockSaysSoAndTheJournalSaysWhy() throws {
        let database = try lab()
        let journal = BatchJournal.openingLines(study: "S", plan: "plan.toml", participant: "P2", visit: "1", orderDecisions: [],
                                                blocks: [(0, "Judge")])
            + BatchJournal.started(at: "2026-11-27 09:00:00", atBlock: 0) + BatchJournal.began(0, at: "2026-11-27 09:00:01")
            + BatchJournal.interrupted(0, at: "2026-11-27 09:05:00", partialFiles: ["1-judge/P2_judge.tsv"])
            + BatchJournal.stopped(at: "2026-11-27 09:05:00", reason: "staff left from the kiosk panel")
        let bytes = Array(journal.utf8), sha256 = SHA256.hexDigest(of: bytes)
        try database.run("UPDATE block SET state = 'pending' WHERE journal = 'P2/a/batch.txt'")
        try database.run("INSERT INTO content(sha256, bytes, data) VALUES ($1, $2, $3)", [.text(sha256), .integer(bytes.count), .bytes(bytes)])
        try database.run("""
            INSERT INTO file(kiosk, path, journal, place, partial, bytes, sha256) VALUES ('k1', 'P2/a/1-judge/P2_judge.tsv', 'P2/a/batch.txt', 1, 'true', $1, $2)
            """, [.integer(bytes.count), .text(sha256)])
        let participant = try #require(try LabParticipant.read(database, study: "S", participant: "P2"))
        #expect(participant.sessions[0].journalDecisions == nil, "the lab holds no journal of it yet")
        let block = try #require(participant.sessions.first?.blocks.first)
        #expect(block.shownState == "stopped during it; partial log kept" && block.partialFiles == ["P2/a/1-judge/P2_judge.tsv"])

        try database.run("INSERT INTO session_journal(kiosk, journal, bytes, sha256) VALUES ('k1', 'P2/a/batch.txt', $1, $2)",
                         [.integer(bytes.count), .text(sha256)])
        let decisions = try LabParticipant.read(database, study: "S", participant: "P2")?.sessions[0].journalDecisions
        #expect(decisions == ["stopped 2026-11-27 09:05:00: staff left from the kiosk panel"])
        let files = try LabStudyFiles.read(database, study: "S").files
        #expect(files.filter(\.isJournal).map(\.path) == ["P2/a/batch.txt"] && files.filter { !$0.isJournal }.count == 1)
        // A block never reached says so, not "pending".
        #expect(LabParticipant.Block(place: 2, title: "T", state: "pending", figures: [], partialFiles: []).shownState == "not reached")
        #expect(LabParticipant.Block(place: 2, title: "T", state: "pending", began: "2026-11-27 09:00:01", figures: [], partialFiles: []).shownState
                == "stopped during it")
    }

    @Test func aParticipantsFiguresMakeSeriesAcrossSessions() throws {
        let participant = try #require(try LabParticipant.read(try lab(), study: "S", participant: "P1"))
        #expect(participant.sessions.map(\.kiosk) == ["k1", "k2"])
        let series = try #require(participant.series.first)
        #expect(series.block == "Judge" && series.figure == "accuracy" && series.points.map(\.y) == [0.5, 0.9])
    }

    @Test func theTidyTableHasOneRowPerFigure() throws {
        let lines = try LabTidyTable.read(try lab(), study: "S").split(separator: "\n")
        #expect(lines.first == Substring(LabTidyTable.columns.joined(separator: "\t")))
        #expect(lines.count == 3)
        #expect(LabTidyTable.field("a\tb\nc") == "a b c")
    }

    @Test func noValueReachesASpreadsheetAsAFormula() {
        #expect(LabTidyTable.field("=HYPERLINK(\"http://x\",\"y\")") == "'=HYPERLINK(\"http://x\",\"y\")")
        #expect(["+1+1", "-1+1", "@SUM(A1)", "\t=1"].map(LabTidyTable.field) == ["'+1+1", "'-1+1", "'@SUM(A1)", " =1"])
        #expect(["-0.5", "+3", "1e-3", "0.25", "P-105"].map(LabTidyTable.field) == ["-0.5", "+3", "1e-3", "0.25", "P-105"])
    }

    /// The counterbalancing table counts orders, not participant numbers or seeds, so that its
    /// balance can be read.
    @Test func participantsInOneOrderAreOneRow() {
        #expect(LabStudy.order(of: "blocks: latin-square, participant number 7, row 2 of 4: Easy, Hard; tasks: shuffle, seed 991: A, B")
                == "blocks: Easy, Hard; tasks: A, B")
        #expect(LabStudy.order(of: "blocks: latin-square, participant number 11, row 2 of 4: Easy, Hard")
                == LabStudy.order(of: "blocks: latin-square, participant number 7, row 2 of 4: Easy, Hard"))
        #expect(LabStudy.order(of: "blocks: fixed: Easy, Hard") == "blocks: Easy, Hard")
        #expect(LabStudy.order(of: "group A") == "group A", "a roster's group is its own order")
    }

    @Test func figuresAreSummarisedAcrossParticipants() {
        let summary = LabFigureSummary([1, 2, 3])
        #expect(summary.count == 3 && summary.mean == 2 && summary.standardDeviation == 1)
        #expect(LabFigureSummary([]).mean == nil && LabFigureSummary([4]).standardDeviation == nil)
        // 2 ± t(0.975, 2) · 1 / √3 = 2 ± 4.303 / 1.732.
        let interval = summary.confidenceInterval95
        #expect(interval.map { abs($0.lowerBound - (2 - 4.303 / 3.0.squareRoot())) < 1e-9 && abs($0.upperBound - (2 + 4.303 / 3.0.squareRoot())) < 1e-9 } == true)
        #expect(LabFigureSummary([4]).confidenceInterval95 == nil)
    }

    @Test func studentsTQuantileFollowsItsTable() {
        // Student's t 97.5th percentiles (to three decimals): the table's end and the expansion beyond it.
        for (df, quantile) in [(1, 12.706), (7, 2.365), (8, 2.306), (10, 2.228), (23, 2.069), (30, 2.042), (100, 1.984), (100_000, 1.960)] {
            #expect(abs(LabFigureSummary.studentT975(degreesOfFreedom: df) - quantile) < 0.001, "df \(df)")
        }
    }

    @Test func timesAndSizesReadAsStaffReadThem() {
        #expect(LabTime.seconds(fromUTC: "1970-01-02 00:00:01.5+00") == 86_401)
        #expect(LabTime.seconds(fromUTC: "yesterday") == nil)
        #expect(LabTime.age(seconds: 59) == "59 s" && LabTime.age(seconds: 3 * 86_400) == "3 days")
        #expect(LabIntegrity.size(1500) == "2 KB" && LabIntegrity.size(75_600_000) == "72.1 MB")
    }
}
