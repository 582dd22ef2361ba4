import Glibc
import KioskCore
import KioskData

/// The desk's loop (docs/desk.md): one window that waits for a touch or a key, redraws only
/// when the desk's page changed, and hands each ``DeskRequest`` to the machine: look a
/// participant up, run a batch (the desk's window hidden meanwhile) or a self-check, record a
/// withdrawal, log. Idle, it sleeps in the window system's wait.
public struct DeskRunner {
    public var configuration: DeskConfiguration
    public var records: DeskRecords
    /// The desk's window; kiosk mode ignores the window's close button, as blocks do.
    public var options: RunOptions
    /// What each batch is given beyond its plan, participant and data folder: the window's
    /// size or `--fullscreen`, `--kiosk`, `--settings`.
    public var batchArguments: [String]
    /// This program, which the desk runs again for each batch.
    public var executable: String

    public init(configuration: DeskConfiguration, records: DeskRecords, options: RunOptions, batchArguments: [String], executable: String) {
        self.configuration = configuration
        self.records = records
        self.options = options
        self.batchArguments = batchArguments
        self.executable = executable
    }

    /// Who the journal says confirmed a start the desk asked staff to confirm.
    public static let confirmer = "staff (desk PIN)"

    /// How long frames go at the display's pace after the window appears or changes.
    static let pacedNanoseconds: Int64 = 2_000_000_000

    public func run() throws {
        TerminationSignal.install()
        let screen = try WindowedScreen(options: options, images: [:])
        let (catalogue, warnings) = try SessionCatalogue.open(dataDirectory: records.dataDirectory)
        for warning in warnings { log(warning) }
        let hash = configuration.pinHash
        var desk = DeskScreen(labName: configuration.lab, studies: [], chord: configuration.unlockChord ? options.staffExit : nil,
                              verifyPIN: { PasswordHash.verify($0, against: hash) })
        let pinMemory = DeskPINMemoryFile(dataDirectory: records.dataDirectory)
        if let memory = pinMemory.read() { desk.restorePIN(memory, at: MonotonicClock.now()) }
        var keptPIN = desk.pinMemory(at: MonotonicClock.now())
        refresh(&desk, catalogue: catalogue)
        desk.lock(notice: Self.interruptedNotice(catalogue))
        log("desk started: \(desk.studies.count) studies in \(records.plansFolder), data in \(records.dataDirectory)")
        let labSender = makeLabSender()
        var drawn: Int?
        var pacedUntil = MonotonicTime(nanoseconds: MonotonicClock.now().nanoseconds + Self.pacedNanoseconds)
        var inputs: [InputEvent] = []
        while TerminationSignal.receivedSignal == nil {
            inputs.removeAll(keepingCapacity: true)
            let change = screen.collectInputs(into: &inputs, canvas: DeskScreen.canvas)
            if !options.kiosk, inputs.contains(where: { $0.payload == .quitRequested }) { break }
            let now = MonotonicClock.now()
            let wasLocked = desk.isLocked
            desk.advance(to: now, inputs: inputs)
            // Plans and the roster may have changed while the desk was locked.
            if wasLocked, !desk.isLocked { refresh(&desk, catalogue: catalogue) }
            // Wrong tries and lockouts outlive the desk: restarting it must not reset them.
            let pin = desk.pinMemory(at: now)
            if pin.wrongTries != keptPIN.wrongTries || pin.lockouts != keptPIN.lockouts {
                pinMemory.write(pin, log: log)
                keptPIN = pin
            }
            for request in desk.takeRequests() {
                // A request that fails is shown to staff; the desk itself goes on.
                do { try handle(request, desk: &desk, screen: screen, catalogue: catalogue, labSender: labSender) } catch {
                    log("\(Self.describe(request)) failed: \(error)")
                    desk.showProblem("\(error)")
                }
            }
            labSender?.poll(at: MonotonicClock.now())
            // A compositor shows a window from a frame sent after it configured the window, and
            // SDL does not always say when that was (cage left the full-screen desk black): for
            // a while after the window appears or changes, frames go at the display's pace.
            if !change.isEmpty { pacedUntil = MonotonicTime(nanoseconds: now.nanoseconds + Self.pacedNanoseconds) }
            let paced = now < pacedUntil
            if drawn != desk.version || !change.isEmpty || paced {
                try screen.present(desk.drawList(at: now), wantsPointer: !desk.isLocked)
                drawn = desk.version
            }
            // At least once a second, so that SIGTERM (systemd stopping the desk) is seen.
            let second = MonotonicTime(nanoseconds: now.nanoseconds + 1_000_000_000)
            let frame = MonotonicTime(nanoseconds: now.nanoseconds + 16_666_667)
            screen.waitForEvents(until: paced ? frame : min(desk.nextWake(after: now) ?? second, second))
        }
        log("desk stopped")
    }

