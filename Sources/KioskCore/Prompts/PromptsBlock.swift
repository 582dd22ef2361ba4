/// A timed prompt sequence on the shared runner (docs/prompts.md): preparation steps, then
/// every trial's phases one after another, with a pause screen every few trials, while each
/// phase start sends a marker to the recorders.
///
/// Timed phases follow a schedule on the block's clock, not the frames: phase k+1 starts at
/// phase k's start plus its duration, and the frame that shows it is the first at or after
/// that time, so frame quantisation never accumulates. What waits for the participant starts
/// its successor at the frame that took the input.
public final class PromptsBlock: OnsetReporting {
    public let canvas: Canvas
    public let sequence: PromptSequence
    /// Shuffles the trials when the sequence asks for it; logged in the header.
    public let seed: UInt64
    /// The `[[trial]]` index (from 0) of each trial, in the order they run.
    public let trialOrder: [Int]
    let imageSizes: [String: (width: Int, height: Int)]
    let speechSeconds: [String: Double]
    private var outputs: [PromptsOutput] = []
    private var drawnOnsets = DrawnOnsetBuffer()
    var screen = Screen.notStarted
    /// The help overlay, over the waiting screen it was opened from.
    var help: HelpOverlay?
    private var start: MonotonicTime?
    private var now = ScenarioTime.zero
    /// Trials whose last phase has ended.
    public private(set) var trialsCompleted = 0
    public private(set) var phasesShown = 0
    /// How the block finished; nil while it runs.
    public private(set) var outcome: Outcome?
    /// A problem reported from outside, shown at the bottom of the screen.
    var message: String?

    /// How a block finished, as the `finished` row's detail says.
    public enum Outcome: String, Hashable, Sendable {
        /// The last phase of the last trial ended.
        case completed
        /// The participant chose "Stop here" on a pause screen.
        case stopped
        /// The operator quit, or the window was closed.
        case quit
    }

    enum Screen {
        case notStarted
        case preparation(Int)
        case phase(PhaseRun)
        /// Between trials.
        case pause
        case finished
    }

    /// The phase on screen.
    struct PhaseRun {
        /// The trial's place in ``trialOrder``.
        var trial: Int
        var phase: Int
        /// Its scheduled end; nil while it waits for the participant.
        var end: ScenarioTime?
        /// When its speech has been said; nil once logged, or when it says nothing.
        var speechEnd: ScenarioTime?
        /// Its `phase_start` row: what it shows, with its variables filled in.
        var row: PromptsRow
    }

    struct HelpOverlay {
        /// The help item whose answer shows.
        var answer: Int?
    }

    /// - Parameters:
    ///   - seed: shuffles the trials when `trial_order = "shuffle"`.
    ///   - imageSizes: the pixel size of every picture in `sequence.images`, by path; a
    ///     picture without one is not drawn.
    ///   - speechSeconds: how long each of `sequence.speechTexts` takes to say, as the shell
    ///     measured it; a text without a length (or with one not above 0, or over a day) lasts
    ///     ``PromptSpeechEstimate/seconds(for:)``.
    public init(sequence: PromptSequence, canvas: Canvas, seed: UInt64, imageSizes: [String: (width: Int, height: Int)],
                speechSeconds: [String: Double]) {
        self.sequence = sequence
        self.canvas = canvas
        self.seed = seed
        self.imageSizes = imageSizes
        self.speechSeconds = speechSeconds
        trialOrder = sequence.trialOrder.trialIndices(count: sequence.trials.count, passes: sequence.passes, seed: seed)
    }

    /// The log rows, speech and markers since the last call, in order.
    public func takeOutputs() -> [PromptsOutput] {
        defer { outputs.removeAll(keepingCapacity: true) }
        return outputs
    }

    /// A moment of the shell's clock on the block's: for ``PromptsOutput/shown(at:)``.
    public func blockTime(of time: MonotonicTime) -> ScenarioTime {
        ScenarioTime(nanoseconds: start.map { time.since($0) } ?? 0)
    }

