import KioskCore

/// A study's participants by group and visit, across kiosks: each visit done, declined,
/// unfinished, due, overdue or early as the plan's visit days say, and who withdrew. The
/// roster is every kiosk's merged (``RosterMerge``); the visits are the plan's as the kiosk
/// heard from last sent them, then any other visit its sessions name.
public struct LabStudyRoster: Sendable {
    public struct Participant: Sendable {
        public var id: String
        /// The counterbalanced order their first visit fixed.
        public var group: String
        /// "2026-11-25 15:00:00 by staff (desk): moved away"; nil while they take part.
        public var withdrawn: String?
        /// One per visit, in `visits`' order.
        public var visits: [Visit]
    }

    public struct Visit: Sendable {
        /// `completed`, `declined`, `unfinished` (its latest session); `due`, `overdue`, `early`
        /// (none yet, by the plan's days); `withdrawn`; or empty.
        public var state: String
        /// The session's start and kiosk, or the days it may run, or when they withdrew.
        public var detail: String
    }

    /// How many visits (sessions, in a study without visits) are in each state, and how many
    /// participants withdrew.
    public struct Counts: Sendable, Equatable {
        public var completed = 0, unfinished = 0, declined = 0, due = 0, overdue = 0, withdrawn = 0
    }

    /// The study's visits ("" for sessions of a plan without visits).
    public var visits: [String]
    /// False for a study whose plan has no visits: its one column, `""`, is each participant's
    /// sessions, and ``counts`` counts sessions.
    public var hasVisits: Bool
    public var participants: [Participant]
    public var counts: Counts

