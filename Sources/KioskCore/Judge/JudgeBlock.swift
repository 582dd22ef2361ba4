/// An image-judgement block (docs/judge.md): instructions, practice trials, then the counted
/// trials with breaks between blocks of them. Each trial shows a fixation cross, the image,
/// takes one answer by key, joystick button or a tap on its button, gives feedback and waits
/// the inter-trial interval.
///
/// Response times run from the image's onset to the input's own time (an evdev event's
/// kernel time). In a window the onset is when the frame that first showed the image reached
/// the screen, which the host reports through ``frameShown(at:)`` before the next frame's
/// inputs are handled; headless, it is that frame's time.
public final class JudgeBlock: OnsetReporting {
    public let canvas: Canvas
    public let configuration: JudgeConfiguration
    /// The seed of the trial order and the interval jitter, logged with the block.
    public let seed: UInt64
    /// The lab's columns the log carries, the main list's first.
    public let extraColumns: [String]
    let imageSizes: [String: (width: Int, height: Int)]
    let practiceTrials: [Scheduled]
    let countedTrials: [Scheduled]
    private var jitter: SplitMix64
    var stage = Stage.instructions
    private var rows: [JudgeTrialRow] = []
    private var outputs: [JudgeTrialRow] = []
    /// A trial that has ended, logged once its feedback is over: by then the frame that took
    /// its image away has been stamped and its interval drawn.
    var ended: JudgeTrialRow?
    private var firstFrame: MonotonicTime?
    private var now = MonotonicTime(nanoseconds: 0)
    var score = 0
    var current: Running?
    /// The next trial: an index into practice, then counted trials.
    private var nextIndex = 0
    /// Whether the last drawn frame first showed the current image, or first took it away.
    private var onsetUnstamped = false
    private var removalUnstamped = false
    private var drawnOnsets = DrawnOnsetBuffer()
    var pressedButton: Int?

    /// A trial of a list, with the list's own columns in the log's order.
    struct Scheduled {
        var trial: JudgeTrialList.Trial
        var extras: [String]
        var practice: Bool
    }

    /// The trial on screen.
    struct Running {
        var scheduled: Scheduled
        var number: Int
        var block: Int
        var fixationStart: MonotonicTime
        var onset: MonotonicTime?
        /// The earliest refresh that may have shown the image, when that is uncertain.
        var onsetEarliestPossible: MonotonicTime?
        var removal: MonotonicTime?
        var earlyResponses = 0
        var interval: Double = 0
    }

    enum Stage: Equatable {
        case instructions
        case fixation(until: MonotonicTime)
        /// The image, or the blank that follows a fixed-length image while answers still count.
        case responding
        case feedback(Feedback, until: MonotonicTime)
        case interval(until: MonotonicTime)
        case practiceOver
        case rest(afterBlock: Int)
        case done
        case finished
    }

    enum Feedback: Equatable {
        case correct, wrong, tooSlow
    }

    /// - Parameters:
    ///   - practice: the practice list, if the configuration names one.
    ///   - imageSizes: every image's size in pixels, by the path its list gives.
    ///   - seed: orders the shuffled lists (practice with `seed + 1`) and draws the jitter.
    public init(configuration: JudgeConfiguration, trials: JudgeTrialList, practice: JudgeTrialList?,
                imageSizes: [String: (width: Int, height: Int)], canvas: Canvas, seed: UInt64) {
        self.configuration = configuration
        self.canvas = canvas
        self.seed = seed
        self.imageSizes = imageSizes
        var columns = trials.extraColumns
        for column in practice?.extraColumns ?? [] where !columns.contains(column) { columns.append(column) }
        extraColumns = columns
        func scheduled(_ list: JudgeTrialList, practice: Bool, seed: UInt64) -> [Scheduled] {
            let order = configuration.order == .shuffle ? PlanOrder.shuffled(list.trials.count, seed: seed) : Array(list.trials.indices)
            return order.map { index in
                let trial = list.trials[index]
                let extras = columns.map { column in list.extraColumns.firstIndex(of: column).map { trial.extras[$0] } ?? "" }
                return Scheduled(trial: trial, extras: extras, practice: practice)
            }
        }
        countedTrials = scheduled(trials, practice: false, seed: seed)
        practiceTrials = practice.map { scheduled($0, practice: true, seed: seed &+ 1) } ?? []
        jitter = SplitMix64(seed: seed ^ 0x6a75_6467_6521)
    }

