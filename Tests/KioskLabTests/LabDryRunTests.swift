import FoundationEssentials
import Glibc
import KioskCore
import KioskData
import Testing
@testable import KioskLab

/// The lab keeps a study's simulated participants apart from its real ones (docs/lab.md:
/// Simulated participants), here on a kiosk's own `lab.sqlite`; the lab's PostgreSQL functions
/// keep the same rule in Tests/e2e/test_lab_simulated.py.
@Suite struct LabDryRunTests {
    @Test func aSimulatedParticipantIsFiledUnderTheStudysDryRun() {
        #expect(LabDryRun.filedStudy("memory", simulated: true) == "memory (simulated)")
        #expect(LabDryRun.filedStudy("memory", simulated: false) == "memory")
        #expect(LabDryRun.isDryRun("memory (simulated)") && !LabDryRun.isDryRun("memory"))
        #expect(LabDryRun.rehearsed("memory (simulated)") == "memory" && LabDryRun.rehearsed("memory") == "memory")
    }

    @Test func aParticipantIsRealOrSimulatedInAStudyNeverBoth() {
        #expect(LabDryRun.refusal(study: "S", participant: "P1", simulated: nil, filedUnder: ["S", "T (simulated)"]) == nil)
        #expect(LabDryRun.refusal(study: "S", participant: "SIM-001", simulated: "model m.toml, seed 7", filedUnder: ["S (simulated)"]) == nil)
        let simulatedOverReal = LabDryRun.refusal(study: "S", participant: "P1", simulated: "model m.toml, seed 7", filedUnder: ["S"])
        #expect(simulatedOverReal?.kept == "P1: a real participant of S in the lab" && simulatedOverReal?.offered == "simulated (model m.toml, seed 7)")
        let realOverSimulated = LabDryRun.refusal(study: "S", participant: "SIM-001", simulated: nil, filedUnder: ["S (simulated)"])
        #expect(realOverSimulated?.kept == "SIM-001: a simulated participant of S (simulated) in the lab")
        #expect(realOverSimulated?.offered == "a real participant")
        // Another study's participant of the same ID is another person.
        #expect(LabDryRun.refusal(study: "S", participant: "P1", simulated: "m", filedUnder: ["T"]) == nil)
        // A real session never goes into a dry run's study by its name.
        #expect(LabDryRun.refusal(study: "S (simulated)", participant: "P1", simulated: nil, filedUnder: [])?.offered == "S (simulated)")
    }

    @Test func aSimulatedParticipantsRosterNotesSayWhatSimulatedThem() {
        #expect(RosterEntry.simulation(of: RosterEntry.simulatedNotes("model m.toml, seed 7")) == "model m.toml, seed 7")
        #expect(RosterEntry.simulation(of: "moved away") == nil && RosterEntry.simulation(of: "simulated") == nil)
    }

    /// A data folder that mixes (`--mix-simulated`): the lab files the simulated participant
    /// under the dry run, so the study's pages, figures and table hold only real participants.
    @Test func aMixedFoldersSimulatedParticipantsGoToTheDryRunAndNeverPoolWithRealOnes() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.session(in: folder, participant: "P1", simulated: nil, accuracy: "0.6")
        try Self.session(in: folder, participant: "SIM-001", simulated: "model m.toml, seed 7", accuracy: "0.9")
        _ = try RosterFile(dataDirectory: folder).register(RosterEntry(participant: "SIM-001", study: "S", registered: "2026-11-27 08:59:00",
                                                                       notes: RosterEntry.simulatedNotes("model m.toml, seed 7")))
        let database = try SQLiteLabDatabase(path: ":memory:")
        try LabSchema.migrate(database)
        let report = try LabSender(database: database, kiosk: "k1", dataDirectory: folder).send()
        #expect(report.sessions == 2 && report.keptApart.isEmpty && report.refusedRows.isEmpty)

