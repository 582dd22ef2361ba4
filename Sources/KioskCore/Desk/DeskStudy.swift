/// A study the desk offers: a plan in the desk's plans folder, or why it cannot run.
public struct DeskStudy: Hashable, Sendable {
    /// The plan's study name, or its file's name when it cannot be read.
    public var name: String
    /// The plan file, as the batch is given it.
    public var planPath: String
    public var visits: [PlanVisit]
    /// What `labkiosk check` finds in the plan, one problem a line (the first five); nil when it runs.
    public var problem: String?

    public init(name: String, planPath: String, visits: [PlanVisit] = [], problem: String? = nil) {
        self.name = name
        self.planPath = planPath
        self.visits = visits
        self.problem = problem
    }
}

/// What the desk shows of one participant of a study: their registration, and their visits
/// (or, for a study without visits, their one session).
public struct DeskParticipant: Hashable, Sendable {
    public var id: String
    /// Nil for a participant not yet registered: the first visit registers them.
    public var entry: RosterEntry?
    /// For a study with visits.
    public var schedule: VisitSchedule?
    /// For a study without visits: its latest session's state, if it has one.
    public var session: CatalogueSession.State?
    /// Each visit's figures (or the session's), oldest first: the participant's history.
    public var history: [DeskHistoryRow]
    /// When the kiosk last read the lab's roster (``LabCopy``), for a kiosk that sends to a lab.
    public var labRosterPulled: String?
    /// Why nothing can start for them: a damaged roster line that may be theirs, with its file,
    /// line and what staff can do.
    public var heldBy: String?
    /// The session in which a consent form was not asked (an unattended run), if one was: no
    /// later visit starts without staff confirming that consent was given.
    public var consentNotAsked: String?

    /// Who they are, in one line: when they registered, staff's notes, visits done.
    public var summary: String {
        guard let entry else { return "not registered" }
        var parts = ["registered \(entry.registered.prefix(16))"]
        if !entry.notes.isEmpty { parts.append(entry.notes) }
        if let schedule {
            let done = schedule.statuses.filter { if case .done = $0.state { true } else { false } }.count
            parts.append("\(done) of \(schedule.statuses.count) visits done")
        } else if let session {
            parts.append("session \(session.rawValue)")
        }
        if entry.withdrawal != nil { parts.append("withdrawn") }
        return parts.joined(separator: " · ")
    }

    public init(id: String, entry: RosterEntry?, schedule: VisitSchedule?, session: CatalogueSession.State?, history: [DeskHistoryRow] = [],
                labRosterPulled: String? = nil, heldBy: String? = nil) {
        self.id = id
        self.heldBy = heldBy
        self.entry = entry
        self.schedule = schedule
        self.session = session
        self.history = history
        self.labRosterPulled = labRosterPulled
    }
}

/// One completed block in a participant's history: when, which visit, and its figures.
public struct DeskHistoryRow: Hashable, Sendable {
    public var date: String
    public var visit: String
    public var block: String
    /// The figures staff read: accuracy, median RT, d′, MATB scores, as the catalogue has them.
    public var figures: [(name: String, value: String)]

    public init(date: String, visit: String, block: String, figures: [(name: String, value: String)]) {
        self.date = date
        self.visit = visit
        self.block = block
        self.figures = figures
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.date == b.date && a.visit == b.visit && a.block == b.block && a.figures.map(\.name) == b.figures.map(\.name)
            && a.figures.map(\.value) == b.figures.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(date)
        hasher.combine(visit)
        hasher.combine(block)
    }
}

/// What the desk asks the shell to do.
public enum DeskRequest: Hashable, Sendable {
    /// Look up a participant of a study; the shell answers with ``DeskScreen/show(_:)``.
    case lookUp(study: DeskStudy, participant: String)
    /// Look up the registered participants a typed ID may be a slip for; the shell answers with
    /// ``DeskScreen/askDidYouMean(_:typed:of:)``.
    case lookUpNearMisses(study: DeskStudy, typed: String, candidates: [String])
    /// Run the study's batch for the participant; the desk comes back locked.
    case start(DeskStart)
    /// Record a withdrawal on the roster, then look the participant up again.
    case withdraw(study: DeskStudy, participant: String)
    /// Run the plan's self-check and show what it says with ``DeskScreen/showSelfCheck(_:)``.
    case selfCheck(DeskStudy)
    /// Something for the desk's log: a wrong PIN, a lockout, an unlock.
    case log(String)
}

/// A batch the desk starts: what `labkiosk batch` is given.
public struct DeskStart: Hashable, Sendable {
    public var study: DeskStudy
    public var participant: String
    public var visit: String?
    /// Run a completed visit (or study) once more.
    public var again: Bool
    /// Staff confirmed on the desk: a visit outside its window, or running one again.
    public var confirmed: Bool

    public init(study: DeskStudy, participant: String, visit: String?, again: Bool, confirmed: Bool) {
        self.study = study
        self.participant = participant
        self.visit = visit
        self.again = again
        self.confirmed = confirmed
    }
}
