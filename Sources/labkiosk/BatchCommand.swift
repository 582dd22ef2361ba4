import ArgumentParser
import FoundationEssentials
import Glibc
import KioskCore
import KioskData
import KioskShell

/// `labkiosk batch`: a study plan's blocks for one participant, one after another in one window.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Run a study plan's blocks for one participant, one after another in one window; resume one that stopped.",
        discussion: """
            The plan and every file it names are checked first; nothing starts on any problem. \
            Counterbalanced groups are ordered for the participant (docs/plans.md). Every file of the \
            session goes in DATA/<participant>/<study>_<yyyy-MM-dd>_<HHMMSS>/, with the batch journal \
            batch.txt: the order chosen and its seeds, each block's start, end and files, and every \
            staff decision. A screen says what comes next between blocks; a progress line on this \
            terminal says where the batch is (see also `labkiosk sessions --watch`). \
            If the participant's latest session of the study stopped before its end (a crash, a power \
            cut, the window closed), the same command resumes it: the block that was running starts \
            again with new files, the partial ones are kept and named in the journal. A participant \
            who completed the study needs --again to run it once more. Exit status: 0 when the batch \
            completes or is stopped (window closed, staff, SIGTERM); 64 when nothing was started (the \
            plan, the self-check, a completed or running session); 1 when a block failed, after which \
            the same command resumes.
            """
    )

    @Argument(help: "The study plan (.toml).")
    var plan: String

    @OptionGroup(title: "Running")
    var running: RunArguments

    @OptionGroup(title: "Input devices")
    var input: InputArguments

    @Option(help: "The plan's visit to run (docs/plans.md: Visits); default: the participant's next one.")
    var visit: String?

    @Option(name: .customLong("confirmed-by"), help: "Staff member who confirms starting the visit outside its window (logged in the journal).")
    var confirmedBy: String?

    @Flag(help: "Register the participant on the roster at their first session, as a plan with visits always does (the desk gives it).")
    var register = false

    @Option(help: "Staff's notes recorded with the participant's registration on the roster (first session only).")
    var notes: String?

    @Flag(help: "Start a new session even though this participant completed the study (or the visit) before.")
    var again = false

    @Option(name: .customLong("restart-block"), help: "Resuming: run again from block N (1 to the block the session stopped in); logged as a staff choice.")
    var restartBlock: Int?

    @Flag(name: .customLong("skip-block"), help: "Resuming: skip the block the session stopped in; logged as a staff choice.")
    var skipBlock = false

    @Flag(name: .customLong("self-check"), help: "Check the plan and this machine (data folder, free space, input devices, audio), say what would fail, and start nothing.")
    var selfCheckOnly = false

    @Flag(help: "A simulated participant (docs/simulate.md), headless (or in a window with --real-input): the behaviour model makes the inputs a person would. The ID starts with SIM-; the journal and the roster say simulated. `labkiosk simulate` runs every visit of many this way.")
    var simulated = false

    @Option(name: .customLong("simulation-seed"), help: "With --simulated: the seed of the model's draws (0 to 2^64-1; default 1).")
    var simulationSeed: UInt64?

    @OptionGroup(title: "Simulated participants")
    var simulation: SimulationArguments

    @Option(name: .customLong("response-time-errors"), help: "With --real-input: append each input's time error to this file, a line `KIND MILLISECONDS` (KIND: answers, keys, stick, taps, pen), as `labkiosk simulate` gathers them.")
    var responseTimeErrors: String?

    func validate() throws {
        if let notes, notes.count > RosterEntry.longestNotes || notes.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw ValidationError("--notes is one line of at most \(RosterEntry.longestNotes) characters (the desk shows it whole)")
        }
        if selfCheckOnly { return }
        guard running.participant?.isEmpty == false else { throw ValidationError("--participant is required") }
        if simulated, running.participant?.hasPrefix(Self.simulatedPrefix) != true {
            throw ValidationError("--simulated: the participant's ID starts with \(Self.simulatedPrefix), so it never passes for a person's")
        }
        if !simulated, simulation.model != nil || simulationSeed != nil { throw ValidationError("--model and --simulation-seed go with --simulated") }
        if simulation.realInput, !simulated || running.headless { throw ValidationError("--real-input goes with --simulated, in a window (not --headless)") }
        if responseTimeErrors != nil, !simulation.realInput { throw ValidationError("--response-time-errors goes with --real-input") }
    }

    /// The seed of a simulated participant's draws.
    private var modelSeed: UInt64 { simulationSeed ?? 1 }

    /// Without a window: asked for, or a simulated participant's run but with --real-input.
    private var headless: Bool { running.headless || (simulated && !simulation.realInput) }

    /// What a simulated participant's ID starts with (docs/simulate.md).
    static let simulatedPrefix = "SIM-"

    func run() throws {
        let started = Self.requestedAt ?? MonotonicClock.now()
        if let desk = getenv("LABKIOSK_DESK_PID").flatMap({ pid_t(String(cString: $0)) }) { TerminationSignal.endWithParent(desk) }
        // Before anything is decided: a session another process starts from now on refuses this one.
        let journalsSeen = running.participant.map {
            ParticipantJournals(dataDirectory: running.commandLine.dataDirectory ?? RunOptions.defaultDataDirectory, participant: $0)
        }
        let paths = try InstallPaths()
        let settings = try running.readSettings()
        // A self-check needs an order to load the blocks; any participant number gives one.
        let participant = running.participant ?? (selfCheckOnly ? "1" : "")
        var commandLine = running.commandLine
        let language = commandLine.language ?? settings.language ?? .en
        let checked: PlanChecker.Checked
        switch PlanChecker(bundledIncludes: paths.bundledIncludes).check(plan, language: language, forRunning: true) {
        case .success(let result): checked = result
        case .failure(let errors):
            for diagnostic in errors.diagnostics { printError(diagnostic.description) }
            printError("\(plan): the plan has errors; nothing was started")
            throw Self.refused
        }
        for warning in checked.warnings { printError(warning.description) }
        let plan = checked.plan
        let model = simulated ? try simulation.readModel(for: plan) : nil
        try simulation.checkRealInput(plan, file: self.plan, announce: false)
        commandLine.kiosk = commandLine.kiosk || plan.kiosk
        var options = RunOptions.resolve(commandLine: commandLine, settings: settings,
                                         joystick: try input.joystickOptions(settings.input, paths: paths))
        options.commandStarted = started
        if simulated { options.simulated = simulation.description(seed: modelSeed) }
        var order: PlanOrder
        do { order = try PlanOrder.resolve(plan, participant: participant) } catch {
            printError("\(self.plan): \(error)")
            throw Self.refused
        }
        func makeSteps(_ order: PlanOrder) -> BatchSteps {
            BatchSteps(checked: checked, order: order, participant: participant, paths: paths, settings: settings,
                       commandLineInput: input.settings, options: options, canvas: running.windowCanvas(options), version: Labkiosk.version)
        }
        // The self-check covers every visit's blocks; the session runs one visit's.
        var steps = makeSteps(order)
        options = steps.pointerOptions(options, udevRule: paths.joystickUdevRule.path)
        // The simulated participant's devices are the only ones read: its touchscreen's and pen's
        // folder the one input folder for pens and touchscreens, its joystick's the one for sticks.
        let devices = simulation.realInput && !selfCheckOnly
            ? try SimulatedInputDevices(plan.blocks.reduce(into: Set<RealInputPath.Device>()) { $0.formUnion(RealInputPath.of($1).devices) }) : nil
        defer { devices?.close() }
        if let folder = devices?.pointerFolder { options.pointerInput = .evdev(directory: folder, udevRule: paths.joystickUdevRule.path) }
        if let folder = devices?.joystickFolder {
            options.joystick = JoystickOptions(backend: .evdev, inputDirectory: folder, udevRule: paths.joystickUdevRule.path)
        }
        let certificateStanding = timingCertificateStanding(plan, options: options, simulated: simulated)
        try checkMachine(steps: steps, options: options, paths: paths, timingCertificate: certificateStanding)
        if selfCheckOnly {
            say("labkiosk: self-check passed: \(self.plan) can run here")
            return
        }
        if let problem = SimulatedDataFolder.problem(options.dataDirectory, simulated: simulated, mixing: simulation.mixSimulated) {
            printError("labkiosk: \(problem); nothing was started")
            throw Self.refused
        }
        if simulated { try SimulatedDataFolder.mark(options.dataDirectory) }
        let (catalogue, catalogueWarnings) = try SessionCatalogue.open(dataDirectory: options.dataDirectory)
        for warning in catalogueWarnings { printError("labkiosk: \(warning)") }
        // The journals are the truth: a session a crash kept out of the catalogue counts when the
        // visit is chosen (one that cannot be read stops the start below, where staff read why).
        for journal in SessionCatalogue.journals(inParticipantFolder: options.dataDirectory + "/" + InteractLogNames.safeFileName(participant)) {
            try? catalogue.index(journal: journal)
        }
        let visit = try chooseVisit(plan, participant: participant, catalogue: catalogue)
        if let visit {
            order = order.restricted(toVisit: visit, of: plan)
            steps = makeSteps(order)
            say("labkiosk: visit \(visit)")
        }
        let roster = SharedRoster(dataDirectory: options.dataDirectory)
        var opening = BatchSessionOpening(plan: plan, planPath: self.plan, order: order, participant: participant,
                                          dataDirectory: options.dataDirectory, visit: visit, confirmedBy: confirmedBy, again: again,
                                          restartBlock: restartBlock, skipBlock: skipBlock,
                                          roster: roster, say: say)
        opening.register = register
        opening.registrationNotes = notes ?? ""
        if simulated {
            opening.simulated = options.simulated
            opening.registrationNotes = RosterEntry.simulatedNotes(simulation.description(seed: modelSeed))
        }
        opening.journalsSeen = journalsSeen
        let journal: BatchJournalFile
        do {
            journal = try opening.open(catalogue: catalogue, steps: &steps)
        } catch let refusal as BatchSessionOpening.Refusal {
            printError("labkiosk: \(refusal)")
            throw Self.refused
        }
        steps.sessionFolder = journal.folder
        for block in 0..<steps.blockCount {
            steps.notes[block, default: []].insert("batch: \(plan.studyName), block \(block + 1) of \(steps.blockCount), \(journal.folder)", at: 0)
            if let simulated = options.simulated { steps.notes[block, default: []].insert("simulated participant: \(simulated)", at: 1) }
        }
        try catalogue.index(journal: journal.path)
        say("labkiosk: session folder \(journal.folder)")
        let simulatedVisit = model.map { SimulatedVisit(model: $0, seed: modelSeed, participant: participant, visit: visit, realInput: simulation.realInput) }
        try runBlocks(steps, options: options, journal: journal, catalogue: catalogue, participant: participant,
                      ending: SessionEnding(roster: roster, study: plan.studyName, visit: visit), simulation: simulatedVisit,
                      devices: devices, shownOn: ShownDisplayFigures.of(certificateStanding))
    }

    /// The visit to run: `--visit`, or the participant's next one; nil for a plan without visits.
    private func chooseVisit(_ plan: Plan, participant: String, catalogue: SessionCatalogue) throws -> String? {
        guard !plan.visits.isEmpty else {
            if let visit {
                printError("labkiosk: --visit \(visit): \(self.plan) has no visits")
                throw Self.refused
            }
            return nil
        }
        if let visit {
            guard plan.visits.contains(where: { $0.name == visit }) else {
                printError("labkiosk: --visit \(visit): \(self.plan) has the visits \(plan.visits.map(\.name).joined(separator: ", "))")
                throw Self.refused
            }
            return visit
        }
        let schedule = try BatchSessionOpening.schedule(plan: plan, participant: participant, catalogue: catalogue,
                                                        today: CalendarDate(WallClock.localDateTime()))
        guard let next = schedule.next else {
            printError("labkiosk: \(participant) has done every visit of \(plan.studyName); --visit NAME --again runs one again")
            throw Self.refused
        }
        return next.visit.name
    }

    /// The data folder's latest timing certificate against the plan's
    /// `timing_certificate_max_age_days` and the display the blocks will show on (none for a
    /// headless run, which shows nothing). A simulated participant's dry run measures no onset,
    /// so the plan's demand does not hold it up; its self-check still says where the kiosk stands.
    private func timingCertificateStanding(_ plan: Plan, options: RunOptions, simulated: Bool) -> TimingCertificateStanding {
        TimingCertificateStanding(latest: SessionCatalogue.latestCertificate(inDataFolder: options.dataDirectory),
                                  maxAgeDays: simulated ? nil : plan.timingCertificateMaxAgeDays, today: CalendarDate(WallClock.localDateTime()),
                                  display: headless ? nil : CurrentDisplay.read(screenIndex: options.window.screenIndex))
    }

    /// The start-up self-check; nothing starts when it finds what would stop the batch.
    private func checkMachine(steps: BatchSteps, options: RunOptions, paths: InstallPaths, timingCertificate: TimingCertificateStanding) throws {
        let check = BatchSelfCheck(steps: steps, options: options, headless: headless, udevRule: paths.joystickUdevRule.path,
                                   timingCertificate: timingCertificate)
        for line in check.lines { say("labkiosk: \(line)") }
        if check.stopsTheRun {
            // The last line is what the desk's notice shows: it names what failed first.
            let first = check.findings.first(where: \.stopsTheRun).map { " (\($0.text))" } ?? ""
            printError("labkiosk: the self-check failed\(first); nothing was started")
            throw Self.refused
        }
        if options.kiosk { say("labkiosk: kiosk mode: staff leave with \(options.staffExit.chordText)\(options.staffExit.pin == nil ? "" : " or the PIN and Enter")") }
    }

    /// What a session that ends for good (a participant who declined consent) records beyond its journal.
    private struct SessionEnding {
        let roster: any Roster
        let study: String
        let visit: String?
    }

    /// Runs the steps, recording each block's start and end (or skip) in the journal.
    private func runBlocks(_ steps: BatchSteps, options: RunOptions, journal: BatchJournalFile, catalogue: SessionCatalogue,
                           participant: String, ending: SessionEnding, simulation: SimulatedVisit?,
                           devices: SimulatedInputDevices?, shownOn displayFigures: [(name: String, value: String)]) throws {
        let recorder = BatchRecorder(journal: journal, catalogue: catalogue, participant: participant, blockCount: steps.blockCount)
        let staffPanel = "staff (kiosk panel)"
        // A block staff skipped from the screen before it: that screen's step ends, the block never starts.
        var skippedFromScreen: Int?
        // Why the session ended for good before its last block (a participant declined consent).
        var endedFor: String?
        var steps = steps
        do {
            let result = try BlockRunner.runSequence(
                options: options, headless: headless, count: steps.stepCount, images: steps.images,
                makeHost: { step, context in
                    let (block, isBlock) = steps.place(ofStep: step)
                    if isBlock, skippedFromScreen == block { return nil }
                    let host = try steps.host(step, context: context)
                    if isBlock { recorder.record(BatchJournal.began(block, at: Self.now())) }
                    if block < steps.blockCount {
                        let remaining = steps.remainingSeconds(from: block)
                        recorder.showProgress(at: block, title: steps.title(block) + (isBlock ? "" : " (the screen before it)"),
                                              remaining: (options.realSeconds(ofBlockSeconds: remaining.seconds, headless: headless), remaining.selfPaced))
                    }
                    return host
                },
                blockEnded: { step, summary in
                    let (block, isBlock) = steps.place(ofStep: step)
                    if let devices, isBlock, block < steps.blockCount { measureInputTimes(devices, summary: summary, block: block, title: steps.title(block)) }
                    let files = summary.block.dataFiles.map { $0.hasPrefix(journal.folder + "/") ? String($0.dropFirst(journal.folder.count + 1)) : $0 }
                    if summary.skippedByStaff, block < steps.blockCount {
                        if !isBlock { skippedFromScreen = block }
                        recorder.record(BatchJournal.skipped(block, at: Self.now(), by: staffPanel, partialFiles: files), sealing: files)
                        say("labkiosk: block \(block + 1) (\(steps.title(block))) skipped by staff")
                        return .next
                    }
                    guard isBlock else { return .next }
                    if summary.cutShort {
                        // Its files are a partial run's; the same command runs the block again.
                        recorder.record(BatchJournal.interrupted(block, at: Self.now(), partialFiles: files), sealing: files)
                        return .next
                    }
                    var figures = Self.figures(summary) + displayFigures.map { ($0.name, $0.value) }
                    if steps.flagsMissedRefreshes(block),
                       let reason = BlockDisplaySummary.flagReason(Dictionary(figures, uniquingKeysWith: { _, last in last })) {
                        figures.append((BlockDisplaySummary.flagFigure, reason))
                        say("labkiosk: block \(block + 1) (\(steps.title(block))): data flagged, \(reason)")
                    }
                    recorder.record(BatchJournal.ended(block, at: Self.now(), files: files, figures: figures), sealing: files)
                    if let declined = summary.block.endsSession {
                        recorder.record(BatchJournal.declined(at: Self.now(), reason: declined))
                        say("labkiosk: \(declined); the session ends here")
                        let reason = declined + (ending.visit.map { " at visit \($0)" } ?? "")
                        do {
                            try ending.roster.withdraw(participant: participant, study: ending.study,
                                                RosterEntry.Withdrawal(time: Self.now(), by: "participant (consent form)", reason: reason))
                        } catch {
                            printError("labkiosk: the roster: \(error)")
                        }
                        endedFor = declined
                        return .finish
                    }
                    switch steps.practiceDecision(block, figures: Dictionary(figures, uniquingKeysWith: { _, last in last })) {
                    case .again(let reason, _)?:
                        recorder.record(BatchJournal.repeated(block, at: Self.now(), reason: reason))
                        say("labkiosk: block \(block + 1) runs again: \(reason)")
                        return .step(steps.screenStep(before: block))
                    case .goOn(let decision)?:
                        recorder.record(BatchJournal.criterion(block, at: Self.now(), decision: decision))
                        say("labkiosk: block \(block + 1): \(decision)")
                        return .next
                    case nil: return .next
                    }
                }, simulatedParticipant: simulation.map { visit in
                    { step, block in visit.participant(for: block, place: step, earlierRuns: steps.earlierRuns(ofStep: step)) }
                }, simulatedDevices: devices, displayProblem: { step, late in
                    let (block, isBlock) = steps.place(ofStep: step)
                    if isBlock { recorder.record(BatchJournal.display(block, late.logText)) }
                })
            if endedFor != nil {
                recorder.finish()
                say("labkiosk: batch ended: \(journal.path)")
                return
            }
            let complete = result.stopped == nil
            recorder.record(result.stopped.map { BatchJournal.stopped(at: Self.now(), reason: "\($0)") } ?? BatchJournal.complete(at: Self.now()))
            recorder.finish()
            say(complete ? "labkiosk: batch complete: \(journal.path)" : "labkiosk: batch stopped; the same command resumes it: \(journal.path)")
        } catch {
            recorder.record(BatchJournal.stopped(at: Self.now(), reason: "\(error)"))
            recorder.finish()
            printError("labkiosk: \(error)")
            printError("labkiosk: the same command resumes this session: \(journal.path)")
            throw ExitCode(1)
        }
    }

    /// With --real-input, at a block's end: how far what it logged of the simulated
    /// participant's inputs is from the instants they were made, said and added to
    /// --response-time-errors (docs/simulate.md). A judgement block's answers are measured as
    /// response times (from the onset seen to the tap made), a MATB log's inputs by their
    /// `logtime` (keys, the stick, taps), a drawing pad's pen samples by their own times.
    private func measureInputTimes(_ devices: SimulatedInputDevices, summary: RunSummary, block: Int, title: String) {
        let (made, failures) = devices.takeMade()
        for failure in failures { printError("labkiosk: \(failure)") }
        let name = "block \(block + 1) (\(title))"
        var measured: [(kind: String, errors: [Double])] = []
        func report(_ errors: MadeInputErrors, kind: MadeInputErrors.Kind) {
            if let figures = errors.summary(kind) {
                say("labkiosk: \(name): real input, \(kind.rawValue): \(figures.count) logged, time error (logged − made) \(figures.text)")
            }
            if let missing = errors.unlogged[kind] {
                // The pad's own buttons are held or tapped with the pen too, and are no samples.
                if kind == .pen {
                    say("labkiosk: \(name): \(missing) of the pen's inputs are not among its samples (touches on the pad's buttons are none)")
                } else {
                    printError("labkiosk: \(name): \(missing) \(kind.rawValue) made are not in its log")
                }
            }
            measured.append((kind.rawValue, errors.milliseconds[kind] ?? []))
        }
        if let path = summary.block.dataFiles.first(where: { $0.hasSuffix(JudgeLogFile.suffix) }) {
            do {
                let log = try JudgeLogFile.read(try FileDescriptorIO.readBlockFile(atPath: path).get(), file: path)
                var errors = ResponseTimeErrors()
                let taps = made.compactMap { input -> MonotonicTime? in if case .pointerDown = input.payload { input.time } else { nil } }
                let unpaired = errors.add(log: log, taps: taps)
                if unpaired > 0 { printError("labkiosk: \(name): \(unpaired) logged answers have no tap made after their onset") }
                if let figures = errors.summary {
                    say("labkiosk: \(name): real input, touchscreen taps: \(figures.count) answers, response-time error \(figures.text)")
                }
                measured.append(("answers", errors.milliseconds))
            } catch {
                printError("labkiosk: \(name): the response-time error cannot be measured: \(error)")
            }
        } else if let path = summary.block.dataFiles.first(where: { $0.hasSuffix(".csv") }) {
            do {
                let rows = try FileDescriptorIO.readFile(atPath: path) { try SessionLogReader.read($0, file: path).rows }
                var errors = MadeInputErrors()
                let end = rows.compactMap { SessionLogClock.monotonicTime($0.logtime) }.max() ?? MonotonicClock.now()
                errors.add(made: made, logged: LoggedInputReader.inputs(in: rows), end: end)
                for kind in [MadeInputErrors.Kind.keys, .stick, .taps] { report(errors, kind: kind) }
            } catch {
                printError("labkiosk: \(name): the input times cannot be measured: \(error)")
            }
        } else if let path = summary.block.dataFiles.first(where: { $0.hasSuffix(InteractLogNames.samplesSuffix) }) {
            do {
                let samples = try PadSamplesFile.read(try FileDescriptorIO.readBlockFile(atPath: path).get(), file: path).rows
                var errors = MadeInputErrors()
                errors.add(made: made, samples: samples, end: samples.map(\.eventTime).max() ?? MonotonicClock.now())
                report(errors, kind: .pen)
            } catch {
                printError("labkiosk: \(name): the pen's times cannot be measured: \(error)")
            }
        }
        guard let responseTimeErrors else { return }
        let text = measured.flatMap { kind, errors in errors.map { kind + String(cFormat: " %.6f\n", $0) } }.joined()
        let fd = open(responseTimeErrors, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return printError("labkiosk: --response-time-errors \(responseTimeErrors): \(FileDescriptorIO.describe(errno: errno))") }
        defer { close(fd) }
        _ = text.utf8CString.withUnsafeBytes { write(fd, $0.baseAddress, $0.count - 1) }
    }

    /// When the desk started this batch (`LABKIOSK_REQUESTED_AT`, its monotonic clock in
    /// nanoseconds), so that `--frame-stats` times the first frame from the staff's tap.
    private static var requestedAt: MonotonicTime? {
        guard let text = getenv("LABKIOSK_REQUESTED_AT").map({ String(cString: $0) }), let nanoseconds = Int64(text),
              nanoseconds > 0, nanoseconds <= MonotonicClock.now().nanoseconds else { return nil }
        return MonotonicTime(nanoseconds: nanoseconds)
    }

    /// The exit status of a batch that did not start (a bad plan, a failed self-check, a
    /// completed or running session): running the same command again cannot help, so the
    /// deployment's unit does not retry it (deploy/). Any other failure exits 1, and the same
    /// command resumes.
    static let refused = ExitCode(64)

    /// Straight to standard output, in order with the progress lines.
    private func say(_ line: String) { StandardStream.output.write(line + "\n") }

    private static func now() -> String { BatchJournal.time(WallClock.localDateTime()) }

    /// What the catalogue shows of a finished block: its length, and the block's own figures.
    private static func figures(_ summary: RunSummary) -> [(String, String)] {
        [("block seconds", String(cFormat: "%.3f", summary.blockSeconds)), ("wall seconds", String(cFormat: "%.3f", summary.wallSeconds)),
         ("frames", "\(summary.frames)"), ("files", "\(summary.block.dataFiles.count)")] + summary.block.figures.map { ($0.name, $0.value) }
    }
}
