/// What a simulation does next for one participant of a plan with visits, from where their
/// visits stand, as the desk decides which visit is due: the visit that was interrupted, or
/// else the first not done, on a day of its window (drawn from the seed, so a resumed
/// simulation runs it on the same day); nothing more once every visit is done or the
/// participant declined consent.
public enum SimulationStep: Hashable, Sendable {
    /// Run this visit (nil: a plan's one session) on this day.
    case run(visit: String?, on: CalendarDate)
    /// Every visit is done.
    case finished
    /// The participant declined consent at this visit (nil: the one session): they take no further part.
    case withdrawn(visit: String?)

    /// - Parameter start: the day the participant's first visit runs.
    public static func next(_ schedule: VisitSchedule, start: CalendarDate, seed: UInt64, participant: String) -> SimulationStep {
        if let declined = schedule.statuses.first(where: { if case .declined = $0.state { true } else { false } }) {
            return .withdrawn(visit: declined.visit.name)
        }
        guard let next = schedule.next else { return .finished }
        guard let window = next.window else { return .run(visit: next.visit.name, on: start) }
        let days = window.lowerBound.days(to: window.upperBound)
        var generator = SplitMix64(seed: SimulatedVisit.seed(seed, participant, next.visit.name, "day"))
        let offset = days > 0 ? Int(generator.next() % UInt64(days + 1)) : 0
        return .run(visit: next.visit.name, on: window.lowerBound.adding(days: offset) ?? window.lowerBound)
    }
}
