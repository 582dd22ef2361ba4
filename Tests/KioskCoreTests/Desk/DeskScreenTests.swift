import Testing
@testable import KioskCore

@Suite struct DeskScreenTests {
    private let study = DeskStudy(name: "memory", planPath: "plans/memory/plan.toml",
                                  visits: [PlanVisit(name: "baseline", day: 0), PlanVisit(name: "week-1", day: 7, windowDays: 1)])
    private let broken = DeskStudy(name: "broken.toml", planPath: "plans/broken.toml", problem: "line 3: unknown table [blocks]")

    private func desk() -> DeskScreen {
        DeskScreen(labName: "Lab", studies: [study, broken], registered: ["memory": ["P017"]], verifyPIN: { $0 == "2468" })
    }

    private func time(_ seconds: Double) -> MonotonicTime { MonotonicTime(nanoseconds: Int64(seconds * 1e9)) }

    /// A tap on the button labelled `label` on the page now shown.
    private func tap(_ label: String, on desk: inout DeskScreen, at seconds: Double = 1) {
        guard let button = desk.buttons(at: time(seconds)).first(where: { $0.label == label }) else {
            Issue.record("no button \(label) on \(desk.page)")
            return
        }
        let point = Point(button.box.left + button.box.width / 2, button.box.bottom + button.box.height / 2)
        desk.advance(to: time(seconds), inputs: [InputEvent(time: time(seconds), .pointerDown(point, .finger(1))),
                                                 InputEvent(time: time(seconds), .pointerUp(point, .finger(1)))])
    }

    private func keys(_ names: [String], on desk: inout DeskScreen, at seconds: Double = 1) {
        desk.advance(to: time(seconds), inputs: names.flatMap { [InputEvent(time: time(seconds), .keyPress($0)), InputEvent(time: time(seconds), .keyRelease($0))] })
    }

    private func unlock(_ desk: inout DeskScreen) {
        desk.advance(to: time(1), inputs: [InputEvent(time: time(1), .pointerUp(Point(10, 10), .finger(1)))])
        for digit in ["2", "4", "6", "8", "OK"] { tap(digit, on: &desk) }
    }

    @Test func thePINUnlocksAndAStudyLeadsToTheIDKeys() {
        var desk = desk()
        #expect(desk.isLocked)
        unlock(&desk)
        #expect(desk.page == .studies)
        #expect(desk.takeRequests() == [.log("unlocked with the PIN")])
        tap("broken.toml: cannot run (why?)", on: &desk)
        #expect(desk.page == .problem("broken.toml cannot run until its plan is corrected:\nline 3: unknown table [blocks]"))
        tap("Back", on: &desk)
        tap("memory", on: &desk)
        #expect(desk.page == .enterID(study))
        for key in ["P", "0", "1", "7"] { tap(key, on: &desk) }
        tap("OK", on: &desk)
        #expect(desk.takeRequests() == [.lookUp(study: study, participant: "P017")])
    }

    @Test func aScannerTypesTheIDAndEnter() {
        var desk = desk()
        unlock(&desk)
        tap("memory", on: &desk)
        _ = desk.takeRequests()
        desk.advance(to: time(2), inputs: [InputEvent(time: time(2), .keyPress("LSHIFT")), InputEvent(time: time(2), .keyPress("P")),
                                           InputEvent(time: time(2), .keyRelease("LSHIFT"))])
        keys(["_0", "_1", "_7", "ENTER"], on: &desk, at: 2)
        #expect(desk.takeRequests() == [.lookUp(study: study, participant: "P017")])
    }

    @Test func badIDsAreRefusedWithTheReason() {
        var desk = desk()
        unlock(&desk)
        tap("memory", on: &desk)
        keys(["ENTER"], on: &desk)
        #expect(desk.idMessage == "A participant ID cannot be empty")
        keys(["P", "_1", "TAB", "ENTER"], on: &desk)
        #expect(desk.idMessage.hasPrefix("A participant ID cannot hold control characters"))
        keys(["BACKSPACE", "SPACE", "ENTER"], on: &desk)
        #expect(desk.idMessage.contains("spaces"))
        _ = desk.drawList(at: time(1))
        #expect(desk.takeRequests().allSatisfy { if case .lookUp = $0 { false } else { true } })
    }

    /// With `unlock_chord = false` only the PIN unlocks: the chord from any keyboard does nothing.
    @Test func withoutTheChordOnlyThePINUnlocks() {
        var desk = DeskScreen(labName: "Lab", studies: [study], chord: nil, verifyPIN: { $0 == "2468" })
        let presses = ["LCTRL", "LALT", "LSHIFT", "Q"].map { InputEvent(time: time(1), .keyPress($0)) }
        desk.advance(to: time(1), inputs: presses)
        #expect(desk.isLocked)
        var withChord = self.desk()
        withChord.advance(to: time(1), inputs: presses)
        #expect(!withChord.isLocked)
    }

