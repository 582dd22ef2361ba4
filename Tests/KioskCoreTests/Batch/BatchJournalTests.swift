import Testing
@testable import KioskCore

@Suite struct BatchJournalTests {
    private let titles = ["instructions welcome.txt", "matb easy.txt", "matb hard.txt"]

    private func opening() -> String {
        BatchJournal.openingLines(study: "pilot", plan: "plans/pilot.toml", participant: "P07",
                                  orderDecisions: ["conditions: latin-square, participant number 7, row 1 of 2"],
                                  blocks: titles.enumerated().map { ($0.offset, $0.element) })
            + BatchJournal.started(at: "2026-11-24 10:00:00", atBlock: 0)
    }

    private func read(_ text: String) throws -> BatchJournal {
        try BatchJournal.read(text).get()
    }

    @Test func aFinishedBlockKeepsItsFilesAndFigures() throws {
        let text = opening() + BatchJournal.began(0, at: "2026-11-24 10:00:01")
            + BatchJournal.ended(0, at: "2026-11-24 10:01:00", files: ["2026-11-24/1_261124_100001.csv"], figures: [("frames", "3540")])
        let journal = try read(text)
        #expect(journal.study == "pilot" && journal.participant == "P07" && journal.plan == "plans/pilot.toml")
        #expect(journal.blocks.map(\.title) == titles)
        #expect(journal.blocks[0].state == .complete)
        #expect(journal.blocks[0].files == ["2026-11-24/1_261124_100001.csv"])
        #expect(journal.blocks[0].figures == ["frames": "3540"])
        #expect(journal.nextBlock == 1)
        #expect(journal.interruptedBlock == nil)
        #expect(!journal.isComplete)
        #expect(journal.runs == ["2026-11-24 10:00:00"])
    }

    @Test func theDisplaysProblemsBelongToTheBlocksLastRun() throws {
        let late = "2 missed refreshes 88-89 from 120.500000 s, frame shown at 120.550000 s (33.333 ms late)"
        let journal = try read(opening() + BatchJournal.began(0, at: "t1") + BatchJournal.display(0, late)
            + BatchJournal.interrupted(0, at: "t2", partialFiles: []) + BatchJournal.began(0, at: "t3")
            + BatchJournal.display(0, "1 missed refresh 140 from 200.000000 s, frame shown at 200.016667 s (16.667 ms late)")
            + BatchJournal.ended(0, at: "t4", files: [], figures: [("data flagged", "1 missed refresh")]))
        #expect(journal.blocks[0].displayProblems == ["1 missed refresh 140 from 200.000000 s, frame shown at 200.016667 s (16.667 ms late)"])
        #expect(journal.blocks[0].figures == ["data flagged": "1 missed refresh"])
        guard case .failure(let problem) = BatchJournal.read(opening() + "display 9 \(late)\n") else {
            Issue.record("a display line of a block the journal does not have was accepted")
            return
        }
        #expect(problem.message.contains("expected a block number"))
    }

    @Test func aFinishedFilesSealIsKeptByItsPath() throws {
        let sha = String(repeating: "0a", count: 32)
        let seal = BatchJournal.Seal(bytes: 120, sha256: sha)
        let text = opening() + BatchJournal.began(0, at: "t1")
            + BatchJournal.sealed([(file: "2026-11-24/P07 (Trial 1) x.txt", seal: seal)])
            + BatchJournal.ended(0, at: "t2", files: ["2026-11-24/P07 (Trial 1) x.txt"], figures: [])
        #expect(try read(text).seals == ["2026-11-24/P07 (Trial 1) x.txt": seal])
        for bad in ["checksum 12 abc x.csv", "checksum -1 \(sha) x.csv", "checksum 12 \(sha.uppercased()) x.csv", "checksum 12 \(sha) "] {
            guard case .failure(let problem) = BatchJournal.read(opening() + bad + "\n") else {
                Issue.record("accepted: \(bad)")
                continue
            }
            let line = opening().filter { $0 == "\n" }.count + 1
            #expect(problem.line == line && problem.message.contains("checksum BYTES SHA256 PATH"), "\(bad): \(problem)")
        }
    }

    @Test func aBlockThatBeganWithoutEndingIsTheInterruptedOne() throws {
        let journal = try read(opening() + BatchJournal.began(0, at: "t1") + BatchJournal.ended(0, at: "t2", files: [], figures: [])
            + BatchJournal.began(1, at: "t3"))
        #expect(journal.interruptedBlock == 1)
        #expect(journal.nextBlock == 1)
    }

    @Test func aResumedBlockKeepsThePartialFilesApartFromItsNewOnes() throws {
        let journal = try read(opening() + BatchJournal.began(0, at: "t1")
            + BatchJournal.interrupted(0, at: "t2", partialFiles: ["day/1.csv"]) + BatchJournal.started(at: "t2", atBlock: 0)
            + BatchJournal.began(0, at: "t3") + BatchJournal.ended(0, at: "t4", files: ["day/2.csv"], figures: []))
        #expect(journal.blocks[0].state == .complete)
        #expect(journal.blocks[0].files == ["day/2.csv"])
        #expect(journal.blocks[0].partialFiles == ["day/1.csv"])
        #expect(journal.allFiles == ["day/2.csv", "day/1.csv"])
        #expect(journal.runs == ["2026-11-24 10:00:00", "t2"])
    }

