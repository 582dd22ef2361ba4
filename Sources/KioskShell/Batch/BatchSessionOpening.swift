import FoundationEssentials
import Glibc
import KioskCore
import KioskData

/// Opens a participant's batch session: a new one, or their latest one resumed, as
/// ``BatchStart`` decides from the catalogue (kept up to date from the participant's journals
/// first). Resuming writes to the journal the interrupted block's partial files (drawing-pad
/// journals first turned into trial files), the staff choice and the new run's start, and
/// tells the terminal and the first screen where the session stopped.
public struct BatchSessionOpening {
    /// Why no session was opened, when running the same command again cannot help (a completed
    /// or running session, an unreadable journal, a staff choice that does not fit).
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
    }

    public var plan: Plan
    /// The plan's file, as the journal names it.
    public var planPath: String
    public var order: PlanOrder
    public var participant: String
    public var dataDirectory: String
    /// The visit this session runs, for a plan with visits (its blocks are `order`'s).
    public var visit: String?
    /// Who confirmed starting the visit outside its window, when staff did.
    public var confirmedBy: String?
    /// Staff choices: run a completed study again, go back to a block, skip the one that stopped.
    public var again = false, restartBlock: Int?, skipBlock = false
    /// Where the terminal's lines go.
    public var say: (String) -> Void
    /// Who takes part: a withdrawn participant is refused; a plan's first visit registers.
    public var roster: any Roster
    /// Register the participant even for a plan without visits (the desk does).
    public var register = false
    /// Staff's notes for the participant's registration (handedness, glasses…); a participant
    /// already registered keeps the notes they were registered with.
    public var registrationNotes = ""
    /// The participant's journals when the command started, from which it chose the visit;
    /// nil takes them as they are when the session opens.
    public var journalsSeen: ParticipantJournals?
    /// What simulated the participant, for the journal's `simulated` line (docs/simulate.md);
    /// nil for a person.
    public var simulated: String?

    public init(plan: Plan, planPath: String, order: PlanOrder, participant: String, dataDirectory: String, visit: String? = nil,
                confirmedBy: String? = nil, again: Bool, restartBlock: Int?, skipBlock: Bool, roster: any Roster, say: @escaping (String) -> Void) {
        self.visit = visit
        self.confirmedBy = confirmedBy
        self.roster = roster
        self.plan = plan
        self.planPath = planPath
        self.order = order
        self.participant = participant
        self.dataDirectory = dataDirectory
        self.again = again
        self.restartBlock = restartBlock
        self.skipBlock = skipBlock
        self.say = say
    }

    /// The session's journal, open for appending; `steps` learn where the run starts and what
    /// to say before it.
    public func open(catalogue: SessionCatalogue, steps: inout BatchSteps) throws -> BatchJournalFile {
        if plan.registersParticipants || register, let problem = ParticipantID.problem(participant) {
            throw Refusal(description: "\(problem); participants on the roster need IDs safe as file names")
        }
        // Deciding "resume or start" and taking the journal's lock are one step across
        // processes: a second batch started at the same moment then finds this one running.
        let deciding = try DataFolderLock(folder: dataDirectory, purpose: "sessions")
        defer { deciding.release() }
        if let journalsSeen {
            let changed = ParticipantJournals(dataDirectory: dataDirectory, participant: participant).changed(since: journalsSeen)
            if let journal = changed.first {
                throw Refusal(description: "another labkiosk process started \(participant)'s session while this one was starting (\(journal)); "
                    + "nothing was started. Look at where \(participant) stands, then start again if a session is still due")
            }
        }
        let participantFolder = dataDirectory + "/" + InteractLogNames.safeFileName(participant)
        // The journals are the truth; a session a crash kept out of the catalogue is found here.
        // One that cannot be read might be the session to resume: nothing starts until staff decide.
        for journal in SessionCatalogue.journals(inParticipantFolder: participantFolder) {
            do { try catalogue.index(journal: journal) } catch {
                let folder = String(journal.dropLast(BatchJournalFile.fileName.count + 1))
                throw Refusal(description: "\(error). This may be the session to resume, so nothing was started. Correct the journal "
                    + "(plain text, one entry a line), or move \(folder) out of \(dataDirectory) to start \(participant) anew "
                    + "(its files are kept there)")
            }
        }
        let registration: RosterEntry?
        do { registration = try roster.entry(participant: participant, study: plan.studyName) } catch let holds as RosterLineHolds {
            throw Refusal(description: "\(holds); nothing was started")
        }
        if let withdrawal = registration?.withdrawal {
            throw Refusal(description: "\(participant) withdrew from \(plan.studyName) (\(withdrawal.time), recorded by \(withdrawal.by)); nothing was started")
        }
        let latest = try catalogue.sessions(participant: participant, study: plan.studyName, visit: visit).last
        if let latest, latest.state == .running {
            throw Refusal(description: "\(participant)'s \(plan.studyName) session\(visit.map { " (visit \($0))" } ?? "") is running in another labkiosk process (\(latest.journal))")
        }
        let latestJournal = try latest.map { try Self.readJournal(dataDirectory + "/" + $0.journal) }
        let titles = order.blocks.map { plan.blocks[$0].title }
        let start: BatchStart
        do {
            start = try BatchStart.decide(latest: latestJournal, titles: titles, again: again, restartBlock: restartBlock, skipBlock: skipBlock)
        } catch {
            throw Refusal(description: "\(error)")
        }
        let now = BatchJournal.time(WallClock.localDateTime())
        switch start {
        case .new:
            var confirmation = try windowConfirmation(catalogue: catalogue, now: now)
            if again, let confirmedBy { confirmation += BatchJournal.confirmedAgain(at: now, by: confirmedBy, after: latest?.journal) }
            let opening = BatchJournal.openingLines(study: plan.studyName, plan: planPath, participant: participant, visit: visit,
                                                    simulated: simulated, orderDecisions: order.decisions, blocks: order.blocks.map { ($0, plan.blocks[$0].title) })
                + confirmation + BatchJournal.started(at: now, atBlock: 0)
            if plan.registersParticipants || register {
                let standing = try roster.register(RosterEntry(participant: participant, study: plan.studyName, registered: now,
                                                               group: order.decisions.joined(separator: "; "), notes: registrationNotes))
                if !registrationNotes.isEmpty, standing.registered != now || standing.notes != registrationNotes {
                    say("labkiosk: \(participant) was registered for \(plan.studyName) on \(standing.registered); --notes is kept for a first registration only")
                }
            }
            let journal = try BatchJournalFile.create(in: participantFolder, study: plan.studyName, date: WallClock.localDateTime(), opening: opening)
            if again, let latest, latest.state == .complete {
                say("labkiosk: \(participant)'s \(plan.studyName) once more, after the session in \(latest.journal)")
            }
            for line in order.decisions { say("labkiosk: order \(line)") }
            return journal
        case .resume(let from, let interrupted, let staffChoice):
            let journal = try BatchJournalFile.reopen(dataDirectory + "/" + (latest?.journal ?? ""))
            steps.firstBlock = from
            for (place, block) in (latestJournal?.blocks ?? []).enumerated() where block.earlierRuns > 0 { steps.runsDone[place] = block.earlierRuns }
            try journal.append(resumeEntries(latestJournal ?? BatchJournal(), folder: journal.folder, from: from, interrupted: interrupted,
                                             staffChoice: staffChoice, now: now, steps: &steps))
            return journal
        }
    }

    /// The journal's line recording staff's confirmation when the visit starts outside its
    /// window; a refusal when it does and nobody confirmed.
    private func windowConfirmation(catalogue: SessionCatalogue, now: String) throws -> String {
        guard let visit else { return "" }
        let schedule = try Self.schedule(plan: plan, participant: participant, catalogue: catalogue, today: CalendarDate(WallClock.localDateTime()))
        guard schedule.needsConfirmation(visit), let status = schedule.statuses.first(where: { $0.visit.name == visit }) else { return "" }
        guard let confirmedBy else {
            throw Refusal(description: "\(participant)'s visit \(visit) of \(plan.studyName) is \(status.text); starting it today needs staff "
                + "to confirm: --confirmed-by NAME (logged)")
        }
        say("labkiosk: visit \(visit) is \(status.text); started as \(confirmedBy) confirmed")
        return BatchJournal.outsideWindow(at: now, by: confirmedBy, visit: visit, due: status.text)
    }

    /// Where `participant` stands in the plan's visits, from the catalogue and the visits the
    /// lab's copy says they completed on other kiosks.
    public static func schedule(plan: Plan, participant: String, catalogue: SessionCatalogue, today: CalendarDate) throws -> VisitSchedule {
        let sessions = try catalogue.sessions(participant: participant, study: plan.studyName).compactMap { session -> VisitSchedule.Session? in
            guard let visit = session.visit, let started = CalendarDate(parsing: session.started) else { return nil }
            return VisitSchedule.Session(visit: visit, started: started, state: session.state)
        }
        let elsewhere = LabCopyFile(dataDirectory: catalogue.dataDirectory).copy?.visitSessions(participant: participant, study: plan.studyName) ?? []
        return VisitSchedule(visits: plan.visits, sessions: sessions + elsewhere, today: today)
    }

    private static func readJournal(_ path: String) throws -> BatchJournal {
        let text: String
        switch FileDescriptorIO.readText(atPath: path) {
        case .success(let read): text = read
        case .failure(let refusal): throw Refusal(description: "\(path): cannot read this batch journal: \(refusal.reason)")
        }
        switch BatchJournal.read(text) {
        case .success(let journal): return journal
        case .failure(let problem): throw Refusal(description: "\(path): \(problem)")
        }
    }

    private func resumeEntries(_ journal: BatchJournal, folder: String, from: Int, interrupted: Int?, staffChoice: BatchStart.StaffChoice?,
                               now: String, steps: inout BatchSteps) throws -> String {
        for padJournal in PadTrialStorage.journals(under: folder) {
            do { _ = try PadTrialStorage.complete(journal: padJournal) } catch is PadTrialStorage.JournalInUse {
                // A batch's session is resumed only when no process runs it; a live journal here is another process's.
            } catch {
                StandardStream.error.write("labkiosk: could not recover \(padJournal): \(error)\n")
            }
        }
        var text = ""
        let stoppedAt = interrupted ?? journal.nextBlock ?? from
        var said = "\(journal.participant)'s \(journal.study) session stopped"
        if let interrupted {
            let known = Set(journal.allFiles + [BatchJournalFile.fileName])
            let partial = Self.filesUnder(folder).filter { !known.contains($0) }
            text += BatchJournal.sealed(BatchJournalFile.seals(of: partial, in: folder))
                + BatchJournal.interrupted(interrupted, at: now, partialFiles: partial)
            said += " during block \(interrupted + 1) of \(journal.blocks.count) (\(journal.blocks[interrupted].title)), begun \(journal.blocks[interrupted].began ?? "?")"
            said += partial.isEmpty ? "; it had written no file" : "; its partial files are kept: \(partial.joined(separator: ", "))"
            if from == interrupted {
                steps.notes[interrupted, default: []].append("restart of block \(interrupted + 1) after an interruption"
                    + (partial.isEmpty ? "" : "; partial files: \(partial.joined(separator: ", "))"))
            }
        } else {
            said += " before block \(stoppedAt + 1) of \(journal.blocks.count)"
        }
        switch staffChoice {
        case .skip(let block)?:
            text += BatchJournal.skipped(block, at: now, by: "staff (--skip-block)")
            said += "; block \(block + 1) is skipped (--skip-block)"
        case .restart(let block)?:
            text += BatchJournal.restart(from: block, at: now, by: "staff (--restart-block \(block + 1))")
            said += "; going back to block \(block + 1) (--restart-block)"
        case nil: break
        }
        text += BatchJournal.started(at: now, atBlock: from)
        say("labkiosk: \(said); resuming at block \(from + 1)")
        steps.resumeNotice = interrupted != nil && from == interrupted
            ? "The session stopped during part \(from + 1) of \(journal.blocks.count). That part starts again from its beginning."
            : "The session goes on from part \(from + 1) of \(journal.blocks.count)."
        return text
    }

    /// Every file under `folder`, relative to it, leaving out hidden ones (unfinished writes).
    static func filesUnder(_ folder: String, prefix: String = "") -> [String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder + (prefix.isEmpty ? "" : "/" + prefix))) ?? []).sorted()
        return names.filter { !$0.hasPrefix(".") }.flatMap { name -> [String] in
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            var info = stat()
            guard lstat(folder + "/" + relative, &info) == 0 else { return [] }
            return info.st_mode & S_IFMT == S_IFDIR ? filesUnder(folder, prefix: relative) : [relative]
        }
    }
}