    /// An intake run unattended asked no consent: the next visit starts only once staff confirm it was given.
    @Test func aVisitAfterAnUnattendedIntakeAsksAboutConsent() {
        var desk = desk()
        unlock(&desk)
        tap("memory", on: &desk)
        let schedule = VisitSchedule(visits: study.visits, sessions: [.init(visit: "baseline", started: CalendarDate(parsing: "2026-11-27")!, state: .complete)],
                                     today: CalendarDate(parsing: "2026-12-04")!)
        var participant = DeskParticipant(id: "P017", entry: RosterEntry(participant: "P017", study: "memory", registered: "2026-11-27 10:00:00"),
                                          schedule: schedule, session: nil)
        participant.consentNotAsked = "visit baseline"
        desk.show(participant, of: study)
        tap("Start…", on: &desk)
        guard case .confirm(let question, let yes, let request, _) = desk.page else {
            Issue.record("no confirmation: \(desk.page)")
            return
        }
        #expect(question.hasPrefix("Consent was not asked at visit baseline (an unattended run)") && yes == "Yes, consent given")
        #expect(request == .start(DeskStart(study: study, participant: "P017", visit: "week-1", again: false, confirmed: true)))
    }

    @Test func aNearMissAsksDidYouMean() {
        var desk = desk()
        unlock(&desk)
        tap("memory", on: &desk)
        desk.advance(to: time(1), inputs: [InputEvent(time: time(1), .keyPress("RSHIFT")), InputEvent(time: time(1), .keyPress("P")),
                                           InputEvent(time: time(1), .keyRelease("RSHIFT"))])
        keys(["_0", "_7", "_1", "ENTER"], on: &desk)
        #expect(desk.takeRequests().last == .lookUpNearMisses(study: study, typed: "P071", candidates: ["P017"]))
        let registered = DeskParticipant(id: "P017", entry: RosterEntry(participant: "P017", study: "memory", registered: "2026-11-20 09:00:00",
                                                                        notes: "left-handed"), schedule: nil, session: .complete)
        desk.askDidYouMean([registered], typed: "P071", of: study)
        #expect(desk.page == .didYouMean(study, typed: "P071", candidates: [registered]))
        #expect(registered.summary == "registered 2026-11-20 09:00 · left-handed · session complete")
        tap("Yes: P017", on: &desk)
        #expect(desk.takeRequests().last == .lookUp(study: study, participant: "P017"))
    }

    /// Enter on "did you mean" takes someone new, never the registered participant.
    @Test func enterOnDidYouMeanIsSomeoneNew() {
        var desk = desk()
        unlock(&desk)
        tap("memory", on: &desk)
        keys(["P", "_0", "_7", "_1", "ENTER"], on: &desk)
        #expect(desk.takeRequests().last == .lookUpNearMisses(study: study, typed: "p071", candidates: ["P017"]))
        desk.askDidYouMean([DeskParticipant(id: "P017", entry: nil, schedule: nil, session: nil)], typed: "p071", of: study)
        keys(["ENTER"], on: &desk)
        #expect(desk.takeRequests().last == .lookUp(study: study, participant: "p071"))
    }

    @Test func theNextSequentialIDGoesStraightToItsPage() {
        var desk = desk()
        unlock(&desk)
        tap("memory", on: &desk)
        keys(["P", "_0", "_1", "_8", "ENTER"], on: &desk)
        #expect(desk.takeRequests().last == .lookUp(study: study, participant: "p018"))
    }

    @Test func fiveWrongPINsLockThePadForAMinute() {
        var desk = desk()
        desk.advance(to: time(1), inputs: [InputEvent(time: time(1), .pointerUp(Point(10, 10), .finger(1)))])
        for _ in 0..<5 { for key in ["1", "1", "1", "1", "OK"] { tap(key, on: &desk) } }
        let requests = desk.takeRequests()
        #expect(requests.count == 5)
        #expect(requests.last == .log("a wrong PIN, the 5th in a row: the PIN pad is locked for 60 s"))
        for key in ["2", "4", "6", "8", "OK"] { tap(key, on: &desk, at: 30) }
        #expect(desk.isLocked)
        #expect(desk.buttons(at: time(30)).allSatisfy { !$0.enabled || $0.label == "Cancel" })
        for key in ["2", "4", "6", "8", "OK"] { tap(key, on: &desk, at: 62) }
        #expect(desk.page == .studies)
    }

