import Dispatch
import Foundation
import KioskCore
import KioskData
import Synchronization
import TestSupport
import Testing
@testable import KioskShell

/// A participant's session opened new, resumed where it stopped, or refused while it runs.
@Suite struct BatchSessionOpeningTests {
    private struct Study {
        let folder = NSTemporaryDirectory() + "batch-opening-\(UUID().uuidString)"
        var data: String { folder + "/data" }
        let checked: PlanChecker.Checked
        let order: PlanOrder

        init() throws {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try "[study]\nname = \"s\"\n[[block]]\nkind = \"break\"\nseconds = 5\n[[block]]\nkind = \"break\"\nminimum-seconds = 1\n"
                .write(toFile: folder + "/plan.toml", atomically: true, encoding: .utf8)
            checked = try PlanChecker(bundledIncludes: URL(fileURLWithPath: folder)).check(folder + "/plan.toml").get()
            order = try PlanOrder.resolve(checked.plan, participant: "P1")
        }

        func steps() throws -> BatchSteps {
            BatchSteps(checked: checked, order: order, participant: "P1", paths: try InstallPaths(environment: ["LABKIOSK_HOME": folder]),
                       settings: Settings(), commandLineInput: InputSettings(), options: RunOptions(dataDirectory: data),
                       canvas: Canvas(width: 800, height: 600), version: "test")
        }

        func open(said: inout [String], steps: inout BatchSteps, register: Bool = false, notes: String = "", again: Bool = false,
                  confirmedBy: String? = nil, journalsSeen: ParticipantJournals? = nil) throws -> BatchJournalFile {
            let catalogue = try SessionCatalogue.open(dataDirectory: data).catalogue
            var lines: [String] = []
            defer { said = lines }
            var opening = BatchSessionOpening(plan: checked.plan, planPath: folder + "/plan.toml", order: order, participant: "P1",
                                              dataDirectory: data, confirmedBy: confirmedBy, again: again, restartBlock: nil, skipBlock: false,
                                              roster: RosterFile(dataDirectory: data)) { lines.append($0) }
            opening.register = register
            opening.registrationNotes = notes
            opening.journalsSeen = journalsSeen
            return try opening.open(catalogue: catalogue, steps: &steps)
        }
    }

    @Test func notesAreKeptWithTheFirstRegistrationOnly() throws {
        let study = try Study()
        defer { try? FileManager.default.removeItem(atPath: study.folder) }
        var said: [String] = []
        var steps = try study.steps()
        _ = try study.open(said: &said, steps: &steps, register: true, notes: "left-handed")
        #expect(try RosterFile(dataDirectory: study.data).entry(participant: "P1", study: "s")?.notes == "left-handed")
        var again = try study.steps()
        _ = try study.open(said: &said, steps: &again, register: true, notes: "right-handed", again: true)
        #expect(try RosterFile(dataDirectory: study.data).entry(participant: "P1", study: "s")?.notes == "left-handed")
        #expect(said.contains { $0.hasSuffix("--notes is kept for a first registration only") }, "\(said)")
    }