    /// Every trial logged so far.
    public var trialRows: [JudgeTrialRow] { rows }

    /// The trials ended since the last call, for the log.
    public func takeOutputs() -> [JudgeTrialRow] {
        defer { outputs.removeAll(keepingCapacity: true) }
        return outputs
    }

    /// The counted trials summed up per condition.
    public var summary: JudgeSummary {
        let conditionIndex = configuration.conditionColumn.flatMap { extraColumns.firstIndex(of: $0) }
        return JudgeSummary(rows: rows, goNoGo: configuration.paradigm == .goNoGo) { row in
            conditionIndex.map { row.extras[$0] } ?? row.expected
        }
    }

    /// Figures for the session catalogue: trials, accuracy, median response time, d′.
    /// Every figure ``summaryFigures`` may report, in its order.
    public static let figureNames = ["trials", "accuracy", "median RT ms", "d′", "points"]

    public var summaryFigures: [(name: String, value: String)] {
        guard let all = summary.groups.first else { return [] }
        var figures = [("trials", String(all.trials)), ("accuracy", TabSeparated.decimal(all.accuracy, places: 3)),
                       ("median RT ms", TabSeparated.decimal(all.medianMilliseconds, places: 1))]
        if let dPrime = all.dPrime { figures.append(("d′", TabSeparated.decimal(dPrime, places: 2))) }
        if configuration.scoresPoints { figures.append(("points", String(score))) }
        return figures.filter { !$0.1.isEmpty }
    }

    // MARK: - Block

    public func begin(at time: MonotonicTime) {
        firstFrame = time
        now = time
    }

    public func advance(to time: MonotonicTime, inputs: [InputEvent]) {
        now = time
        logEndedTrial()
        for input in inputs {
            handle(input, frame: time)
            if isFinished { return }
        }
        moveOn(at: time)
    }

    /// The frame last drawn reached the screen at `time`, or perhaps as early as
    /// `earliestPossible` (``PresentationRecord/earliestPossibleTime``): it stamps the image's
    /// onset, or its removal, when that frame first showed or took away the image.
    public func frameShown(at time: MonotonicTime, earliestPossible: MonotonicTime? = nil) {
        if onsetUnstamped, current != nil {
            current?.onset = time
            current?.onsetEarliestPossible = earliestPossible
            onsetUnstamped = false
        }
        if removalUnstamped, current?.removal != nil {
            current?.removal = time
            removalUnstamped = false
        }
    }

    public func takeDrawnOnsets() -> [DrawnOnset] { drawnOnsets.take() }

    /// Notes a change to the current image in the frame about to be drawn.
    private func noteDrawn(_ kind: String) {
        guard let running = current else { return }
        drawnOnsets.note(kind: kind, label: "trial \(running.number)\(running.scheduled.practice ? " (practice)" : ""): \(running.scheduled.trial.image)")
    }

    /// Whether the current image's onset is the frame's that showed it, or still the time it
    /// was drawn (a window has not yet said when that frame reached the screen; headless, it never does).
    var isOnsetAwaitingPresentation: Bool { onsetUnstamped }

    public var isClockRunning: Bool { !isFinished }
    public var isWaitingForParticipant: Bool {
        switch stage {
        case .instructions, .practiceOver, .rest, .done: true
        default: false
        }
    }
    public var wantsPointer: Bool { !isFinished }
    public var isFinished: Bool { stage == .finished }
    public var elapsedSeconds: Double { firstFrame.map { Double(now.since($0)) / 1e9 } ?? 0 }

    public func dismissWaitingScreen(at time: MonotonicTime) {
        if isWaitingForParticipant { proceed(at: time) }
    }

    public func report(_ message: String, fatal: Bool, at time: MonotonicTime) {
        if fatal { end(at: time) }
    }

