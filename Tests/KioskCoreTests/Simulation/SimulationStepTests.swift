import Testing
@testable import KioskCore

@Suite struct SimulationStepTests {
    private let visits = [PlanVisit(name: "baseline", day: 0), PlanVisit(name: "week-1", day: 7, windowDays: 2), PlanVisit(name: "week-4", day: 28)]
    /// The first visits' day.
    private let firstDay = CalendarDate(year: 2026, month: 12, day: 1)

    private func next(_ sessions: [VisitSchedule.Session], participant: String = "SIM-001",
                      attendance: BehaviourModel.Attendance = .init()) throws -> SimulationStep {
        let start = try #require(firstDay)
        return SimulationStep.next(VisitSchedule(visits: visits, sessions: sessions, today: start), start: start, seed: 5,
                                   participant: participant, attendance: attendance)
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

    @Test func aShareOfLaterVisitsRunsAfterTheirWindowClosed() throws {
        let start = try #require(firstDay)
        let baseline = try session("baseline", daysAfterStart: 0, .complete)
        var attendance = BehaviourModel.Attendance()
        attendance.lateShare = 0.5
        attendance.lateDaysAtMost = 2
        var lateDays = [CalendarDate](), inWindow = 0
        for number in 1...200 {
            switch try next([baseline], participant: "SIM-\(number)", attendance: attendance) {
            case .runLate("week-1", let day): lateDays.append(day)
            case .run("week-1", _): inWindow += 1
            case let other: Issue.record("week-1 is next, found \(other)")
            }
        }
        // week-1's window is days 5 to 9: a late visit falls on day 10 or 11.
        #expect(Set(lateDays) == Set([10, 11].compactMap { start.adding(days: $0) }))
        #expect((70...130).contains(lateDays.count) && lateDays.count + inWindow == 200, "\(lateDays.count) late")
        // With no share, no visit is late, and each keeps the day it had before late visits were modelled.
        #expect(try next([baseline], participant: "SIM-7") == next([baseline], participant: "SIM-7", attendance: .init()))
    }

    @Test func aShareOfParticipantsStopsComingAfterSomeVisit() throws {
        let baseline = try session("baseline", daysAfterStart: 0, .complete)
        let week1 = try session("week-1", daysAfterStart: 7, .complete)
        var attendance = BehaviourModel.Attendance()
        attendance.noShowShare = 0.3
        var stopped: [String: Int] = [:]
        for number in 1...300 {
            let participant = "SIM-\(number)"
            // Everyone comes to the first visit.
            guard case .run("baseline", _) = try next([], participant: participant, attendance: attendance) else {
                Issue.record("baseline is first")
                return
            }
            if case .stoppedComing(let before) = try next([baseline], participant: participant, attendance: attendance) {
                stopped[before, default: 0] += 1
                continue
            }
            if case .stoppedComing(let before) = try next([baseline, week1], participant: participant, attendance: attendance) {
                stopped[before, default: 0] += 1
            }
        }
        let total = stopped.values.reduce(0, +)
        #expect((60...120).contains(total) && Set(stopped.keys) == ["week-1", "week-4"], "\(stopped)")
        // A visit already begun is resumed, whoever stops coming.
        for number in 1...50 {
            let interrupted = try [baseline, session("week-1", daysAfterStart: 7, .interrupted)]
            guard case .run("week-1", _) = try next(interrupted, participant: "SIM-\(number)", attendance: attendance) else {
                Issue.record("an interrupted visit resumes")
                return
            }
        }
    }
}
