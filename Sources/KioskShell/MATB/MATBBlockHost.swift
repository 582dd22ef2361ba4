import KioskCore
import KioskData

/// A MATB block's host: its OpenMATB CSV log, its devices (LSL outlet, parallel port) and
/// its spoken prompts. Opened in full before the block starts, so a missing liblsl or port,
/// an unwritable data folder or a missing voice clip stops the run before anything starts.
public final class MATBBlockHost: BlockHost {
    public let session: MATBBlock
    public var block: any Block { session }
    public private(set) var notes: [String]

    private let log: LogFile<SessionLogFormat>
    private let runNumber: Int
    /// The LSL outlet and parallel port the scenario uses.
    private let devices: DeviceOutputs
    /// The prompts' audio output; none when headless, muted, silent or without prompts.
    private let player: PromptPlayer?
    private let speed: Double
    private let participant: String?
    /// Notes for the log after the participant's row (a batch's place, a restart's partial log).
    private let manualNotes: [String]
    /// The scenario file's SHA-256 (a plan's slides block: its slides file's), for
    /// `labkiosk verify` to tell whether it changed since.
    private let scenarioDigest: String?
    /// The SHA-256 of the adaptive rules file, when the session has one.
    private let rulesDigest: String?
    private var wasClockRunning = true
    /// The LSL streams adaptive rules read, one inlet per stream and channel.
    private let inlets: [StreamInlet]
    /// In a window, device actions wait for the frame that shows their event (docs/timing.md).
    private let windowed: Bool
    /// The frames sent whose device actions wait for the display to show them.
    private var unshown: [(outputs: [DeviceOutput], rows: [LogRecord], frame: MonotonicTime, scenarioTime: ScenarioTime)] = []
    /// Device problems found while a frame was shown, reported at the next frame.
    private var deviceProblems: [String] = []
    /// Where the display reports each frame (`display-presented`), the rows that pair the
    /// log's rows with the refresh that showed them, and response times from it.
    private var presentedOnsets: MATBPresentedOnsets?

    /// Opens the devices the scenario needs, then creates the log (its number seeds the
    /// session) and builds the session.
    /// - Parameter manualNotes: written as `manual` rows after the participant's.
    public init(loaded: ScenarioLoader.Loaded, matb: MATBOptions, run: RunOptions, context: RunContext, version: String,
                manualNotes: [String] = []) throws {
        let voices = try matb.loadVoices(for: loaded.scenario)
        devices = try DeviceOutputs(scenario: loaded.scenario, catalog: loaded.catalog)
        notes = devices.notes
        if matb.promptTiming == .openMATB {
            for voice in voices.catalog.voices.sorted() where OpenMATBClipLengths.sampleCounts[voice] == nil {
                notes.append("OpenMATB has no \(voice) voice: its prompts keep the length of labkiosk's clips")
            }
        }
        speed = context.blockSpeed
        windowed = !context.headless
        participant = run.participant
        let (inlets, inletNotes) = try Self.openInlets(for: loaded.rules, paced: !context.headless || run.speed != nil)
        self.inlets = inlets
        notes += inletNotes
        // A windowed log names the clock its frames and onsets were stamped by (docs/timing.md);
        // a headless one keeps virtual frames, as its header's absence of this row says.
        let clockNote = context.headless ? [] : ["labkiosk: onset clock: \(context.onsetClock.logName)"]
        presentedOnsets = !context.headless && context.onsetClock == .displayPresented ? MATBPresentedOnsets() : nil
        self.manualNotes = clockNote + inletNotes.map { "labkiosk: " + $0 } + manualNotes
        scenarioDigest = try? FileChecksum.of(PlanBlockKind.slidesBlock(named: loaded.scenario.path)?.file ?? loaded.scenario.path).sha256
        rulesDigest = loaded.rules.flatMap { try? FileChecksum.of($0.path).sha256 }
        let created: (number: Int, files: [AppendOnlyFile])
        do {
            created = try RunFiles.create(in: run.dataDirectory, date: WallClock.localDateTime(), suffixes: [".csv"],
                                          numbersUnder: run.runNumberRoot)
        } catch {
            throw ShellError("\(error)")
        }
        runNumber = created.number
        log = LogFile<SessionLogFormat>(created.files[0])
        // As fast as possible, rows go to the writer a thousand at a time: per frame, handing
        // them over cost more than the simulation. Paced runs (windowed, or headless at a
        // --speed) hand over every frame's rows, so a crash loses at most the frame in flight.
        if context.headless && run.speed == nil {
            log.batchRecords = 1000
            log.file.maximumQueuedBatches = 2
        }
        var configuration = MATBConfiguration(
            runNumber: created.number, language: run.language, cadence: matb.cadence, speed: context.blockSpeed,
            layout: matb.layout, version: version, displaySessionNumber: matb.displaySessionNumber,
            includes: loaded.includes, voices: voices.catalog, virtualJoystick: matb.virtualJoystick,
            hideOnPause: matb.hideOnPause)
        configuration.escapeOffersExit = !run.kiosk
        configuration.promptTiming = matb.promptTiming
        configuration.adaptiveRules = loaded.rules
        session = MATBBlock(scenario: loaded.scenario, configuration: configuration, catalog: loaded.catalog)
        player = context.headless || run.mute ? nil : Self.openPlayer(voices, speed: context.blockSpeed, notes: &notes)
    }

    /// The audio output for the prompts, unless the scenario has none; without an audio
    /// device the run goes on silently (its log is the same).
    private static func openPlayer(_ voices: VoiceLibrary, speed: Double, notes: inout [String]) -> PromptPlayer? {
        guard !voices.catalog.voices.isEmpty else { return nil }
        do {
            return try PromptPlayer(library: voices, speed: speed)
        } catch {
            notes.append("no audio output (\(error)); the prompts will not be heard, the log is unaffected (--mute hides this)")
            return nil
        }
    }

