import Testing
@testable import KioskCore

@Suite struct BatchStartTests {
    private let titles = ["instructions welcome.txt", "matb easy.txt", "matb hard.txt"]

    /// A journal of `titles` in which blocks before `done` ended and `running`, if given, began.
    private func journal(done: Int, running: Int? = nil, complete: Bool = false) -> BatchJournal {
        var text = BatchJournal.openingLines(study: "pilot", plan: "p.toml", participant: "P07", orderDecisions: [],
                                             blocks: titles.enumerated().map { ($0.offset, $0.element) })
        for block in 0..<done { text += BatchJournal.began(block, at: "b") + BatchJournal.ended(block, at: "e", files: [], figures: []) }
        if let running { text += BatchJournal.began(running, at: "b") }
        if complete { text += BatchJournal.complete(at: "2026-11-24 11:00:00") }
        return try! BatchJournal.read(text).get()
    }

    @Test func aFirstSessionIsNew() throws {
        #expect(try BatchStart.decide(latest: nil, titles: titles, again: false, restartBlock: nil, skipBlock: false) == .new)
    }

    @Test func anInterruptedSessionResumesAtTheBlockThatWasRunning() throws {
        let start = try BatchStart.decide(latest: journal(done: 1, running: 1), titles: titles, again: false, restartBlock: nil, skipBlock: false)
        #expect(start == .resume(from: 1, interrupted: 1, staffChoice: nil))
    }

    @Test func aSessionStoppedBetweenBlocksResumesAtTheNextOne() throws {
        let start = try BatchStart.decide(latest: journal(done: 2), titles: titles, again: false, restartBlock: nil, skipBlock: false)
        #expect(start == .resume(from: 2, interrupted: nil, staffChoice: nil))
    }

    @Test func aCompletedStudyNeedsAgain() throws {
        #expect(throws: BatchStart.Refusal.self) {
            try BatchStart.decide(latest: journal(done: 3, complete: true), titles: titles, again: false, restartBlock: nil, skipBlock: false)
        }
        #expect(try BatchStart.decide(latest: journal(done: 3, complete: true), titles: titles, again: true, restartBlock: nil, skipBlock: false) == .new)
    }

    @Test func skippingGoesPastTheBlockItStoppedIn() throws {
        let start = try BatchStart.decide(latest: journal(done: 1, running: 1), titles: titles, again: false, restartBlock: nil, skipBlock: true)
        #expect(start == .resume(from: 2, interrupted: 1, staffChoice: .skip(block: 1)))
    }

    @Test func aRestartGoesBackButNeverForward() throws {
        let latest = journal(done: 1, running: 1)
        #expect(try BatchStart.decide(latest: latest, titles: titles, again: false, restartBlock: 1, skipBlock: false)
            == .resume(from: 0, interrupted: 1, staffChoice: .restart(from: 0)))
        #expect(throws: BatchStart.Refusal.self) {
            try BatchStart.decide(latest: latest, titles: titles, again: false, restartBlock: 3, skipBlock: false)
        }
    }

    @Test func staffChoicesNeedAnInterruptedSession() {
        #expect(throws: BatchStart.Refusal.self) { try BatchStart.decide(latest: nil, titles: titles, again: false, restartBlock: nil, skipBlock: true) }
        #expect(throws: BatchStart.Refusal.self) {
            try BatchStart.decide(latest: journal(done: 1, running: 1), titles: titles, again: true, restartBlock: 1, skipBlock: false)
        }
        #expect(throws: BatchStart.Refusal.self) {
            try BatchStart.decide(latest: journal(done: 1, running: 1), titles: titles, again: false, restartBlock: 1, skipBlock: true)
        }
    }

    @Test func aChangedPlanIsNotResumedSilently() {
        var changed = titles
        changed.swapAt(1, 2)
        #expect {
            try BatchStart.decide(latest: journal(done: 1, running: 1), titles: changed, again: false, restartBlock: nil, skipBlock: false)
        } throws: { error in
            "\(error)".contains("block 2 was matb easy.txt, is now matb hard.txt")
        }
    }
}