    /// Ends the block now: a trial on screen is not logged (it has no outcome); every trial
    /// that ended is.
    public func end(at time: MonotonicTime) {
        stage = .finished
        logEndedTrial()
        current = nil
    }

    // MARK: - Flow

    private var allTrials: Int { practiceTrials.count + countedTrials.count }

    /// Leaves a screen that waits for the participant.
    private func proceed(at time: MonotonicTime) {
        switch stage {
        case .instructions, .practiceOver, .rest: startTrial(at: time)
        case .done: stage = .finished
        default: break
        }
    }

    private func startTrial(at time: MonotonicTime) {
        guard nextIndex < allTrials else {
            stage = .done
            return
        }
        let isPractice = nextIndex < practiceTrials.count
        let scheduled = isPractice ? practiceTrials[nextIndex] : countedTrials[nextIndex - practiceTrials.count]
        let number = isPractice ? nextIndex + 1 : nextIndex - practiceTrials.count + 1
        let block = isPractice ? 0 : (configuration.trialsPerBlock > 0 ? (number - 1) / configuration.trialsPerBlock + 1 : 1)
        nextIndex += 1
        current = Running(scheduled: scheduled, number: number, block: block, fixationStart: time)
        if configuration.fixationSeconds > 0 {
            stage = .fixation(until: time.adding(seconds: configuration.fixationSeconds))
        } else {
            showImage(at: time)
        }
    }

    private func showImage(at time: MonotonicTime) {
        current?.onset = time
        onsetUnstamped = true
        stage = .responding
        noteDrawn("image on")
    }

    /// Runs the timed stages due by `time`.
    private func moveOn(at time: MonotonicTime) {
        switch stage {
        case .fixation(let until) where time >= until:
            showImage(at: time)
        case .responding:
            guard let onset = current?.onset else { return }
            if configuration.imageSeconds > 0, current?.removal == nil, time >= onset.adding(seconds: configuration.imageSeconds) {
                current?.removal = time
                removalUnstamped = true
                noteDrawn("image off")
            }
            if time >= onset.adding(seconds: configuration.responseSeconds) { conclude(answer: nil, at: time) }
        case .feedback(_, let until) where time >= until:
            enterInterval(at: time)
        case .interval(let until) where time >= until && ended == nil:
            // Not before the last trial is logged, which needs the frame after its end.
            afterInterval(at: time)
        default:
            break
        }
    }

    private func enterInterval(at time: MonotonicTime) {
        let seconds = configuration.intervalSeconds + configuration.intervalJitterSeconds * jitter.nextUnit()
        current?.interval = seconds
        ended?.intervalMilliseconds = seconds * 1000
        stage = .interval(until: time.adding(seconds: seconds))
    }

    private func afterInterval(at time: MonotonicTime) {
        guard let running = current else { return }
        current = nil
        let isLastPractice = running.scheduled.practice && nextIndex == practiceTrials.count
        let counted = nextIndex - practiceTrials.count
        if nextIndex >= allTrials {
            stage = .done
        } else if isLastPractice {
            stage = .practiceOver
        } else if !running.scheduled.practice, configuration.trialsPerBlock > 0, counted % configuration.trialsPerBlock == 0 {
            stage = .rest(afterBlock: running.block)
        } else {
            startTrial(at: time)
        }
    }

