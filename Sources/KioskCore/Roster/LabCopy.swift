/// The lab's roster and visits of the studies a kiosk runs (docs/lab.md: One roster for the
/// lab), as `labkiosk-lab send` last read them: the desk and `batch` work from this copy, so a
/// participant registered on another kiosk, or withdrawn there, is known here while the lab
/// cannot be reached. Replaced whole after each send; fields separated by tabs.
///
///     labkiosk lab copy 1
///     pulled<TAB>2026-11-27 10:02:11
///     registered<TAB>2026-11-20 09:00:00<TAB>P017<TAB>memory<TAB>order…<TAB>notes
///     withdrawn<TAB>2026-11-25 15:00:00<TAB>P017<TAB>memory<TAB>staff (desk)<TAB>reason
///     visit<TAB>2026-11-20 09:00:00<TAB>P017<TAB>memory<TAB>baseline
public struct LabCopy: Hashable, Sendable {
    public static let firstLine = "labkiosk lab copy 1"

    /// A visit a participant completed on another kiosk.
    public struct Visit: Hashable, Sendable {
        public var participant: String
        public var study: String
        public var visit: String
        /// When its session started, `yyyy-MM-dd HH:mm:ss` on the kiosk that ran it.
        public var started: String

        public init(participant: String, study: String, visit: String, started: String) {
            self.participant = participant
            self.study = study
            self.visit = visit
            self.started = started
        }
    }

    /// When the kiosk read it from the lab, `yyyy-MM-dd HH:mm:ss` local time.
    public var pulled: String
    public var entries: [RosterEntry]
    public var visits: [Visit]

    public init(pulled: String, entries: [RosterEntry] = [], visits: [Visit] = []) {
        self.pulled = pulled
        self.entries = entries
        self.visits = visits
    }

    /// The visits `participant` completed on other kiosks, as a visit schedule counts them.
    public func visitSessions(participant: String, study: String) -> [VisitSchedule.Session] {
        visits.filter { $0.participant == participant && $0.study == study }.compactMap { visit in
            CalendarDate(parsing: visit.started).map { VisitSchedule.Session(visit: visit.visit, started: $0, state: .complete) }
        }
    }

    public var text: String {
        // A copy read without its `pulled` line is written without one, so that it reads again.
        var lines = [Self.firstLine] + (pulled.isEmpty ? [] : [RosterLog.fields(["pulled", pulled])])
        for entry in entries {
            lines.append(RosterLog.fields(["registered", entry.registered, entry.participant, entry.study, entry.group, entry.notes]))
            if let withdrawal = entry.withdrawal {
                lines.append(RosterLog.fields(["withdrawn", withdrawal.time, entry.participant, entry.study, withdrawal.by, withdrawal.reason]))
            }
        }
        for visit in visits { lines.append(RosterLog.fields(["visit", visit.started, visit.participant, visit.study, visit.visit])) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The copy in `text`; a copy cut short or with a line that cannot be read is refused
    /// whole, since the next send writes it again. Times are checked as the roster's are, so
    /// that a hand-written time cannot sort before every real registration.
    public static func read(_ text: String) -> Result<LabCopy, RosterLog.Problem> {
        RosterLines.reading(text, read)
    }

    private static func read(_ lines: RosterLines) -> Result<LabCopy, RosterLog.Problem> {
        guard lines.endsWithLineBreak else {
            return .failure(RosterLog.Problem(line: lines.count, message: "the copy ends without its last line break"))
        }
        guard lines.count > 0, lines.equals(lines.ranges[0], firstLine) else {
            return .failure(RosterLog.Problem(line: 1, message: "expected \"\(firstLine)\""))
        }
        var copy = LabCopy(pulled: "")
        var places: [RosterLog.Held: Int] = [:]
        var fields: [Range<Int>] = []
        for index in 1..<lines.count {
            lines.fields(index, into: &fields)
            func problem(_ message: String) -> Result<LabCopy, RosterLog.Problem> { .failure(RosterLog.Problem(line: index + 1, message: message)) }
            guard fields.count >= 2, lines.isTime(fields[1]) else {
                return problem("expected a kind and a time such as 2026-11-27 10:02:11, separated by a tab")
            }
            let values = fields.map(lines.string)
            switch (values[0], values.count) {
            case ("pulled", 2): copy.pulled = values[1]
            case ("registered", 6):
                places[RosterLog.Held(participant: values[2], study: values[3])] = copy.entries.count
                copy.entries.append(RosterEntry(participant: values[2], study: values[3], registered: values[1], group: values[4], notes: values[5]))
            case ("withdrawn", 6):
                guard let place = places[RosterLog.Held(participant: values[2], study: values[3])] else {
                    return problem("\(values[2]) withdrew from \(values[3]) without being registered")
                }
                copy.entries[place].withdrawal = RosterEntry.Withdrawal(time: values[1], by: values[4], reason: values[5])
            case ("visit", 5): copy.visits.append(Visit(participant: values[2], study: values[3], visit: values[4], started: values[1]))
            default:
                return problem("expected pulled (2 fields), registered or withdrawn (6 fields) or visit (5 fields), separated by tabs")
            }
        }
        return .success(copy)
    }
}