    private func refresh(_ desk: inout DeskScreen, catalogue: SessionCatalogue) {
        var registered: [String: [String]] = [:], problems: [String] = []
        do {
            let read = try records.registered()
            registered = read.participants
            problems = read.problems.map { "\($0)" }
        } catch {
            problems = ["\(error)"]
        }
        for problem in problems where !desk.rosterProblems.contains(problem) { log("the roster: \(problem)") }
        desk.refresh(studies: records.studies(), registered: registered, today: (try? records.today(catalogue: catalogue)) ?? [],
                     rosterProblems: problems)
    }

    private func handle(_ request: DeskRequest, desk: inout DeskScreen, screen: WindowedScreen, catalogue: SessionCatalogue,
                        labSender: DeskLabSender?) throws {
        switch request {
        case .log(let line):
            log(line)
        case .lookUp(let study, let participant):
            try desk.show(records.participant(participant, of: study, catalogue: catalogue), of: study)
        case .lookUpNearMisses(let study, let typed, let candidates):
            desk.askDidYouMean(try candidates.map { try records.participant($0, of: study, catalogue: catalogue) }, typed: typed, of: study)
        case .withdraw(let study, let participant):
            let withdrawal = RosterEntry.Withdrawal(time: BatchJournal.time(WallClock.localDateTime()), by: Self.confirmer, reason: "recorded at the desk")
            do {
                try records.roster.withdraw(participant: participant, study: study.name, withdrawal)
                log("\(participant) withdrew from \(study.name)")
            } catch {
                log("withdrawing \(participant) from \(study.name) failed: \(error)")
            }
            try desk.show(records.participant(participant, of: study, catalogue: catalogue), of: study)
        case .selfCheck(let study):
            var arguments = ["batch", study.planPath, "--self-check", "--data", records.dataDirectory]
            if let settings = configuration.settings { arguments += ["--settings", settings] }
            let ended = try CommandChildProcess.run(executable, arguments, keepLines: 16)
            desk.showSelfCheck(ended.lastLines, of: study)
        case .start(let start):
            let notice = try runBatch(start, screen: screen, catalogue: catalogue, labSender: labSender)
            desk.lock(notice: notice)
            refresh(&desk, catalogue: catalogue)
        }
    }

    /// A batch's last word as a notice shows it: whole up to 300 characters (the desk's log
    /// and the system journal keep all of it).
    private static func shortened(_ line: String) -> String {
        line.count > 300 ? String(line.prefix(299)) + "…" : line
    }

    /// A request as the desk's log names it.
    private static func describe(_ request: DeskRequest) -> String {
        switch request {
        case .lookUp(let study, let participant): "looking up \(participant) in \(study.name)"
        case .lookUpNearMisses(let study, let typed, _): "looking up who \(typed) may be in \(study.name)"
        case .start(let start): "starting \(start.participant) in \(start.study.name)"
        case .withdraw(let study, let participant): "withdrawing \(participant) from \(study.name)"
        case .selfCheck(let study): "the self-check of \(study.name)"
        case .log: "logging"
        }
    }