    @Test func aRestartSendsLaterBlocksBackWithTheirFilesKeptAsPartial() throws {
        let journal = try read(opening() + BatchJournal.began(0, at: "t1") + BatchJournal.ended(0, at: "t2", files: ["a.csv"], figures: [])
            + BatchJournal.began(1, at: "t3") + BatchJournal.restart(from: 0, at: "t4", by: "staff (--restart-block 1)"))
        #expect(journal.blocks.map(\.state) == [.pending, .pending, .pending])
        #expect(journal.blocks[0].partialFiles == ["a.csv"])
        #expect(journal.nextBlock == 0)
        #expect(journal.staffDecisions == ["restart 1 t4 by staff (--restart-block 1)"])
    }

    @Test func aSkippedBlockCountsAsDone() throws {
        let journal = try read(opening() + BatchJournal.skipped(0, at: "t1", by: "staff (--skip-block)"))
        #expect(journal.blocks[0].state == .skipped)
        #expect(journal.nextBlock == 1)
    }

    @Test func theCompleteLineEndsTheSession() throws {
        var text = opening()
        for block in 0..<3 { text += BatchJournal.began(block, at: "b") + BatchJournal.ended(block, at: "e", files: [], figures: []) }
        let journal = try read(text + BatchJournal.complete(at: "2026-11-24 11:00:00"))
        #expect(journal.isComplete && journal.completed == "2026-11-24 11:00:00")
        #expect(journal.nextBlock == nil)
    }

    @Test func aLineACrashCutShortIsLeftOut() throws {
        let journal = try read(opening() + BatchJournal.began(0, at: "t1") + "ended 1 2026-11")
        #expect(journal.blocks[0].state == .running)
    }

    @Test func aDamagedLineIsNamedByItsNumber() {
        let text = opening() + "began 9 t1\n"
        guard case .failure(let problem) = BatchJournal.read(text) else {
            Issue.record("a block number past the list was accepted")
            return
        }
        #expect(problem.line == 10)
        #expect(problem.message.contains("from 1 to 3"))
        guard case .failure(let other) = BatchJournal.read("something else\n") else {
            Issue.record("not a journal was accepted")
            return
        }
        #expect(other.line == 1)
    }

    @Test func lineBreaksInNamesCannotSplitARecord() throws {
        let text = BatchJournal.openingLines(study: "a\nb", plan: "p", participant: "x\ry", orderDecisions: [], blocks: [(0, "matb x\ny.txt")])
        let journal = try read(text)
        #expect(journal.study == "a b" && journal.participant == "x y" && journal.blocks[0].title == "matb x y.txt")
    }

    @Test func timesAreWrittenAsYearMonthDay() {
        #expect(BatchJournal.time(LocalDateTime(year: 2026, month: 3, day: 5, hour: 9, minute: 7, second: 1)) == "2026-03-05 09:07:01")
    }

    @Test func aRepeatedBlockKeepsEachRunsFilesAndItsDecisions() throws {
        let text = opening() + BatchJournal.began(0, at: "t1")
            + BatchJournal.ended(0, at: "t2", files: ["run1.tsv"], figures: [("accuracy", "0.500")])
            + BatchJournal.repeated(0, at: "t2", reason: "accuracy 0.500 did not reach accuracy >= 0.8 on run 1 of at most 3")
            + BatchJournal.began(0, at: "t3")
        var journal = try read(text)
        #expect(journal.blocks[0].earlierFiles == ["run1.tsv"] && journal.blocks[0].files.isEmpty)
        #expect(journal.blocks[0].earlierRuns == 1 && journal.blocks[0].figures.isEmpty)
        #expect(journal.interruptedBlock == 0)
        #expect(journal.allFiles == ["run1.tsv"])
        journal = try read(text + BatchJournal.ended(0, at: "t4", files: ["run2.tsv"], figures: [("accuracy", "0.900")])
            + BatchJournal.criterion(0, at: "t4", decision: "accuracy 0.900 reached accuracy >= 0.8 on run 2 of at most 3"))
        #expect(journal.blocks[0].state == .complete && journal.blocks[0].files == ["run2.tsv"] && journal.blocks[0].figures == ["accuracy": "0.900"])
        #expect(journal.allFiles == ["run1.tsv", "run2.tsv"])
        #expect(journal.criterionDecisions.count == 2 && journal.criterionDecisions[1].hasPrefix("criterion 1 t4: accuracy 0.900 reached"))
        #expect(journal.nextBlock == 1)
        // Staff going back to the block start its runs anew; the earlier ones stay as partial files.
        let restarted = try read(text + BatchJournal.restart(from: 0, at: "t5", by: "staff"))
        #expect(restarted.blocks[0].earlierRuns == 0 && restarted.blocks[0].partialFiles == ["run1.tsv"])
        #expect(BatchJournal.read(opening() + BatchJournal.repeated(0, at: "t1", reason: "x")) == .failure(.init(line: 10, message: "a block repeats after it ended")))
    }

    @Test func aDeclinedSessionIsOverAndSaysWhy() throws {
        let journal = try read(opening() + BatchJournal.began(0, at: "t1") + BatchJournal.ended(0, at: "t2", files: ["consent.txt"], figures: [])
            + BatchJournal.declined(at: "2026-11-24 10:02:00", reason: "the participant declined consent"))
        #expect(journal.isComplete && journal.completed == "2026-11-24 10:02:00")
        #expect(journal.declined == "the participant declined consent")
        #expect(journal.nextBlock == 1)
    }
}
