/// One visit of a longitudinal study (docs/plans.md: Visits): the blocks that name it run
/// together in one session, on a day counted from the participant's first visit.
public struct PlanVisit: Hashable, Sendable {
    /// What the plan, the journal and the desk call it: `baseline`, `week-1`.
    public var name: String
    /// Days after the first visit it is due (the first visit is day 0).
    public var day: Int
    /// Days either side of `day` it may still run without staff confirming.
    public var windowDays: Int
    /// Where its table starts in the plan file, for messages.
    public var line: Int

    /// The longest a study may run, in days from its first visit: ten years.
    public static let longestDay = 3660

    public init(name: String, day: Int, windowDays: Int = 0, line: Int = 0) {
        self.name = name
        self.day = day
        self.windowDays = windowDays
        self.line = line
    }

    /// The days it may run without confirmation, once the first visit's date is known.
    public func window(firstVisit: CalendarDate) -> ClosedRange<CalendarDate>? {
        guard let from = firstVisit.adding(days: day - windowDays), let to = firstVisit.adding(days: day + windowDays) else { return nil }
        return from...to
    }
}
