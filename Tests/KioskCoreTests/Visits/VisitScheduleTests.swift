import Testing
@testable import KioskCore

@Suite struct VisitScheduleTests {
    private let visits = [PlanVisit(name: "baseline", day: 0), PlanVisit(name: "week-1", day: 7, windowDays: 1),
                          PlanVisit(name: "month-1", day: 30, windowDays: 3)]
    private func date(_ text: String) -> CalendarDate { CalendarDate(parsing: text)! }
    private func schedule(_ sessions: [VisitSchedule.Session], today: String) -> VisitSchedule {
        VisitSchedule(visits: visits, sessions: sessions, today: date(today))
    }

    @Test func beforeAnyVisitOnlyTheFirstIsDue() {
        let schedule = schedule([], today: "2026-11-27")
        #expect(schedule.statuses.map(\.state) == [.due, .afterFirstVisit, .afterFirstVisit])
        #expect(schedule.next?.visit.name == "baseline")
        #expect(!schedule.needsConfirmation("baseline"))
        #expect(schedule.needsConfirmation("week-1"))
    }

    @Test func theFirstVisitsDateFixesTheOthersWindows() {
        let done = [VisitSchedule.Session(visit: "baseline", started: date("2026-11-27"), state: .complete)]
        let early = schedule(done, today: "2026-12-02")
        #expect(early.statuses.map(\.state) == [.done(date("2026-11-27")), .early, .early])
        #expect(early.statuses[1].window == date("2026-12-03")...date("2026-12-05"))
        #expect(early.statuses[1].text == "early: due 2026-12-03 to 2026-12-05")
        #expect(early.needsConfirmation("week-1"))
        #expect(schedule(done, today: "2026-12-03").statuses[1].state == .due)
        #expect(schedule(done, today: "2026-12-05").statuses[1].state == .due)
        #expect(!schedule(done, today: "2026-12-05").needsConfirmation("week-1"))
        let late = schedule(done, today: "2026-12-06")
        #expect(late.statuses[1].state == .overdue)
        #expect(late.statuses[1].text == "overdue: was due 2026-12-03 to 2026-12-05")
        #expect(schedule(done, today: "2026-12-27").statuses[2].state == .due)
        #expect(schedule(done, today: "2026-12-30").statuses[2].state == .due)
        #expect(schedule(done, today: "2026-12-31").statuses[2].state == .overdue)
    }

    /// A declined intake is not "done": it reads as declined and is not offered again.
    @Test func aDeclinedVisitIsNeitherDoneNorNext() {
        let declined = schedule([.init(visit: "baseline", started: date("2026-11-27"), state: .declined)], today: "2026-11-27")
        #expect(declined.statuses[0].state == .declined(date("2026-11-27")))
        #expect(declined.statuses[0].text == "consent declined 2026-11-27")
        #expect(declined.next?.visit.name == "week-1")
    }

    @Test func anInterruptedVisitResumesBeforeAnythingElse() {
        let sessions = [VisitSchedule.Session(visit: "baseline", started: date("2026-11-27"), state: .complete),
                        VisitSchedule.Session(visit: "week-1", started: date("2026-12-04"), state: .interrupted)]
        let schedule = schedule(sessions, today: "2026-12-20")
        #expect(schedule.statuses[1].state == .interrupted)
        #expect(schedule.next?.visit.name == "week-1")
        #expect(!schedule.needsConfirmation("week-1"))
    }

    @Test func aVisitRunAgainShowsItsLatestDayAndSessionsOfOtherPlansAreLeftOut() {
        let sessions = [VisitSchedule.Session(visit: "baseline", started: date("2026-11-27"), state: .complete),
                        VisitSchedule.Session(visit: "baseline", started: date("2026-11-28"), state: .complete),
                        VisitSchedule.Session(visit: "pilot", started: date("2026-11-01"), state: .complete)]
        let schedule = schedule(sessions, today: "2026-11-28")
        #expect(schedule.firstVisit == date("2026-11-27"))
        #expect(schedule.statuses[0].state == .done(date("2026-11-28")))
        #expect(schedule.next?.visit.name == "week-1")
    }

    @Test func whenEveryVisitIsDoneNoneIsNext() {
        let sessions = visits.enumerated().map { VisitSchedule.Session(visit: $0.element.name, started: date("2026-11-27").adding(days: $0.element.day)!, state: .complete) }
        #expect(schedule(sessions, today: "2027-01-01").next == nil)
    }
}