    /// Runs the batch with the desk's window hidden, sending to the lab as its blocks end; what
    /// staff should read afterwards.
    private func runBatch(_ start: DeskStart, screen: WindowedScreen, catalogue: SessionCatalogue, labSender: DeskLabSender?) throws -> String? {
        var arguments = ["batch", start.study.planPath, "--participant", start.participant, "--data", records.dataDirectory, "--register"]
        if let visit = start.visit { arguments += ["--visit", visit] }
        if start.again { arguments.append("--again") }
        if start.confirmed { arguments += ["--confirmed-by", Self.confirmer] }
        if let settings = configuration.settings { arguments += ["--settings", settings] }
        arguments += batchArguments
        let what = "\(start.participant) · \(start.study.name)" + (start.visit.map { " · \($0)" } ?? "")
        log("starting \(what)" + (start.again ? " again" : "") + (start.confirmed ? ", confirmed by staff" : ""))
        screen.setHidden(true)
        defer { screen.setHidden(false) }
        // The batch's first frame is timed from the moment staff started it here (scripts/bench).
        let ended = try CommandChildProcess.run(executable, arguments,
                                             extraEnvironment: ["LABKIOSK_REQUESTED_AT": String(MonotonicClock.now().nanoseconds),
                                                                "LABKIOSK_DESK_PID": String(getpid())]
                                                 .merging(WallClock.environmentNow.map { ["LABKIOSK_NOW": $0] } ?? [:]) { $1 },
                                             whileRunning: { labSender?.poll(at: MonotonicClock.now()) })
        log("\(what) ended with status \(ended.status)")
        let reason = ended.status > 128 ? "it was ended by signal \(ended.status - 128)"
            : ended.lastLines.last { $0.hasPrefix("labkiosk: ") }.map { Self.shortened(String($0.dropFirst(10))) } ?? "see the system journal"
        if ended.status == 64 { return "\(what) was not started: \(reason)" }
        // The journal, not the exit status, says whether the session is complete: staff's exit,
        // a closed window or SIGTERM end a batch with 0 and leave it to resume.
        let session = try? catalogue.sessions(participant: start.participant, study: start.study.name, visit: start.visit).last
        if session?.state == .complete, ended.status == 0 { return nil }
        let how = ended.status == 0 ? "it was stopped before its end" : "status \(ended.status): \(reason)"
        return "\(what) stopped (\(how)). Choose \(start.study.name) and \(start.participant) to resume it."
    }

    /// What staff should know when the desk starts: sessions a crash or a stop left unfinished.
    static func interruptedNotice(_ catalogue: SessionCatalogue) -> String? {
        let interrupted = ((try? catalogue.sessions(incompleteOnly: true)) ?? []).filter { $0.state == .interrupted }
        guard let latest = interrupted.last else { return nil }
        let what = "\(latest.participant) · \(latest.study)" + (latest.visit.map { " · \($0)" } ?? "") + ", begun \(latest.started.prefix(16))"
        let others = interrupted.count > 1 ? " and \(interrupted.count - 1) more (labkiosk sessions lists them)" : ""
        return "Interrupted: \(what)\(others). Choose the study and the participant to resume it."
    }

    /// The background sender to the lab database, when the settings name one and labkiosk-lab
    /// is installed beside labkiosk.
    private func makeLabSender() -> DeskLabSender? {
        guard let database = configuration.labDatabase else { return nil }
        let sender = (executable.lastIndex(of: "/").map { String(executable[...$0]) } ?? "") + "labkiosk-lab"
        guard access(sender, X_OK) == 0 else {
            log("lab: \(sender) is not installed; the data folder is not sent to the lab")
            return nil
        }
        log("lab: sending the data folder to the lab database at start-up, after each block and visit, and every \(Int(LabSendSchedule.routineSeconds / 60)) minutes")
        return DeskLabSender(executable: sender, database: database, dataDirectory: records.dataDirectory, plansFolder: records.plansFolder,
                              now: MonotonicClock.now(), log: log)
    }

    /// A line in the desk's log (`desk-log.txt` in the data folder) and on standard output.
    private func log(_ line: String) {
        let stamped = BatchJournal.time(WallClock.localDateTime()) + " " + line + "\n"
        StandardStream.output.write("labkiosk desk: " + line + "\n")
        let path = records.dataDirectory + "/desk-log.txt"
        let descriptor = open(path, O_CREAT | O_APPEND | O_WRONLY | O_CLOEXEC, RunFiles.dataFileMode)
        guard descriptor >= 0 else { return }
        _ = FileDescriptorIO.writeAll(Array(stamped.utf8), to: descriptor)
        close(descriptor)
    }
}
