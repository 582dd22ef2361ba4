import Testing
@testable import KioskCore

@Suite struct SimulationStepTests {
    private let visits = [PlanVisit(name: "baseline", day: 0), PlanVisit(name: "week-1", day: 7, windowDays: 2), PlanVisit(name: "week-4", day: 28)]
    /// The first visits' day.
    private let firstDay = CalendarDate(year: 2026, month: 12, day: 1)

    private func next(_ sessions: [VisitSchedule.Session], participant: String = "SIM-001") throws -> SimulationStep {
        let start = try #require(firstDay)
        return SimulationStep.next(VisitSchedule(visits: visits, sessions: sessions, today: start), start: start, seed: 5, participant: participant)
    }

    private func session(_ visit: String, daysAfterStart days: Int, _ state: CatalogueSession.State) throws -> VisitSchedule.Session {
        VisitSchedule.Session(visit: visit, started: try #require(firstDay?.adding(days: days)), state: state)
    }

    @Test func theFirstVisitRunsOnTheStartDayAndLaterOnesWithinTheirWindows() throws {
        let start = try #require(firstDay)
        #expect(try next([]) == .run(visit: "baseline", on: start))
        let baseline = try session("baseline", daysAfterStart: 0, .complete)
        var days = Set<CalendarDate>()
        for number in 1...60 {
            guard case .run(let visit, let day) = try next([baseline], participant: "SIM-\(number)") else {
                Issue.record("week-1 is next")
                return
            }
            #expect(visit == "week-1")
            days.insert(day)
        }
        // Days 5 to 9 after the first visit, each drawn for some participant.
        #expect(days == Set((5...9).compactMap { start.adding(days: $0) }))
        // The same participant's visit falls on the same day when the simulation resumes.
        #expect(try next([baseline]) == next([baseline]))
        let week1 = try session("week-1", daysAfterStart: 8, .complete)
        #expect(try next([baseline, week1]) == .run(visit: "week-4", on: try #require(start.adding(days: 28))))
    }

    @Test func anInterruptedVisitResumesAndADeclineEndsTheParticipant() throws {
        let baseline = try session("baseline", daysAfterStart: 0, .complete)
        guard case .run("week-1", _) = try next([baseline, session("week-1", daysAfterStart: 6, .interrupted)]) else {
            Issue.record("the interrupted visit resumes")
            return
        }
        #expect(try next([session("baseline", daysAfterStart: 0, .declined)]) == .withdrawn(visit: "baseline"))
        let all = try ["baseline", "week-1", "week-4"].map { try session($0, daysAfterStart: 0, .complete) }
        #expect(try next(all) == .finished)
    }
}