    /// Two starts at one moment: the one that decides second, on what it saw before the first
    /// one's session existed, is refused; a new session and a resume alike.
    @Test func aSessionBegunAfterThisStartWasDecidedRefusesIt() throws {
        let study = try Study()
        defer { try? FileManager.default.removeItem(atPath: study.folder) }
        var said: [String] = []
        let before = ParticipantJournals(dataDirectory: study.data, participant: "P1")
        var steps = try study.steps()
        var first: BatchJournalFile? = try study.open(said: &said, steps: &steps)
        var second = try study.steps()
        #expect { try study.open(said: &said, steps: &second, again: true, journalsSeen: before) } throws: { error in
            "\(error)".hasPrefix("another labkiosk process started P1's session while this one was starting")
        }
        first = nil
        let interrupted = ParticipantJournals(dataDirectory: study.data, participant: "P1")
        var resumed = try study.steps()
        let resuming = try study.open(said: &said, steps: &resumed, journalsSeen: interrupted)
        var third = try study.steps()
        #expect(throws: BatchSessionOpening.Refusal.self) { try study.open(said: &said, steps: &third, journalsSeen: interrupted) }
        _ = (first, resuming)
    }

    /// Run again on the desk (`--again --confirmed-by`): the new session's journal says who
    /// confirmed it, and after which session.
    @Test func runningAgainIsConfirmedInTheJournal() throws {
        let study = try Study()
        defer { try? FileManager.default.removeItem(atPath: study.folder) }
        var said: [String] = []
        var steps = try study.steps()
        let first = try study.open(said: &said, steps: &steps)
        try first.append(BatchJournal.complete(at: "2026-11-27 10:00:05"))
        var again = try study.steps()
        let second = try study.open(said: &said, steps: &again, again: true, confirmedBy: "staff (desk PIN)")
        let text = try String(contentsOfFile: second.path, encoding: .utf8)
        let firstJournal = String(first.path.dropFirst(study.data.count + 1))
        #expect(text.contains(" by staff (desk PIN): run once more after the session in \(firstJournal)\n"), "\(text)")
        #expect(said.contains { $0.hasSuffix("once more, after the session in \(firstJournal)") }, "\(said)")
    }

    @Test func aDamagedRosterLineHoldsBackItsParticipantAndNoOneElse() throws {
        let study = try Study()
        defer { try? FileManager.default.removeItem(atPath: study.folder) }
        try FileManager.default.createDirectory(atPath: study.data, withIntermediateDirectories: true)
        try (RosterLog.firstLine + "\n%% garbage\nwithdrawn\tlast week\tP1\ts\tstaff\twhy\n")
            .write(toFile: study.data + "/roster.txt", atomically: true, encoding: .utf8)
        var said: [String] = []
        var steps = try study.steps()
        #expect { try study.open(said: &said, steps: &steps, register: true) } throws: { error in
            "\(error)".hasSuffix("nothing starts for them until it is corrected by hand (other participants are not affected); nothing was started")
        }
        try (RosterLog.firstLine + "\n%% garbage\nwithdrawn\tlast week\tP7\ts\tstaff\twhy\n")
            .write(toFile: study.data + "/roster.txt", atomically: true, encoding: .utf8)
        _ = try study.open(said: &said, steps: &steps, register: true)
        #expect(try RosterFile(dataDirectory: study.data).entry(participant: "P1", study: "s") != nil)
    }

    @Test func aNewSessionThenAnInterruptedOneResumedWithItsPartialFiles() throws {
        let study = try Study()
        defer { try? FileManager.default.removeItem(atPath: study.folder) }
        var said: [String] = []
        var steps = try study.steps()
        let folder: String
        do {
            let journal = try study.open(said: &said, steps: &steps)
            #expect(steps.firstBlock == 0 && steps.resumeNotice == nil)
            try journal.append(BatchJournal.began(0, at: "2026-11-26 10:00:00"))
            try "partial".write(toFile: journal.folder + "/left.txt", atomically: true, encoding: .utf8)
            folder = journal.folder
        }
        var resumed = try study.steps()
        let journal = try study.open(said: &said, steps: &resumed)
        #expect(journal.folder == folder)
        #expect(resumed.firstBlock == 0)
        #expect(resumed.resumeNotice == "The session stopped during part 1 of 2. That part starts again from its beginning.")
        #expect(resumed.notes[0] == ["restart of block 1 after an interruption; partial files: left.txt"])
        #expect(said.last?.hasSuffix("its partial files are kept: left.txt; resuming at block 1") == true)
        let text = try String(contentsOfFile: journal.path, encoding: .utf8)
        #expect(text.contains("left.txt"))
    }

    @Test func aJournalThatCannotBeReadStopsTheBatchWithItsLine() throws {
        for damage in ["garbage", "crlf", "utf8"] {
            let study = try Study()
            defer { try? FileManager.default.removeItem(atPath: study.folder) }
            var said: [String] = []
            var steps = try study.steps()
            let path: String
            do {
                let journal = try study.open(said: &said, steps: &steps)
                try journal.append(BatchJournal.began(0, at: "2026-11-26 10:00:00"))
                path = journal.path
            }
            var text = try String(contentsOfFile: path, encoding: .utf8)
            switch damage {
            case "garbage": text = text.replacingOccurrences(of: "began", with: "%%% not a journal line\nbegan")
            case "crlf": text = text.replacingOccurrences(of: "\n", with: "\r\n")
            default: text += "note \u{FFFD}\n"
            }
            var bytes = Array(text.utf8)
            if damage == "utf8" { bytes.replaceSubrange(bytes.count - 4..<bytes.count - 1, with: [0xFF, 0xFE, 0xFD]) }
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            // The catalogue is gone (a copy of the data folder without it), so only the journal tells.
            try FileManager.default.removeItem(atPath: study.data + "/" + SessionCatalogue.fileName)
            var again = try study.steps()
            do {
                _ = try study.open(said: &said, steps: &again)
                Issue.record("\(damage): a new session started over an unreadable journal")
            } catch let refusal as BatchSessionOpening.Refusal {
                #expect(refusal.description.hasPrefix(path + ": "), "\(damage): \(refusal)")
                #expect(refusal.description.contains(damage == "utf8" ? "not UTF-8 text" : "line "), "\(damage): \(refusal)")
                #expect(refusal.description.contains("nothing was started"), "\(damage): \(refusal)")
            }
            #expect(SessionCatalogue.journals(under: study.data) == [path], "\(damage): no second session")
        }
    }

    @Test func twoBatchesOfOneParticipantStartedAtOnceOpenOneSession() throws {
        for _ in 0..<5 {
            // Each opening reads the study and nothing else; the catalogue and locks are on disk.
            nonisolated(unsafe) let study = try Study()
            defer { try? FileManager.default.removeItem(atPath: study.folder) }
            let outcomes = Mutex<(opened: [BatchJournalFile], refused: Int)>(([], 0))
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                var said: [String] = []
                guard var steps = try? study.steps() else { return }
                do {
                    let journal = try study.open(said: &said, steps: &steps)
                    outcomes.withLock { $0.opened.append(journal) }
                } catch is BatchSessionOpening.Refusal {
                    outcomes.withLock { $0.refused += 1 }
                } catch {
                    Issue.record("\(error)")
                }
            }
            #expect(outcomes.withLock { ($0.opened.count, $0.refused) } == (1, 3))
        }
    }

    @Test func aSessionRunningInAnotherProcessIsRefused() throws {
        let study = try Study()
        defer { try? FileManager.default.removeItem(atPath: study.folder) }
        var said: [String] = []
        var steps = try study.steps()
        let running = try study.open(said: &said, steps: &steps)
        #expect(throws: BatchSessionOpening.Refusal.self) { _ = try study.open(said: &said, steps: &steps) }
        _ = running
    }
}
