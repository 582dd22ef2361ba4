/// What a simulation does next for one participant of a plan with visits, from where their
/// visits stand, as the desk decides which visit is due: the visit that was interrupted, or
/// else the first not done, on a day of its window (drawn from the seed, so a resumed
/// simulation runs it on the same day), or after its window closed for a share of late visits
/// the model sets; nothing more once every visit is done, the participant declined consent,
/// or they are one of the model's share who stop coming.
public enum SimulationStep: Hashable, Sendable {
    /// Run this visit (nil: a plan's one session) on this day.
    case run(visit: String?, on: CalendarDate)
    /// Every visit is done.
    case finished
    /// Run this visit late, on this day after its window closed: staff confirm it, as the
    /// desk asks them to for an overdue visit.
    case runLate(visit: String, on: CalendarDate)
    /// The participant declined consent at this visit (nil: the one session): they take no further part.
    case withdrawn(visit: String?)
    /// The participant does not come to this visit, nor to any after it.
    case stoppedComing(before: String)

    /// - Parameter start: the day the participant's first visit runs.
    public static func next(_ schedule: VisitSchedule, start: CalendarDate, seed: UInt64, participant: String,
                            attendance: BehaviourModel.Attendance = .init()) -> SimulationStep {
        if let declined = schedule.statuses.first(where: { if case .declined = $0.state { true } else { false } }) {
            return .withdrawn(visit: declined.visit.name)
        }
        guard let next = schedule.next else { return .finished }
        guard let window = next.window else { return .run(visit: next.visit.name, on: start) }
        if next.state != .interrupted && next.state != .running,
           let stop = firstVisitNotCome(schedule, seed: seed, participant: participant, share: attendance.noShowShare),
           let index = schedule.statuses.firstIndex(where: { $0.visit.name == next.visit.name }), index >= stop {
            return .stoppedComing(before: schedule.statuses[stop].visit.name)
        }
        var generator = SplitMix64(seed: SimulatedVisit.seed(seed, participant, next.visit.name, "day"))
        let days = window.lowerBound.days(to: window.upperBound)
        let offset = days > 0 ? Int(generator.next() % UInt64(days + 1)) : 0
        // Drawn after the day within the window, so a model without late visits keeps its days
        // (and an interrupted visit resumes on the day it began).
        if generator.nextUnit() < attendance.lateShare {
            let late = 1 + Int(generator.next() % UInt64(attendance.lateDaysAtMost))
            return .runLate(visit: next.visit.name, on: window.upperBound.adding(days: late) ?? window.upperBound)
        }
        return .run(visit: next.visit.name, on: window.lowerBound.adding(days: offset) ?? window.lowerBound)
    }

    /// For one of the `share` of participants who stop coming, the index of the first visit
    /// they do not come to: one of the visits after the first, drawn from the seed.
    static func firstVisitNotCome(_ schedule: VisitSchedule, seed: UInt64, participant: String, share: Double) -> Int? {
        guard schedule.statuses.count > 1 else { return nil }
        var generator = SplitMix64(seed: SimulatedVisit.seed(seed, participant, "", "no-show"))
        guard generator.nextUnit() < share else { return nil }
        return 1 + Int(generator.next() % UInt64(schedule.statuses.count - 1))
    }
}
