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
        var lines = [Self.firstLine, RosterLog.fields(["pulled", pulled])]
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
        let lines = RosterLines(text)
        guard lines.endsWithLineBreak else {
            return .failure(RosterLog.Problem(line: lines.lines.count, message: "the copy ends without its last line break"))
        }
        guard lines.lines.first == firstLine else { return .failure(RosterLog.Problem(line: 1, message: "expected \"\(firstLine)\"")) }
        var copy = LabCopy(pulled: "")
        var places: [String: Int] = [:]
        for (offset, line) in lines.lines.enumerated().dropFirst() {
            let fields = line.unicodeScalars.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            func problem(_ message: String) -> Result<LabCopy, RosterLog.Problem> { .failure(RosterLog.Problem(line: offset + 1, message: message)) }
            guard fields.count >= 2, RosterLog.isTime(fields[1]) else {
                return problem("expected a kind and a time such as 2026-11-27 10:02:11, separated by a tab")
            }
            switch (fields[0], fields.count) {
            case ("pulled", 2): copy.pulled = fields[1]
            case ("registered", 6):
                places[fields[3] + "\t" + fields[2]] = copy.entries.count
                copy.entries.append(RosterEntry(participant: fields[2], study: fields[3], registered: fields[1], group: fields[4], notes: fields[5]))
            case ("withdrawn", 6):
                guard let index = places[fields[3] + "\t" + fields[2]] else {
                    return problem("\(fields[2]) withdrew from \(fields[3]) without being registered")
                }
                copy.entries[index].withdrawal = RosterEntry.Withdrawal(time: fields[1], by: fields[4], reason: fields[5])
            case ("visit", 5): copy.visits.append(Visit(participant: fields[2], study: fields[3], visit: fields[4], started: fields[1]))
            default:
                return problem("expected pulled (2 fields), registered or withdrawn (6 fields) or visit (5 fields), separated by tabs")
            }
        }
        return .success(copy)
    }
}
