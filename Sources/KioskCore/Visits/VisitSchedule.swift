/// Where a participant stands in a study's visits (docs/plans.md: Visits): each visit done,
/// interrupted, running, due today, early or overdue, with the days it may run. The first
/// visit's date fixes every later window; days are calendar days, so neither a month's end
/// nor a daylight-saving change moves a visit.
public struct VisitSchedule: Hashable, Sendable {
    /// One of the participant's sessions of the study, as the catalogue has it.
    public struct Session: Hashable, Sendable {
        public var visit: String
        public var started: CalendarDate
        public var state: CatalogueSession.State

        public init(visit: String, started: CalendarDate, state: CatalogueSession.State) {
            self.visit = visit
            self.started = started
            self.state = state
        }
    }

    public enum State: Hashable, Sendable {
        /// A session of it completed, on this day (the latest, when it ran again).
        case done(CalendarDate)
        /// The participant declined consent in its session, on this day: it ended for good.
        case declined(CalendarDate)
        /// Its latest session stopped before its end and resumes.
        case interrupted
        /// A labkiosk process is running it now.
        case running
        /// It may run today.
        case due
        /// Its window opens on a later day.
        case early
        /// Its window closed before today.
        case overdue
        /// It waits for the first visit, which fixes its dates.
        case afterFirstVisit
    }

    public struct Status: Hashable, Sendable {
        public var visit: PlanVisit
        public var state: State
        /// The days it may run without staff confirming; nil until the first visit's date is known.
        public var window: ClosedRange<CalendarDate>?

        /// How staff read it: "done 2026-11-27", "due today (2026-12-03 to 2026-12-05)".
        public var text: String {
            let days = window.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound) to \($0.upperBound)" } ?? ""
            switch state {
            case .done(let date): return "done \(date)"
            case .declined(let date): return "consent declined \(date)"
            case .interrupted: return "interrupted; resumes"
            case .running: return "running now"
            case .due: return "due today" + (days.isEmpty ? "" : " (\(days))")
            case .early: return "early: due \(days)"
            case .overdue: return "overdue: was due \(days)"
            case .afterFirstVisit: return "day \(visit.day), after the first visit"
            }
        }
    }

    public var statuses: [Status]
    /// The day the first visit ran; nil before it.
    public var firstVisit: CalendarDate?

    public init(visits: [PlanVisit], sessions: [Session], today: CalendarDate) {
        let known = Set(visits.map(\.name))
        let ordered = sessions.filter { known.contains($0.visit) }.sorted { $0.started < $1.started }
        let firstVisit = ordered.first?.started
        self.firstVisit = firstVisit
        statuses = visits.map { visit in
            let window = firstVisit.flatMap { visit.window(firstVisit: $0) }
            let own = ordered.filter { $0.visit == visit.name }
            let state: State
            if let latest = own.last, latest.state == .declined {
                state = .declined(latest.started)
            } else if let latest = own.last, latest.state != .complete {
                state = latest.state == .running ? .running : .interrupted
            } else if let done = own.last {
                state = .done(done.started)
            } else if let window {
                state = today < window.lowerBound ? .early : today > window.upperBound ? .overdue : .due
            } else {
                state = visit.day == 0 ? .due : .afterFirstVisit
            }
            return Status(visit: visit, state: state, window: window)
        }
    }

    /// The visit the desk offers next: one that resumes, else the first not yet done.
    public var next: Status? {
        statuses.first { $0.state == .interrupted || $0.state == .running } ?? statuses.first {
            switch $0.state {
            case .done, .declined: return false
            default: return true
            }
        }
    }

    /// Whether starting `visit` today needs staff to confirm: outside its window, or before
    /// the first visit fixed its dates.
    public func needsConfirmation(_ visit: String) -> Bool {
        guard let status = statuses.first(where: { $0.visit.name == visit }) else { return false }
        switch status.state {
        case .early, .overdue, .afterFirstVisit: return true
        case .done, .declined, .interrupted, .running, .due: return false
        }
    }
}