    /// The log's header for this run; the rest of it is the shell's to say.
    public func logHeader(participant: String, sequenceFile: String, labkioskVersion: String, onsetClock: OnsetClock? = nil) -> PromptsLogHeader {
        PromptsLogHeader(title: sequence.title, participant: participant, seed: seed, trialOrder: sequence.trialOrder,
                         trialsRun: trialOrder.map { $0 + 1 }, sequenceFile: sequenceFile, labkioskVersion: labkioskVersion,
                         onsetClock: onsetClock)
    }

    /// Figures for the session catalogue.
    public var summaryFigures: [(name: String, value: String)] {
        [("trials completed", "\(trialsCompleted)"), ("phases shown", "\(phasesShown)"),
         ("stopped early", outcome == .stopped || outcome == .quit ? "yes" : "no")]
    }

    // MARK: - Block

    public func begin(at time: MonotonicTime) {
        start = time
        now = .zero
        if sequence.preparation.isEmpty { startTrials(at: .zero, frame: .zero) } else { showPreparation(0, at: .zero) }
    }

    public func advance(to time: MonotonicTime, inputs: [InputEvent]) {
        guard start != nil, !isFinished else { return }
        let frame = blockTime(of: time)
        // Inputs answer what the participant saw: the screen of the last frame, before this
        // frame's scheduled changes (a phase that started since then has not been seen).
        for input in inputs where !isFinished { handle(input, frame: frame) }
        runSchedule(until: frame)
        now = frame
    }

    public var isClockRunning: Bool { !isFinished }
    public var isWaitingForParticipant: Bool { help != nil || isWaitingScreen }
    public var wantsPointer: Bool { isWaitingForParticipant }
    public var isFinished: Bool {
        if case .finished = screen { return true }
        return false
    }
    public var elapsedSeconds: Double { now.seconds }

    /// Unattended runs move on: help closes, a waiting screen continues (never "Stop here").
    public func dismissWaitingScreen(at time: MonotonicTime) {
        let frame = blockTime(of: time)
        runSchedule(until: frame)
        now = max(now, frame)
        if help != nil { closeHelp(at: frame, how: "unattended") } else { proceed(at: frame, how: "unattended") }
    }

    public func report(_ problem: String, fatal: Bool, at time: MonotonicTime) {
        let frame = blockTime(of: time)
        message = problem
        log(PromptsRow(event: .problem, time: frame, frame: frame, detail: problem))
        if fatal { quit(at: frame) }
    }

    /// Ends the block now, closing the phase on screen.
    public func end(at time: MonotonicTime) { quit(at: blockTime(of: time)) }

    // MARK: - Flow

    /// Whether the screen, help aside, waits for the participant.
    var isWaitingScreen: Bool {
        switch screen {
        case .preparation, .pause: true
        case .phase(let run): run.end == nil
        case .notStarted, .finished: false
        }
    }

    private func log(_ row: PromptsRow) {
        outputs.append(.row(row))
        guard row.isShownAtFrame else { return }
        drawnOnsets.note(kind: row.event.rawValue, label: row.trial.map { "trial \($0) \(row.phase)" } ?? (row.text.isEmpty ? row.detail : row.text))
    }

    public func takeDrawnOnsets() -> [DrawnOnset] { drawnOnsets.take() }

    private func row(of run: PhaseRun, _ event: PromptsEvent, at time: ScenarioTime, frame: ScenarioTime, detail: String = "") -> PromptsRow {
        var row = run.row
        row.event = event
        row.time = time
        row.frame = frame
        row.isShownAtFrame = false
        row.detail = detail
        return row
    }

    /// Runs every scheduled change due by `frame`, each at its own time.
    private func runSchedule(until frame: ScenarioTime) {
        while case .phase(var run) = screen {
            if let spoken = run.speechEnd, spoken <= frame, run.end.map({ spoken <= $0 }) ?? true {
                log(row(of: run, .speechEnd, at: spoken, frame: frame))
                run.speechEnd = nil
                screen = .phase(run)
                continue
            }
            guard let end = run.end, end <= frame else { return }
            endPhase(run, at: end, frame: frame)
        }
    }

    private func quit(at frame: ScenarioTime) {
        guard !isFinished else { return }
        runSchedule(until: frame)
        now = max(now, frame)
        log(PromptsRow(event: .quit, time: frame, frame: frame))
        if case .phase(let run) = screen { log(row(of: run, .phaseEnd, at: frame, frame: frame, detail: "quit")) }
        finish(.quit, at: frame, frame: frame)
    }