    public static func read(_ database: any LabDatabase, study: String, today: CalendarDate) throws -> LabStudyRoster {
        let entries = RosterMerge.merged([try database.run("""
            SELECT participant, registered, assigned_group, notes, withdrawn, withdrawn_by, withdrawn_reason
            FROM roster_entry WHERE study = $1 ORDER BY registered, kiosk
            """, [.text(study)]).map { row in
            RosterEntry(participant: row[0] ?? "", study: study, registered: row[1] ?? "", group: row[2] ?? "", notes: row[3] ?? "",
                        withdrawal: row[4].map { RosterEntry.Withdrawal(time: $0, by: row[5] ?? "", reason: row[6] ?? "") })
        }])
        var planVisits: [PlanVisit] = [], planKiosk: String?
        for row in try database.run("""
            SELECT v.kiosk, v.visit, v.day, v.window_days FROM study_visit v JOIN kiosk k ON k.name = v.kiosk
            WHERE v.study = $1 ORDER BY k.last_contact DESC, v.kiosk, v.place
            """, [.text(study)]) {
            if planKiosk == nil { planKiosk = row[0] }
            guard row[0] == planKiosk, let day = Int(row[2] ?? ""), let window = Int(row[3] ?? "") else { continue }
            planVisits.append(PlanVisit(name: row[1] ?? "", day: day, windowDays: window))
        }

        var visits = planVisits.map(\.name), sessionsOf: [String: [(visit: String, state: String, started: String, kiosk: String)]] = [:]
        var ids = entries.map(\.participant), orders: [String: String] = [:]
        for row in try database.run("""
            SELECT participant, coalesce(visit, ''), kiosk, started, completed, declined, orders
            FROM session WHERE study = $1 ORDER BY started, participant
            """, [.text(study)]) {
            let participant = row[0] ?? "", visit = row[1] ?? ""
            if !visits.contains(visit) { visits.append(visit) }
            if sessionsOf[participant] == nil && !ids.contains(participant) { ids.append(participant) }
            let state = row[4] != nil ? "completed" : row[5] != nil ? "declined" : "unfinished"
            sessionsOf[participant, default: []].append((visit, state, row[3] ?? "", row[2] ?? ""))
            if orders[participant] == nil, let order = row[6], !order.isEmpty { orders[participant] = order.split(separator: "\n").joined(separator: "; ") }
        }

        let hasVisits = visits.contains { !$0.isEmpty }
        if !hasVisits { visits = [""] }
        var counts = Counts()
        let participants = ids.map { id -> Participant in
            let entry = entries.first { $0.participant == id }
            let sessions = sessionsOf[id] ?? []
            let schedule = VisitSchedule(visits: planVisits, sessions: sessions.compactMap { session in
                guard session.state != "declined", let started = CalendarDate(parsing: session.started) else { return nil }
                return VisitSchedule.Session(visit: session.visit, started: started, state: session.state == "completed" ? .complete : .interrupted)
            }, today: today)
            let withdrawal = entry?.withdrawal
            if withdrawal != nil { counts.withdrawn += 1 }
            guard hasVisits else {
                return Participant(id: id, group: entry.map(\.group).flatMap { $0.isEmpty ? nil : $0 } ?? orders[id] ?? "",
                                   withdrawn: withdrawal.map(shown), visits: [sessionsCell(sessions.map { ($0.state, $0.started, $0.kiosk) },
                                                                                          counting: &counts)])
            }
            let cells = visits.map { visit -> Visit in
                if let latest = sessions.last(where: { $0.visit == visit }) {
                    switch latest.state {
                    case "completed": counts.completed += 1
                    case "declined": counts.declined += 1
                    default: counts.unfinished += 1
                    }
                    return Visit(state: latest.state, detail: "\(LabTime.shown(latest.started)) · \(latest.kiosk)")
                }
                if let withdrawal { return Visit(state: "withdrawn", detail: withdrawal.time) }
                guard let status = schedule.statuses.first(where: { $0.visit.name == visit }) else { return Visit(state: "", detail: "") }
                let days = status.window.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound) to \($0.upperBound)" } ?? ""
                switch status.state {
                case .due:
                    counts.due += 1
                    return Visit(state: "due", detail: days)
                case .overdue:
                    counts.overdue += 1
                    return Visit(state: "overdue", detail: days)
                case .early: return Visit(state: "early", detail: days)
                case .afterFirstVisit, .done, .declined, .interrupted, .running: return Visit(state: "", detail: "")
                }
            }
            return Participant(id: id, group: entry.map(\.group).flatMap { $0.isEmpty ? nil : $0 } ?? orders[id] ?? "",
                               withdrawn: withdrawal.map(shown), visits: cells)
        }.enumerated().sorted { ($0.element.group, $0.element.id, $0.offset) < ($1.element.group, $1.element.id, $1.offset) }.map(\.element)
        return LabStudyRoster(visits: visits, hasVisits: hasVisits, participants: participants, counts: counts)
    }

    private static func shown(_ withdrawal: RosterEntry.Withdrawal) -> String {
        "\(withdrawal.time) by \(withdrawal.by)" + (withdrawal.reason.isEmpty ? "" : ": \(withdrawal.reason)")
    }

    /// A participant's sessions in a study without visits, in the order they started: the
    /// latest's state, and how many there were by state; each counted.
    static func sessionsCell(_ sessions: [(state: String, started: String, kiosk: String)], counting counts: inout Counts) -> Visit {
        var byState: [String: Int] = [:]
        for session in sessions {
            byState[session.state, default: 0] += 1
            switch session.state {
            case "completed": counts.completed += 1
            case "declined": counts.declined += 1
            default: counts.unfinished += 1
            }
        }
        guard let latest = sessions.last else { return Visit(state: "", detail: "") }
        let tally = ["completed", "unfinished", "declined"].compactMap { state in byState[state].map { "\($0) \(state)" } }.joined(separator: ", ")
        let count = sessions.count == 1 ? "1 session" : "\(sessions.count) sessions"
        return Visit(state: latest.state, detail: "\(count) (\(tally)) · latest \(LabTime.shown(latest.started)) · \(latest.kiosk)")
    }
}