    @Test func theChordUnlocksAndAnIdleDeskLocksItself() {
        var desk = desk()
        desk.advance(to: time(1), inputs: ["LCTRL", "LALT", "LSHIFT", "Q"].map { InputEvent(time: time(1), .keyPress($0)) })
        #expect(desk.page == .studies)
        #expect(desk.nextWake(after: time(1)) == time(1 + DeskScreen.idleLockSeconds))
        desk.advance(to: time(1 + DeskScreen.idleLockSeconds), inputs: [])
        #expect(desk.isLocked)
        #expect(desk.nextWake(after: time(200)) == nil)
    }

    @Test func aVisitOutsideItsWindowAsksStaffToConfirm() {
        var desk = desk()
        unlock(&desk)
        tap("memory", on: &desk)
        let today = CalendarDate(parsing: "2026-11-30")!
        let schedule = VisitSchedule(visits: study.visits, sessions: [.init(visit: "baseline", started: CalendarDate(parsing: "2026-11-27")!, state: .complete)],
                                     today: today)
        desk.show(DeskParticipant(id: "P017", entry: RosterEntry(participant: "P017", study: "memory", registered: "2026-11-27 10:00:00"),
                                  schedule: schedule, session: nil), of: study)
        #expect(desk.buttons(at: time(1)).map(\.label) == ["Run again…", "Start…", "Withdraw…", "Done"])
        #expect(desk.drawList(at: time(1)).commands.count > 10)
        tap("Start…", on: &desk)
        tap("Yes, start", on: &desk)
        #expect(desk.takeRequests().last == .start(DeskStart(study: study, participant: "P017", visit: "week-1", again: false, confirmed: true)))
        desk.lock(notice: nil)
        #expect(desk.isLocked)
    }

    @Test func aStaffKeyboardReachesEveryStepWithoutATap() {
        var desk = desk()
        keys(["_2", "_4", "_6", "_8", "ENTER"], on: &desk)
        #expect(desk.page == .studies)
        keys(["_2"], on: &desk)
        #expect(desk.page != .studies && desk.page != .enterID(broken), "the broken study shows why it cannot run")
        keys(["ESCAPE", "_1"], on: &desk)
        #expect(desk.page == .enterID(study))
        keys(["A", "_4", "_2", "ENTER"], on: &desk)
        #expect(desk.takeRequests().last == .lookUp(study: study, participant: "a42"))
        let schedule = VisitSchedule(visits: study.visits, sessions: [.init(visit: "baseline", started: CalendarDate(parsing: "2026-11-27")!, state: .complete)],
                                     today: CalendarDate(parsing: "2026-12-04")!)
        desk.show(DeskParticipant(id: "P017", entry: RosterEntry(participant: "P017", study: "memory", registered: "2026-11-27 10:00:00"),
                                  schedule: schedule, session: nil), of: study)
        keys(["ENTER"], on: &desk)
        #expect(desk.takeRequests().last == .start(DeskStart(study: study, participant: "P017", visit: "week-1", again: false, confirmed: false)))
        keys(["ESCAPE"], on: &desk)
        #expect(desk.page == .enterID(study))
    }

    @Test func theHistoryIsATableAndAPlotAcrossVisits() {
        var desk = desk()
        unlock(&desk)
        let history = [DeskHistoryRow(date: "2026-11-27", visit: "baseline", block: "judge a.toml", figures: [("accuracy", "0.500"), ("trials", "8")]),
                       DeskHistoryRow(date: "2026-12-04", visit: "week-1", block: "judge a.toml", figures: [("accuracy", "0.750"), ("trials", "8")])]
        desk.show(DeskParticipant(id: "P017", entry: RosterEntry(participant: "P017", study: "memory", registered: "2026-11-27 10:00:00"),
                                  schedule: nil, session: .complete, history: history), of: study)
        let texts = desk.drawList(at: time(1)).commands.compactMap { if case .text(let text, _, _) = $0 { text } else { nil } }
        #expect(texts.contains("2026-12-04  week-1  judge a.toml") && texts.contains("accuracy 0.750 · trials 8"))
        #expect(texts.contains("accuracy across visits") && texts.contains("0.75") && texts.contains("week-1"))
        let plot = try! #require(DeskHistoryPlot(history))
        #expect(plot.figure == "accuracy" && plot.range == (0, 1))
        let box = Rect(left: 0, bottom: 0, width: 100, height: 100)
        #expect(plot.positions(in: box) == [Point(0, 50), Point(100, 75)])
    }

    @Test func nothingALockedDeskShowsLeavesIt() {
        var desk = desk()
        let before = desk.version
        for key in ["ESCAPE", "F4", "LALT", "TAB", "Q"] { keys([key], on: &desk) }
        #expect(desk.isLocked)
        #expect(desk.takeRequests().isEmpty)
        desk.advance(to: time(1), inputs: [InputEvent(time: time(1), .quitRequested)])
        #expect(desk.isLocked)
        #expect(desk.version >= before)
    }
}