    private func showPreparation(_ index: Int, at time: ScenarioTime) {
        let step = sequence.preparation[index]
        log(PromptsRow(event: .preparation, time: time, frame: time, isShownAtFrame: true, text: step.text ?? "", image: step.image ?? "",
                       detail: "\(index + 1) of \(sequence.preparation.count)"))
        screen = .preparation(index)
    }

    private func startTrials(at time: ScenarioTime, frame: ScenarioTime) {
        if trialOrder.isEmpty { finish(.completed, at: time, frame: frame) } else { startPhase(0, ofTrial: 0, at: time, frame: frame) }
    }

    private func startPhase(_ index: Int, ofTrial trial: Int, at time: ScenarioTime, frame: ScenarioTime) {
        let phase = sequence.phases[index]
        let variables = sequence.trials[trialOrder[trial]].variables
        let values = sequence.trials[trialOrder[trial]].values
        let speech = phase.speech?.filled(with: values)
        let speechSeconds = speech.map(secondsToSay)
        let planned: Double? = switch phase.ending {
        case .seconds(let seconds): seconds
        case .speechEnds: speechSeconds
        case .participantContinues: nil
        }
        let marker = phase.marker.filled(with: values)
        let row = PromptsRow(event: .phaseStart, time: time, frame: frame, isShownAtFrame: true, trial: trial + 1, trialIndex: trialOrder[trial] + 1,
                             phase: phase.name, marker: marker, code: phase.code, text: phase.text?.filled(with: values) ?? "",
                             image: phase.image?.filled(with: values) ?? "", plannedSeconds: planned, variables: variables)
        screen = .phase(PhaseRun(trial: trial, phase: index, end: planned.map { time + Self.span($0) },
                                 speechEnd: speechSeconds.map { time + Self.span($0) }, row: row))
        phasesShown += 1
        log(row)
        outputs.append(.marker(PromptsMarker(name: marker, code: phase.code, time: frame, isShownAtFrame: true)))
        if let speech { outputs.append(.speak(speech)) }
    }

    /// The shell's measurement when it is a usable length (a broken one would stall or
    /// overflow the schedule), else the estimate.
    private func secondsToSay(_ text: String) -> Double {
        guard let measured = speechSeconds[text], measured > 0, measured <= PromptSequenceReader.longestPhaseSeconds else {
            return PromptSpeechEstimate.seconds(for: text)
        }
        return measured
    }

    /// Seconds as a span of the block's clock, to the nanosecond.
    static func span(_ seconds: Double) -> ScenarioTime { ScenarioTime(nanoseconds: Int64((seconds * 1e9).rounded())) }

    private func endPhase(_ run: PhaseRun, at time: ScenarioTime, frame: ScenarioTime, detail: String = "") {
        log(row(of: run, .phaseEnd, at: time, frame: frame, detail: detail))
        if run.phase + 1 < sequence.phases.count {
            startPhase(run.phase + 1, ofTrial: run.trial, at: time, frame: frame)
            return
        }
        trialsCompleted += 1
        if trialsCompleted == trialOrder.count {
            finish(.completed, at: time, frame: frame)
        } else if sequence.pauseEvery > 0 && trialsCompleted % sequence.pauseEvery == 0 {
            log(PromptsRow(event: .pause, time: time, frame: frame, isShownAtFrame: true, marker: PromptsMarker.pauseName,
                           detail: "after trial \(trialsCompleted) of \(trialOrder.count)"))
            outputs.append(.marker(PromptsMarker(name: PromptsMarker.pauseName, time: frame, isShownAtFrame: true)))
            screen = .pause
        } else {
            startPhase(0, ofTrial: trialsCompleted, at: time, frame: frame)
        }
    }

    private func finish(_ outcome: Outcome, at time: ScenarioTime, frame: ScenarioTime) {
        log(PromptsRow(event: .finished, time: time, frame: frame, marker: PromptsMarker.finishedName, detail: outcome.rawValue))
        outputs.append(.marker(PromptsMarker(name: PromptsMarker.finishedName, time: time, isShownAtFrame: false)))
        self.outcome = outcome
        help = nil
        screen = .finished
    }

