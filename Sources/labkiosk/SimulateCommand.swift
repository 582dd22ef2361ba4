import ArgumentParser
import Glibc
import KioskCore
import KioskData
import KioskShell

/// `labkiosk simulate`: a dry run of a study, every visit of every simulated participant run
/// by `labkiosk batch --simulated` on the day it is due (docs/simulate.md).
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Dry-run a study: simulated participants through every visit, into a data folder of their own.",
        discussion: """
            Participants SIM-001 to SIM-N each run every visit of the plan, headless, as `labkiosk batch \
            --simulated` runs one: the behaviour model (--model, docs/simulate.md) makes the inputs a \
            person would, so the journals, catalogue, roster and logs are those a study would leave, \
            and `sessions`, `report --study` and `export --bids` work on them. The first visits run \
            today (LABKIOSK_NOW), each later one on a day of its window drawn from the seed, or \
            after it closed for the model's share of late visits (confirmed as staff confirm an \
            overdue one); the model's share of no-shows stop coming after some visit; \
            counterbalancing fills as for real participants, consent declines withdraw, practice \
            repeats until its criterion. The data folder is marked simulated (SIMULATED.txt): it must \
            be empty or a simulation's. Stopped or killed, the same command resumes where it stopped, \
            each participant's interrupted visit as a batch resumes it. Exit status: 0 when every \
            participant is done, 64 when nothing was started, 1 when a visit failed or the run was stopped. \
            With --real-input the visits run in real time in a window instead, each answer a tap made on a \
            simulated touchscreen at its moment; the run says which way each block's inputs go and, at the \
            end, the response-time error: the logged response time minus the time from the onset seen to \
            the tap.
            """
    )

    @Argument(help: "The study plan (.toml).")
    var plan: String

    @Option(help: "How many simulated participants (1 to 9999).")
    var participants: Int

    @Option(help: "The seed of every draw the model makes (0 to 2^64-1): the same seed gives the same data.")
    var seed: UInt64 = 1

    @Option(help: "The data folder: empty, or a simulation's.")
    var data: String

    @OptionGroup(title: "Simulated participants")
    var simulation: SimulationArguments

    func validate() throws {
        guard (1...9999).contains(participants) else { throw ValidationError("--participants is 1 to 9999") }
    }

    func run() throws {
        let started = MonotonicClock.now()
        let paths = try InstallPaths()
        let checked: PlanChecker.Checked
        switch PlanChecker(bundledIncludes: paths.bundledIncludes).check(plan, language: .en, forRunning: true) {
        case .success(let result): checked = result
        case .failure(let errors):
            for diagnostic in errors.diagnostics { printError(diagnostic.description) }
            printError("\(plan): the plan has errors; nothing was started")
            throw BatchCommand.refused
        }
        let model = try simulation.readModel(for: checked.plan)
        try simulation.checkRealInput(checked.plan, file: plan, announce: true)
        if let problem = DataFolder.problem(data) ?? SimulatedDataFolder.problem(data, simulated: true, mixing: simulation.mixSimulated) {
            printError("labkiosk: \(problem); nothing was started")
            throw BatchCommand.refused
        }
        try SimulatedDataFolder.mark(data)
        let errorsFile = simulation.realInput ? try Self.makeErrorsFile() : nil
        defer { errorsFile.map { _ = unlink($0) } }
        TerminationSignal.install()
        let start = CalendarDate(WallClock.localDateTime())
        let width = max(3, String(participants).count)
        var visitsRun = 0, withdrawn = 0, stoppedComing = 0
        for number in 1...participants {
            let participant = BatchCommand.simulatedPrefix + String(repeating: "0", count: max(0, width - String(number).count)) + String(number)
            visits: while true {
                let visit: String?, day: CalendarDate, late: Bool
                switch try next(for: participant, plan: checked.plan, start: start, attendance: model.attendance) {
                case .run(let planned, let on): (visit, day, late) = (planned, on, false)
                case .runLate(let planned, let on): (visit, day, late) = (planned, on, true)
                case .finished: break visits
                case .withdrawn(let declinedAt):
                    withdrawn += 1
                    say("\(participant) · declined consent at \(declinedAt ?? "the session"); no further visits")
                    break visits
                case .stoppedComing(let before):
                    stoppedComing += 1
                    say("\(participant) · does not come to visit \(before) nor any after it")
                    break visits
                }
                say("\(participant) · \(number) of \(participants) · \(visit.map { "visit \($0), " } ?? "")\(day)\(late ? ", late" : "") · "
                    + ScenarioTimeFormat.clockText(MonotonicClock.now().since(started) / 1_000_000_000) + " elapsed")
                try runVisit(participant: participant, visit: visit, day: day, late: late, errorsFile: errorsFile)
                visitsRun += 1
            }
        }
        say("labkiosk: simulated \(participants) participants, \(visitsRun) visits run, \(withdrawn) withdrew, \(stoppedComing) stopped coming, in "
            + String(cFormat: "%.1f", Double(MonotonicClock.now().since(started)) / 1e9) + " s: \(data)")
        if let errorsFile { sayResponseTimeErrors(errorsFile) }
    }

    /// A new file for the visits' response-time errors, in the system's temporary folder.
    private static func makeErrorsFile() throws -> String {
        let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((temporary + "/labkiosk-response-time-errors-XXXXXX").utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { throw ShellError("a file for the response-time errors in \(temporary): \(FileDescriptorIO.describe(errno: errno))") }
        close(fd)
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The time errors over every input of the run (--real-input), by kind: the response-time
    /// error of judgement answers, the `logtime` error of MATB's keys, stick and taps, and the
    /// pad's pen samples' time error.
    private func sayResponseTimeErrors(_ file: String) {
        let text = (try? FileDescriptorIO.readBlockFile(atPath: file).get()) ?? ""
        var errors: [String: [Double]] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 2, let value = Double(parts[1]) else { continue }
            errors[String(parts[0]), default: []].append(value)
        }
        guard !errors.isEmpty else { return say("labkiosk: real input: no block logged an input whose time could be compared with the instant it was made") }
        if let figures = TimeErrorSummary(errors["answers"] ?? []) {
            say("labkiosk: real input: response-time error over \(figures.count) answers (the logged response time minus the time "
                + "from the onset seen to the tap made): \(figures.text)")
        }
        for kind in MadeInputErrors.Kind.allCases {
            guard let figures = TimeErrorSummary(errors[kind.rawValue] ?? []) else { continue }
            say("labkiosk: real input: \(kind.rawValue): time error over \(figures.count) inputs (the logged time minus the instant made): \(figures.text)")
        }
    }

    /// What the participant does next, from the journals in the data folder.
    private func next(for participant: String, plan: Plan, start: CalendarDate, attendance: BehaviourModel.Attendance) throws -> SimulationStep {
        let (catalogue, warnings) = try SessionCatalogue.open(dataDirectory: data)
        for warning in warnings { printError("labkiosk: \(warning)") }
        for journal in SessionCatalogue.journals(inParticipantFolder: data + "/" + InteractLogNames.safeFileName(participant)) {
            try catalogue.index(journal: journal)
        }
        guard !plan.visits.isEmpty else {
            // A plan of one session: run until it completes, or the participant declined.
            switch try catalogue.sessions(participant: participant, study: plan.studyName).last?.state {
            case .complete?: return .finished
            case .declined?: return .withdrawn(visit: nil)
            case .running?, .interrupted?, nil: return .run(visit: nil, on: start)
            }
        }
        let schedule = try BatchSessionOpening.schedule(plan: plan, participant: participant, catalogue: catalogue, today: start)
        return SimulationStep.next(schedule, start: start, seed: seed, participant: participant, attendance: attendance)
    }

    /// Runs one visit as `labkiosk batch --simulated`, its clock at 09:00 of `day`; throws when
    /// it fails or was stopped, after saying how to go on. A late visit is confirmed as staff
    /// confirm an overdue one; with `errorsFile` (--real-input) the batch adds its answers'
    /// response-time errors to it.
    private func runVisit(participant: String, visit: String?, day: CalendarDate, late: Bool, errorsFile: String?) throws {
        var arguments = ["batch", plan, "--participant", participant, "--data", data, "--simulated", "--simulation-seed", String(seed)]
        if late { arguments += ["--confirmed-by", Self.lateVisitConfirmer] }
        if let visit { arguments += ["--visit", visit] }
        if let model = simulation.model { arguments += ["--model", model] }
        if simulation.mixSimulated { arguments.append("--mix-simulated") }
        if let errorsFile { arguments += ["--real-input", "--response-time-errors", errorsFile] }
        // The batch ends with this process, resumable, when this one is killed.
        let environment = ["LABKIOSK_NOW": "\(day)T09:00:00", "LABKIOSK_DESK_PID": String(getpid())]
        let ended = try CommandChildProcess.run(ownExecutablePath, arguments, extraEnvironment: environment, keepLines: 12, passThrough: false)
        if ended.status == 0, TerminationSignal.receivedSignal == nil { return }
        for line in ended.lastLines { printError("  \(line)") }
        printError("labkiosk: \(participant)'s \(visit.map { "visit \($0)" } ?? "session") "
            + (ended.status == 0 ? "was stopped" : "failed (exit status \(ended.status))") + "; the same command resumes the simulation")
        throw ExitCode(1)
    }

    /// Who confirms a late visit in its journal.
    static let lateVisitConfirmer = "simulated desk"

    private func say(_ line: String) { StandardStream.output.write(line + "\n") }
}