    /// An inlet for each stream the rules read (waiting up to each rule's `wait_seconds`), and
    /// what to say about each; a stream not found refuses the session if its rule says so.
    private static func openInlets(for rules: AdaptiveRules?, paced: Bool) throws -> ([StreamInlet], [String]) {
        let streams = (rules?.rules ?? []).compactMap { rule -> AdaptiveRule.Stream? in
            if case .stream(let stream) = rule.trigger { stream } else { nil }
        }
        guard !streams.isEmpty else { return ([], []) }
        guard paced else {
            throw ShellError("an adaptive rule reads an LSL stream, whose samples come in real time: run in a window, or headless with --speed")
        }
        let library = try LabStreamingLayerLibrary()
        var inlets: [StreamInlet] = []
        var notes: [String] = []
        var opened: Set<String> = []
        for stream in streams where opened.insert(stream.key).inserted {
            do {
                let inlet = try StreamInlet(library: library, stream: stream)
                inlets.append(inlet)
                notes.append("reading channel \(stream.channel) of \(inlet.description)")
            } catch let missing as StreamInlet.NotFound {
                if stream.refusesWhenMissing { throw ShellError("\(missing); its rule says `missing = \"refuse\"`, so nothing was started") }
                notes.append("\(missing); its rules fall back (\(stream.fallback.rawValue)) once it has been quiet \(AdaptiveController.figureText(stream.quietSeconds)) s")
            }
        }
        return (inlets, notes)
    }

    public func collectInputs(into inputs: inout [InputEvent]) {
        for inlet in inlets { inlet.pull(into: &inputs) }
    }

    /// Writes the opening rows, with the participant's row and notes after `version` and `scenario_path`,
    /// where OpenMATB's readers expect them.
    public func begin(at time: MonotonicTime) {
        session.begin(at: time)
        var records = session.takeRecords()
        let notes = (participant.map { ["participant: \($0)"] } ?? [])
            + (scenarioDigest.map { [SessionLogHeader.scenarioDigestPrefix + $0] } ?? [])
            + (rulesDigest.map { [AdaptiveRulesFile.digestPrefix + $0] } ?? []) + manualNotes
        records.insert(contentsOf: notes.map { LogRecord(logtime: time, scenarioTime: nil, kind: .manual, value: .string($0)) },
                       at: min(2, records.count))
        log.append(records)
        log.flush()
    }

    /// Performs this frame's device actions (LSL, parallel port), hands its rows to the
    /// writer and its prompts to the speakers (which play only while the scenario clock
    /// runs); syncs the log when the session pauses. A device problem is shown to the
    /// participant's operator in a Warning dialog, as OpenMATB shows its errors.
    public func endFrame(at now: MonotonicTime) throws {
        for problem in deviceProblems { session.report(problem, fatal: false, at: now) }
        deviceProblems.removeAll()
        try moveOutput(at: now, reportingProblems: true)
        let running = session.isClockRunning
        player?.setPaused(!running)
        if wasClockRunning && !running { try sync() }
        wasClockRunning = running
        if let error = log.lastError { throw ShellError("session log: \(error)") }
    }

    /// The frame sent last is on screen: its LSL samples go out stamped with the presentation's
    /// time, and its port bytes are written that much later than the frame's start; where the
    /// display reports frames, the log gets the rows pairing the frame's rows with that time.
    public func framePresented(_ presentation: PresentationRecord) throws {
        for frame in unshown {
            deviceProblems += devices.perform(frame.outputs, rows: frame.rows, now: frame.frame, scenarioTime: frame.scenarioTime, speed: speed,
                                              shownAt: presentation.presentedTime)
        }
        unshown.removeAll(keepingCapacity: true)
        // Handed to the writer with the next frame's rows, a few milliseconds on: a flush of its
        // own cost a write a frame, and a crash in between loses only this row.
        if let rows = presentedOnsets?.framePresented(presentation) { log.append(rows) }
    }

    public func finish() throws -> BlockRecord {
        // A frame the display never reported still sends its actions, at its own time.
        for frame in unshown {
            _ = devices.perform(frame.outputs, rows: frame.rows, now: frame.frame, scenarioTime: frame.scenarioTime, speed: speed)
        }
        unshown = []
        try moveOutput(at: MonotonicClock.now(), reportingProblems: false)
        player?.perform([.stop])
        devices.close()
        do { try log.close() } catch { throw ShellError("session log: \(error)") }
        return BlockRecord(runNumber: runNumber, dataFiles: [log.path], figures: session.summaryFigures)
    }

    private func moveOutput(at now: MonotonicTime, reportingProblems: Bool) throws {
        let outputs = session.takeDeviceOutputs()
        let records = session.takeRecords()
        if windowed && reportingProblems {
            unshown.append((outputs, records, now, session.scenarioTime))
        } else {
            let problems = devices.perform(outputs, rows: records, now: now, scenarioTime: session.scenarioTime, speed: speed)
            if reportingProblems {
                for problem in problems { session.report(problem, fatal: false, at: now) }
            }
        }
        log.append(records)
        // What `finish` writes comes after the last frame, which no report follows.
        if reportingProblems, let written = presentedOnsets?.frameWritten(records, shownFailures: session.shownSysmonFailures, start: now,
                                                                          scenarioTime: session.scenarioTime) {
            log.append(written)
        }
        log.flush()
        let sounds = session.takeSoundCommands()
        player?.perform(sounds)
    }

    private func sync() throws {
        do { try log.sync() } catch { throw ShellError("session log: \(error)") }
    }
}