        let real = try #require(try LabStudy.read(database, study: "S", today: Self.today))
        #expect(real.roster.participants.map(\.id) == ["P1"])
        #expect(real.figures.first?.visits.first?.mean == 0.6)
        let dryRun = try #require(try LabStudy.read(database, study: "S (simulated)", today: Self.today))
        #expect(dryRun.roster.participants.map(\.id) == ["SIM-001"])
        #expect(dryRun.figures.first?.visits.first?.mean == 0.9)
        #expect(try LabParticipant.read(database, study: "S (simulated)", participant: "SIM-001")?.simulated == "model m.toml, seed 7")
        #expect(try LabParticipant.read(database, study: "S", participant: "P1")?.simulated == nil)
        #expect(try LabParticipant.read(database, study: "S", participant: "SIM-001") == nil)
        #expect(try LabOverview.read(database, now: 0, onlineWithin: 60, today: Self.today).studies.map(\.name) == ["S", "S (simulated)"])
        #expect(!(try LabTidyTable.read(database, study: "S")).contains("SIM-001"))
        #expect(try database.value("SELECT simulated FROM roster_entry WHERE participant = 'SIM-001'") == "model m.toml, seed 7")
    }

    /// A participant the lab has as real, then simulated under the same ID: the simulated
    /// session is kept apart and flagged, and nothing of it (rows or files) reaches the lab.
    @Test func aSessionThatWouldMakeAParticipantBothIsKeptApartAndFlagged() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.session(in: folder, participant: "P1", simulated: nil, accuracy: "0.6", started: "2026-11-27 09:00:00")
        try Self.session(in: folder, participant: "P1", simulated: "model m.toml, seed 7", accuracy: "0.9", started: "2026-11-27 10:00:00")
        let database = try SQLiteLabDatabase(path: ":memory:")
        try LabSchema.migrate(database)
        let report = try LabSender(database: database, kiosk: "k1", dataDirectory: folder).send()
        #expect(report.keptApart == ["session P1/2026-11-27_10-00-00/batch.txt: P1 is a real participant of S in the lab; "
                                     + "a simulated participant's data is not put beside real data"])
        #expect(try database.value("SELECT count(*) FROM session") == "1")
        #expect(try database.value("SELECT count(*) FROM file WHERE journal LIKE '%10-00-00%'") == "0")
        let flagged = try database.run("SELECT what, kept, offered FROM refused_row")
        #expect(flagged.map { $0.compactMap { $0 } } == [["session P1/2026-11-27_10-00-00/batch.txt", "P1: a real participant of S in the lab",
                                                          "simulated (model m.toml, seed 7)"]])
        #expect(try LabIntegrity.read(database).refusedRows.count == 1)
        // Sending again changes nothing and flags nothing new.
        #expect(try LabSender(database: database, kiosk: "k1", dataDirectory: folder).send().keptApart.count == 1)
        #expect(try database.value("SELECT count(*) FROM refused_row") == "1")
    }

    static let today = CalendarDate(year: 2026, month: 12, day: 1)!

    /// A complete one-block session of study S, with its judgement log and its accuracy.
    private static func session(in folder: String, participant: String, simulated: String?, accuracy: String,
                                started: String = "2026-11-27 09:00:00") throws {
        let session = "\(participant)/" + String(started.map { $0 == " " ? "_" : $0 == ":" ? "-" : $0 })
        try FileManager.default.createDirectory(atPath: "\(folder)/\(session)/1-judge", withIntermediateDirectories: true)
        try Data("trial\tcorrect\n1\t1\n".utf8).write(to: URL(fileURLWithPath: "\(folder)/\(session)/1-judge/log.tsv"))
        let journal = BatchJournal.openingLines(study: "S", plan: "plan.toml", participant: participant, simulated: simulated,
                                                orderDecisions: [], blocks: [(0, "Judge")])
            + BatchJournal.started(at: started, atBlock: 0) + BatchJournal.began(0, at: started)
            + BatchJournal.ended(0, at: started, files: ["1-judge/log.tsv"], figures: [("accuracy", accuracy)])
            + BatchJournal.complete(at: started)
        try Data(journal.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(session)/batch.txt"))
    }

    private static func temporaryFolder() throws -> String {
        var template = Array("/tmp/labkiosk-lab-dry-run-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw ShellError("mkdtemp failed") }
        return String(cString: made)
    }
}