    /// The answer given (or none when the window ended): the trial's row and its feedback.
    private func conclude(answer: (response: String, input: String, time: MonotonicTime)?, at time: MonotonicTime) {
        guard var running = current, let onset = running.onset else { return }
        if running.removal == nil {
            running.removal = time
            removalUnstamped = true
            current = running
            noteDrawn("image off")
        }
        current = running
        let expected = running.scheduled.trial.expected
        let correct: Bool
        switch configuration.paradigm {
        case .choice: correct = answer?.response == expected
        case .goNoGo: correct = (answer != nil) == (expected == "go")
        }
        let points = configuration.scoresPoints ? (correct ? configuration.pointsCorrect : configuration.pointsWrong) : 0
        if !running.scheduled.practice { score += points }
        let row = JudgeTrialRow(
            trial: running.number, practice: running.scheduled.practice, block: running.block,
            listLine: running.scheduled.trial.line, image: running.scheduled.trial.image, extras: running.scheduled.extras,
            expected: expected, response: answer?.response ?? "", input: answer?.input ?? "", correct: correct,
            responseMilliseconds: answer.map { Double($0.time.since(onset)) / 1e6 }, timedOut: answer == nil,
            earlyResponses: running.earlyResponses, onsetSeconds: Double(onset.since(firstFrame ?? onset)) / 1e9,
            onsetEarliestSeconds: running.onsetEarliestPossible.map { Double($0.since(firstFrame ?? onset)) / 1e9 },
            shownMilliseconds: 0, fixationMilliseconds: Double(onset.since(running.fixationStart)) / 1e6,
            intervalMilliseconds: 0, points: points, score: running.scheduled.practice ? 0 : score)
        ended = row
        if configuration.feedback {
            let shown: Feedback = correct ? .correct : (answer == nil ? .tooSlow : .wrong)
            stage = .feedback(shown, until: time.adding(seconds: configuration.feedbackSeconds))
        } else {
            enterInterval(at: time)
        }
    }

    /// Logs the trial that ended once its feedback is over.
    private func logEndedTrial() {
        guard var row = ended else { return }
        if case .feedback = stage { return }
        ended = nil
        if let onset = current?.onset, let removal = current?.removal { row.shownMilliseconds = Double(removal.since(onset)) / 1e6 }
        rows.append(row)
        outputs.append(row)
    }

    // MARK: - Input

    private func handle(_ input: InputEvent, frame: MonotonicTime) {
        switch input.payload {
        case .quitRequested:
            end(at: frame)
        case .keyPress(let name):
            if let index = configuration.responses.firstIndex(where: { $0.key == name }) {
                respond(index, input: name, at: input.time, frame: frame)
            }
        case .keyRelease("SPACE"), .keyRelease("ENTER"), .keyRelease("NUM_ENTER"):
            if isWaitingForParticipant { proceed(at: frame) }
        case .joystickButton(let name, pressed: true):
            if isWaitingForParticipant {
                proceed(at: frame)
            } else if let index = configuration.responses.firstIndex(where: { $0.joystickButton.map { KeyNames.joystickButtonPrefix + String($0) } == name }) {
                respond(index, input: name, at: input.time, frame: frame)
            }
        case .pointerDown(let point, let pointer):
            if let index = responseButtons.firstIndex(where: { $0.contains(x: point.x, y: point.y) }), isTrialRunning {
                pressedButton = index
                respond(index, input: Self.inputName(pointer), at: input.time, frame: frame)
            }
        case .pointerUp(let point, _):
            pressedButton = nil
            if isWaitingForParticipant, continueButton.contains(x: point.x, y: point.y) { proceed(at: frame) }
        default:
            break
        }
    }

    private static func inputName(_ pointer: InputEvent.Pointer) -> String {
        switch pointer.tool {
        case .mouse: "click"
        case .finger: "tap"
        case .pen, .eraser: "pen"
        }
    }

    var isTrialRunning: Bool { current != nil }

    /// An answer: it counts while the response window is open; before the image it is early.
    private func respond(_ index: Int, input: String, at time: MonotonicTime, frame: MonotonicTime) {
        guard var running = current else { return }
        switch stage {
        case .fixation:
            running.earlyResponses += 1
            current = running
        case .responding:
            guard let onset = running.onset else { return }
            if time < onset {
                running.earlyResponses += 1
                current = running
            } else if time.since(onset) <= Int64(configuration.responseSeconds * 1e9) {
                conclude(answer: (configuration.responses[index].answer, input, time), at: frame)
            }
        default:
            break
        }
    }
}

extension MonotonicTime {
    /// This reading moved on by `seconds`, to the nanosecond.
    func adding(seconds: Double) -> MonotonicTime {
        MonotonicTime(nanoseconds: nanoseconds + Int64((seconds * 1e9).rounded()))
    }
}
