import ArgumentParser
import FoundationEssentials
import Glibc
import KioskCore
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
    var input: InputOptions

    @Flag(help: "Start a new session even though this participant completed the study before.")
    var again = false

    @Option(name: .customLong("restart-block"), help: "Resuming: run again from block N (1 to the block the session stopped in); logged as a staff choice.")
    var restartBlock: Int?

    @Flag(name: .customLong("skip-block"), help: "Resuming: skip the block the session stopped in; logged as a staff choice.")
    var skipBlock = false

    @Flag(name: .customLong("self-check"), help: "Check the plan and this machine (data folder, free space, input devices, audio), say what would fail, and start nothing.")
    var selfCheckOnly = false

    func validate() throws {
        if selfCheckOnly { return }
        guard let participant = running.participant, !participant.isEmpty else { throw ValidationError("--participant is required") }
        if participant.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw ValidationError("--participant must not contain control characters")
        }
    }

    func run() throws {
        let started = MonotonicClock.now()
        let paths = try InstallPaths()
        let settings = try running.readSettings()
        let inputSettings = settings.input.overridden(by: input.settings)
        // A self-check needs an order to load the blocks; any participant number gives one.
        let participant = running.participant ?? (selfCheckOnly ? "1" : "")
        let checked: PlanChecker.Checked
        switch PlanChecker(bundledIncludes: paths.bundledIncludes).check(plan) {
        case .success(let result): checked = result
        case .failure(let errors):
            for diagnostic in errors.diagnostics { printError(diagnostic.description) }
            printError("\(plan): the plan has errors; nothing was started")
            throw Self.refused
        }
        for warning in checked.warnings { printError(warning.description) }
        let plan = checked.plan
        var commandLine = running.commandLine
        commandLine.kiosk = commandLine.kiosk || plan.kiosk
        var options = RunOptions.resolve(commandLine: commandLine, settings: settings,
                                         joystick: try InputOptions.joystick(inputSettings, paths: paths))
        options.commandStarted = started
        let order: PlanOrder
        do { order = try PlanOrder.resolve(plan, participant: participant) } catch {
            printError("\(self.plan): \(error)")
            throw Self.refused
        }
        var steps = try BatchSteps(checked: checked, order: order, participant: participant, paths: paths, settings: settings,
                                   commandLineInput: input.settings, options: options, canvas: running.windowCanvas(options))
        // A drawing pad reads pens and touchscreens from evdev (each sample with its kernel time,
        // pressure and tilt), as `labkiosk pad` does; the window reads them for every block.
        if steps.hasPad { options.pointerInput = .evdev(directory: "/dev/input", udevRule: paths.joystickUdevRule.path) }
        try checkMachine(steps: steps, options: options, paths: paths)
        if selfCheckOnly {
            say("labkiosk: self-check passed: \(self.plan) can run here")
            return
        }
        let (catalogue, catalogueWarnings) = try SessionCatalogue.open(dataDirectory: options.dataDirectory)
        for warning in catalogueWarnings { printError("labkiosk: \(warning)") }
        let journal = try openSession(plan: plan, order: order, participant: participant, catalogue: catalogue,
                                      dataDirectory: options.dataDirectory, steps: &steps)
        steps.sessionFolder = journal.folder
        for block in 0..<steps.blockCount {
            steps.notes[block, default: []].insert("batch: \(plan.studyName), block \(block + 1) of \(steps.blockCount), \(journal.folder)", at: 0)
        }
        try catalogue.index(journal: journal.path)
        say("labkiosk: session folder \(journal.folder)")
        try runBlocks(steps, options: options, journal: journal, catalogue: catalogue, participant: participant)
    }

    /// The start-up self-check; nothing starts when it finds what would stop the batch.
    private func checkMachine(steps: BatchSteps, options: RunOptions, paths: InstallPaths) throws {
        let findings = MachineCheck.run(dataDirectory: options.dataDirectory, neededBytes: steps.estimatedBytes,
                                        inputDirectory: running.headless ? nil : "/dev/input", udevRule: paths.joystickUdevRule.path,
                                        needsAudio: !running.headless && !options.mute && steps.speaksPrompts)
        for finding in findings { say("labkiosk: self-check: \(finding)") }
        if findings.isEmpty { say("labkiosk: self-check: data folder writable with room for the plan\(running.headless ? "" : ", input devices readable")\(steps.speaksPrompts && !running.headless ? ", audio output present" : "")") }
        if findings.contains(where: \.stopsTheRun) {
            printError("labkiosk: the self-check failed; nothing was started")
            throw Self.refused
        }
        if options.kiosk { say("labkiosk: kiosk mode: staff leave with \(options.staffExit.chordText)\(options.staffExit.pin == nil ? "" : " or the PIN and Enter")") }
    }

    /// The participant's session: a new one, or their latest one resumed, as ``BatchStart``
    /// decides from the catalogue (kept up to date from the participant's journals first).
    private func openSession(plan: Plan, order: PlanOrder, participant: String, catalogue: SessionCatalogue,
                             dataDirectory: String, steps: inout BatchSteps) throws -> BatchJournalFile {
        let participantFolder = dataDirectory + "/" + InteractLogNames.safeFileName(participant)
        // The journals are the truth; a session a crash kept out of the catalogue is found here.
        for journal in SessionCatalogue.journals(inParticipantFolder: participantFolder) { try? catalogue.index(journal: journal) }
        let latest = try catalogue.sessions(participant: participant, study: plan.studyName).last
        if let latest, latest.state == .running {
            printError("labkiosk: \(participant)'s \(plan.studyName) session is running in another labkiosk process (\(latest.journal))")
            throw Self.refused
        }
        let latestJournal = try latest.map { try readJournal(dataDirectory + "/" + $0.journal) }
        let titles = order.blocks.map { plan.blocks[$0].title }
        let start: BatchStart
        do {
            start = try BatchStart.decide(latest: latestJournal, titles: titles, again: again, restartBlock: restartBlock, skipBlock: skipBlock)
        } catch {
            printError("labkiosk: \(error)")
            throw Self.refused
        }
        let now = BatchJournal.time(WallClock.localDateTime())
        let journal: BatchJournalFile
        switch start {
        case .new:
            journal = try BatchJournalFile.create(in: participantFolder, study: plan.studyName, date: WallClock.localDateTime())
            try journal.append(BatchJournal.openingLines(study: plan.studyName, plan: self.plan, participant: participant,
                                                         orderDecisions: order.decisions,
                                                         blocks: order.blocks.map { ($0, plan.blocks[$0].title) })
                               + BatchJournal.started(at: now, atBlock: 0))
            for line in order.decisions { say("labkiosk: order \(line)") }
        case .resume(let from, let interrupted, let staffChoice):
            journal = try BatchJournalFile.reopen(dataDirectory + "/" + (latest?.journal ?? ""))
            steps.firstBlock = from
            try journal.append(resumeEntries(latestJournal ?? BatchJournal(), folder: journal.folder, from: from, interrupted: interrupted,
                                             staffChoice: staffChoice, now: now, steps: &steps))
        }
        return journal
    }

    /// Runs the steps, recording each block's start and end (or skip) in the journal.
    private func runBlocks(_ steps: BatchSteps, options: RunOptions, journal: BatchJournalFile, catalogue: SessionCatalogue,
                           participant: String) throws {
        let recorder = BatchRecorder(journal: journal, catalogue: catalogue, participant: participant, blockCount: steps.blockCount)
        let staffPanel = "staff (kiosk panel)"
        // A block staff skipped from the screen before it: that screen's step ends, the block never starts.
        var skippedFromScreen: Int?
        do {
            let result = try BlockRunner.runSequence(
                options: options, headless: running.headless, count: steps.stepCount, images: steps.images,
                makeHost: { step, context in
                    let (block, isBlock) = steps.place(ofStep: step)
                    if isBlock, skippedFromScreen == block { return nil }
                    let host = try steps.host(step, context: context)
                    if isBlock { recorder.record(BatchJournal.began(block, at: Self.now())) }
                    if block < steps.blockCount {
                        recorder.showProgress(at: block, title: steps.title(block) + (isBlock ? "" : " (the screen before it)"),
                                              remaining: steps.remainingSeconds(from: block))
                    }
                    return host
                },
                blockEnded: { step, summary in
                    let (block, isBlock) = steps.place(ofStep: step)
                    let files = summary.block.dataFiles.map { $0.hasPrefix(journal.folder + "/") ? String($0.dropFirst(journal.folder.count + 1)) : $0 }
                    if summary.skippedByStaff, block < steps.blockCount {
                        if !isBlock { skippedFromScreen = block }
                        recorder.record(BatchJournal.skipped(block, at: Self.now(), by: staffPanel, partialFiles: files))
                        say("labkiosk: block \(block + 1) (\(steps.title(block))) skipped by staff")
                        return
                    }
                    guard isBlock else { return }
                    recorder.record(BatchJournal.ended(block, at: Self.now(), files: files, figures: Self.figures(summary)))
                })
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

    private func readJournal(_ path: String) throws -> BatchJournal {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            printError("labkiosk: \(path): cannot read this batch journal")
            throw Self.refused
        }
        switch BatchJournal.read(text) {
        case .success(let journal): return journal
        case .failure(let problem):
            printError("labkiosk: \(path): \(problem)")
            throw Self.refused
        }
    }

    /// What resuming writes to the journal: the interrupted block's partial files (drawing-pad
    /// journals first turned into trial files), the staff choice, the new run's start. Tells
    /// the terminal and the first screen where the session stopped.
    private func resumeEntries(_ journal: BatchJournal, folder: String, from: Int, interrupted: Int?, staffChoice: BatchStart.StaffChoice?,
                               now: String, steps: inout BatchSteps) throws -> String {
        for padJournal in PadTrialStorage.journals(under: folder) {
            do { _ = try PadTrialStorage.complete(journal: padJournal) } catch { printError("labkiosk: could not recover \(padJournal): \(error)") }
        }
        var text = ""
        let stoppedAt = interrupted ?? journal.nextBlock ?? from
        var said = "\(journal.participant)'s \(journal.study) session stopped"
        if let interrupted {
            let known = Set(journal.allFiles + [BatchJournalFile.fileName])
            let partial = Self.filesUnder(folder).filter { !known.contains($0) }
            text += BatchJournal.interrupted(interrupted, at: now, partialFiles: partial)
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
    private static func filesUnder(_ folder: String, prefix: String = "") -> [String] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder + (prefix.isEmpty ? "" : "/" + prefix))) ?? []).sorted()
        return names.filter { !$0.hasPrefix(".") }.flatMap { name -> [String] in
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            var info = stat()
            guard lstat(folder + "/" + relative, &info) == 0 else { return [] }
            return info.st_mode & S_IFMT == S_IFDIR ? filesUnder(folder, prefix: relative) : [relative]
        }
    }
}