    /// Moves past the waiting screen on show, if it is one; `how` goes in the log.
    func proceed(at time: ScenarioTime, how: String) {
        guard help == nil else { return }
        switch screen {
        case .preparation(let index):
            log(PromptsRow(event: .continue, time: time, frame: time, detail: how))
            if index + 1 < sequence.preparation.count { showPreparation(index + 1, at: time) } else { startTrials(at: time, frame: time) }
        case .pause:
            log(PromptsRow(event: .continue, time: time, frame: time, detail: how))
            startPhase(0, ofTrial: trialsCompleted, at: time, frame: time)
        case .phase(let run) where run.end == nil:
            log(row(of: run, .continue, at: time, frame: time, detail: how))
            endPhase(run, at: time, frame: time, detail: "continue")
        case .notStarted, .phase, .finished:
            break
        }
    }

    /// Ends the block at a pause screen, the participant's choice.
    func stop(at time: ScenarioTime, how: String) {
        guard help == nil, case .pause = screen else { return }
        log(PromptsRow(event: .stop, time: time, frame: time, detail: how))
        finish(.stopped, at: time, frame: time)
    }

    func openHelp(at time: ScenarioTime, how: String) {
        guard help == nil, !sequence.help.isEmpty, isWaitingScreen else { return }
        help = HelpOverlay()
        log(PromptsRow(event: .helpOpen, time: time, frame: time, isShownAtFrame: true, detail: how))
    }

    func showAnswer(_ index: Int, at time: ScenarioTime, how: String) {
        guard help != nil, sequence.help.indices.contains(index) else { return }
        help?.answer = index
        log(PromptsRow(event: .helpAnswer, time: time, frame: time, isShownAtFrame: true, text: sequence.help[index].question,
                       detail: "\(index + 1) (\(how))"))
    }

    func closeHelp(at time: ScenarioTime, how: String) {
        guard help != nil else { return }
        help = nil
        log(PromptsRow(event: .helpClose, time: time, frame: time, isShownAtFrame: true, detail: how))
    }

    // MARK: - Input

    private func handle(_ input: InputEvent, frame: ScenarioTime) {
        switch input.payload {
        case .quitRequested:
            quit(at: frame)
        case .keyRelease(let key):
            keyReleased(key, at: frame)
        case .joystickButton(let name, pressed: true):
            if help != nil { closeHelp(at: frame, how: "joystick \(name)") } else { proceed(at: frame, how: "joystick \(name)") }
        case .pointerUp(let point, _):
            guard let button = buttons.first(where: { $0.box.contains(x: point.x, y: point.y) }) else { return }
            press(button.role, at: frame)
        default:
            break
        }
    }

    private func keyReleased(_ key: String, at time: ScenarioTime) {
        let how = "key \(key)"
        if help != nil {
            switch key {
            case "H", "ESCAPE", "SPACE", "ENTER", "NUM_ENTER": closeHelp(at: time, how: how)
            default: if let number = Self.digit(key) { showAnswer(number - 1, at: time, how: how) }
            }
            return
        }
        switch key {
        case "SPACE", "ENTER", "NUM_ENTER": proceed(at: time, how: how)
        case "ESCAPE": stop(at: time, how: how)
        case "H": openHelp(at: time, how: how)
        default: break
        }
    }

    /// 1...9 from the digit keys of the main keyboard and the keypad.
    private static func digit(_ key: String) -> Int? {
        for prefix in ["_", "NUM_"] where key.hasPrefix(prefix) {
            if let number = Int(key.dropFirst(prefix.count)), (1...9).contains(number) { return number }
        }
        return nil
    }

    private func press(_ role: PromptsButton.Role, at time: ScenarioTime) {
        switch role {
        case .continue: proceed(at: time, how: "tap")
        case .stop: stop(at: time, how: "tap")
        case .help: openHelp(at: time, how: "tap")
        case .close: closeHelp(at: time, how: "tap")
        case .question(let index): showAnswer(index, at: time, how: "tap")
        }
    }
}
