import FoundationEssentials
import KioskCore
import KioskData

/// What the desk reads from the machine: the study plans it offers (each checked as `labkiosk
/// check` would), the roster, and the session catalogue's view of a participant and of today,
/// with the visits the lab's copy says they completed on other kiosks.
public struct DeskRecords {
    public let plansFolder: String
    public let dataDirectory: String
    public let roster: any Roster
    private let checker: PlanChecker

    public init(plansFolder: String, dataDirectory: String, roster: any Roster, bundledIncludes: URL) {
        self.plansFolder = plansFolder
        self.dataDirectory = dataDirectory
        self.roster = roster
        checker = PlanChecker(bundledIncludes: bundledIncludes)
    }

    /// The plans in the folder, each checked as `labkiosk check` would; a plan with errors is
    /// offered as unavailable with the first problem `check` finds.
    public func studies() -> [DeskStudy] {
        let folder = PlansFolder(plansFolder)
        return folder.planFiles().map { path in
            switch checker.check(path) {
            case .success(let checked): DeskStudy(name: checked.plan.studyName, planPath: path, visits: checked.plan.visits)
            case .failure(let errors): folder.unavailable(path, errors)
            }
        }
    }

    /// Each study's registered participants, and the roster's lines that could not be read.
    public func registered() throws -> (participants: [String: [String]], problems: [RosterLog.Problem]) {
        let reading = try roster.read()
        return (reading.entries.reduce(into: [:]) { $0[$1.study, default: []].append($1.participant) }, reading.problems)
    }

    /// Today's sessions in the data folder, one line each: time, participant, study, visit, state.
    public func today(catalogue: SessionCatalogue) throws -> [String] {
        let date = CalendarDate(WallClock.localDateTime()).description
        return try catalogue.sessions().filter { $0.started.hasPrefix(date) }.map { session in
            "\(session.started.dropFirst(11).prefix(5))  \(session.participant)  \(session.study)"
                + (session.visit.map { " · \($0)" } ?? "") + "  \(session.state.rawValue)"
        }
    }

    /// What the desk shows of `participant` in `study`.
    public func participant(_ id: String, of study: DeskStudy, catalogue: SessionCatalogue) throws -> DeskParticipant {
        let sessions = try catalogue.sessions(participant: id, study: study.name)
        let entry: RosterEntry?
        do { entry = try roster.entry(participant: id, study: study.name) } catch let holds as RosterLineHolds {
            return DeskParticipant(id: id, entry: nil, schedule: nil, session: nil, heldBy: "\(holds)")
        }
        let labCopy = LabCopyFile(dataDirectory: catalogue.dataDirectory).copy
        let history = sessions.flatMap { session in
            session.blocks.filter { $0.state == .complete }.compactMap { block -> DeskHistoryRow? in
                let figures = Self.figuresStaffRead(block.figures)
                guard !figures.isEmpty else { return nil }
                return DeskHistoryRow(date: String(session.started.prefix(10)), visit: session.visit ?? "", block: block.title, figures: figures)
            }
        }
        let unattended = sessions.first { session in
            session.blocks.contains { $0.figures["consent"] == ConsentBlock.Decision.notAsked.rawValue }
        }.map { session in session.visit.map { "visit \($0)" } ?? "the session of \(session.started.prefix(10))" }
        guard !study.visits.isEmpty else {
            var participant = DeskParticipant(id: id, entry: entry, schedule: nil, session: sessions.last?.state, history: history,
                                              labRosterPulled: labCopy?.pulled)
            participant.consentNotAsked = unattended
            return participant
        }
        let visitSessions = sessions.compactMap { session -> VisitSchedule.Session? in
            guard let visit = session.visit, let started = CalendarDate(parsing: session.started) else { return nil }
            return VisitSchedule.Session(visit: visit, started: started, state: session.state)
        }
        let elsewhere = labCopy?.visitSessions(participant: id, study: study.name) ?? []
        let schedule = VisitSchedule(visits: study.visits, sessions: visitSessions + elsewhere, today: CalendarDate(WallClock.localDateTime()))
        var participant = DeskParticipant(id: id, entry: entry, schedule: schedule, session: nil, history: history, labRosterPulled: labCopy?.pulled)
        participant.consentNotAsked = unattended
        return participant
    }

    /// A block's own figures, without the run's length and frame count, at most four.
    static func figuresStaffRead(_ figures: [String: String]) -> [(name: String, value: String)] {
        return figures.filter { !BatchJournal.bookkeepingFigures.contains($0.key) }.sorted { $0.key < $1.key }.prefix(4).map { ($0.key, $0.value) }
    }
}
