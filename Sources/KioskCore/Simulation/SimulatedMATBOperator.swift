/// A simulated MATB operator (docs/simulate.md): keeps the tracking cursor in its target with
/// the stick, as ``BehaviourModel/Tracking`` describes, through the same `joystickAxes` inputs
/// a joystick or the on-screen stick gives; answers system-monitoring failures with their keys
/// as ``BehaviourModel/Monitoring`` describes; and answers a questionnaire's pages (NASA-TLX,
/// any genericscales) by tapping each slider where ``BehaviourModel/Questionnaire`` draws its
/// answer, then Space; and keeps tanks A and B at their targets by switching pumps with their
/// keys (``BehaviourModel/ResourceManagement``); and answers radio prompts for its own
/// callsign (``SimulatedRadioAnswer``); and asks an adaptive rule for help when the tracking
/// cursor stays out of its target (``BehaviourModel/HelpRequests``); and reads each instruction slide for a time drawn from
/// ``BehaviourModel/Screens`` before pressing Space. A questionnaire's answers follow the
/// workload the participant had, as far as the model ties them (``ExperiencedWorkload``).
final class SimulatedMATBOperator: SimulatedParticipant {
    private let block: MATBBlock
    private let tracking: BehaviourModel.Tracking
    private let questionnaire: BehaviourModel.Questionnaire
    private let monitoring: BehaviourModel.Monitoring
    private let resources: BehaviourModel.ResourceManagement
    private let communications: BehaviourModel.Communications
    private let help: BehaviourModel.HelpRequests
    /// The looks at the tracking cursor within the help window: when, and whether it was in its target.
    private var looksAtCursor: [(time: MonotonicTime, inTarget: Bool)] = []
    private var firstLookAtCursor: MonotonicTime?
    /// When the operator last asked for help (or for its release).
    private var helpAskedAt: MonotonicTime?
    /// Help requests draw from a stream of their own, so that a model that never asks leaves the
    /// other draws as they are.
    private var helpGenerator: SplitMix64
    /// The time from deciding to ask to the key or the tap.
    static let askingTime = ExGaussian(muMs: 800, sigmaMs: 200, tauMs: 300)
    private let reading: ExGaussian
    /// The workload of the MATB block before this one, for a questionnaire in a block that
    /// measures none itself.
    private let workloadBefore: Double?
    /// Reading times come from a stream of their own, so that reading instructions first leaves
    /// the task draws (tracking, monitoring, radio) as they are without them.
    private var readingGenerator: SplitMix64
    /// The prompt being answered, if one is.
    private var radioAnswer: SimulatedRadioAnswer?
    /// The prompts (radio and frequency asked for) seen waiting, each answered once.
    private var promptsSeen = Set<String>()
    private var nextTanksLookAt: MonotonicTime?
    private var generator: SplitMix64
    private var pending = PendingInputs()
    private var nextLookAt: MonotonicTime?
    /// The questionnaire page last answered (by its number), each answered once.
    private var answeredPage: Int?
    /// The time from one pump's key to the next. Drawn, as a hand's is: a fixed step would put
    /// presses a few nanoseconds from task updates on the frames' grid, where the log's
    /// microseconds cannot tell which came first and verify would order them otherwise.
    static let keyToKey = ExGaussian(muMs: 300, sigmaMs: 60, tauMs: 100)
    /// The system-monitoring gauges seen failing, each decided on once per failure.
    private var failuresSeen = Set<String>()

    init(block: MATBBlock, model: BehaviourModel, seed: UInt64, workloadBefore: Double? = nil) {
        self.block = block
        self.workloadBefore = workloadBefore
        reading = model.screens.reading
        readingGenerator = SplitMix64(seed: SimulatedVisit.seed(seed, "reading"))
        tracking = model.tracking
        questionnaire = model.questionnaire
        monitoring = model.monitoring
        resources = model.resources
        communications = model.communications
        help = model.helpRequests
        helpGenerator = SplitMix64(seed: SimulatedVisit.seed(seed, "help"))
        generator = SplitMix64(seed: seed)
    }

    /// A questionnaire or instruction slides on screen are answered here; every other screen
    /// that waits (a dialog, the LSL notice) is moved past.
    var answersWaitingScreens: Bool { scales != nil || showsInstructions }

    func inputs(lookingAt time: MonotonicTime, dueBy due: MonotonicTime) -> [InputEvent] {
        if let (task, host) = scales, pending.isSettled(at: time) {
            answer(task, showsValue: host.parameters.bool("showvalue"), at: time)
        } else if showsInstructions {
            // Pending inputs the block has not seen yet may be the Space that turns this slide.
            if pending.isSettled(at: time) {
                let moment = time.adding(milliseconds: reading.drawMilliseconds(&readingGenerator))
                pending.add(InputEvent(time: moment, .keyPress("SPACE")))
                pending.add(InputEvent(time: moment.adding(milliseconds: 90), .keyRelease("SPACE")))
            }
        } else {
            watchSystemMonitoring(at: time)
            answerRadioPrompts(at: time)
            if resources.keepsTargets, nextTanksLookAt.map({ time >= $0 }) ?? true {
                nextTanksLookAt = time.adding(milliseconds: resources.intervalMs)
                manageResources(at: time)
            }
            if nextLookAt.map({ time >= $0 }) ?? true {
                // The next look is due an interval after this one was: counted from the frame
                // that took it, looks would come a frame late each time (every 7 frames at 60 Hz
                // for 100 ms), and the operator would look less often than the model says.
                let due = nextLookAt.map { $0.adding(milliseconds: tracking.intervalMs) }
                nextLookAt = due.flatMap { $0 > time ? $0 : nil } ?? time.adding(milliseconds: tracking.intervalMs)
                look(at: time)
            }
        }
        return pending.take(through: due, lookingAt: time)
    }

    /// Decides on each failure as it appears: noticed, its key pressed a response time later;
    /// or missed.
    private func watchSystemMonitoring(at time: MonotonicTime) {
        guard block.isClockRunning, let host = block.hosts.first(where: { $0.plugin is SysmonTask }), host.isAlive, !host.isPaused,
              let sysmon = host.plugin as? SysmonTask else { return }
        let failing = sysmon.failingGauges(host.parameters)
        failuresSeen.formIntersection(failing.map(\.gauge))
        for (gauge, key) in failing where failuresSeen.insert(gauge).inserted {
            let milliseconds = monitoring.responseTime.drawMilliseconds(&generator)
            guard generator.nextUnit() < monitoring.detection else { continue }
            let pressed = time.adding(milliseconds: milliseconds)
            pending.add(InputEvent(time: pressed, .keyPress(key)))
            pending.add(InputEvent(time: pressed.adding(milliseconds: 90), .keyRelease(key)))
        }
    }

    /// Answers the radio prompts for the own callsign, one at a time, in the order their
    /// prompts ended.
    private func answerRadioPrompts(at time: MonotonicTime) {
        guard block.isClockRunning, let host = block.hosts.first(where: { $0.plugin is CommunicationsTask }), host.isAlive, !host.isPaused,
              let task = host.plugin as? CommunicationsTask else { return }
        let radios = task.shownRadios
        let waiting = radios.filter { $0.targetMHz != nil && !$0.isPrompting }
        let prompts = waiting.map { "\($0.name) \(SimulatedRadioAnswer.tenths($0.targetMHz ?? 0))" }
        promptsSeen.formIntersection(prompts)
        if radioAnswer?.isDone ?? true, let index = prompts.firstIndex(where: { !promptsSeen.contains($0) }) {
            promptsSeen.insert(prompts[index])
            radioAnswer = SimulatedRadioAnswer(radio: waiting[index], model: communications, noticedAt: time, generator: &generator)
        }
        for input in radioAnswer?.act(at: time, radios: radios, parameters: CommunicationsParameters(host.parameters), generator: &generator) ?? [] {
            pending.add(input)
        }
    }

    /// Whether an instruction slide waits for the participant, with no dialog over it.
    private var showsInstructions: Bool {
        block.dialog == nil && block.hosts.contains { $0.isBlockingNow && $0.plugin is InstructionsTask }
    }

    /// The questionnaire running, if one is.
    private var scales: (GenericScalesTask, TaskHost)? {
        for host in block.hosts where host.isAlive {
            if let task = host.plugin as? GenericScalesTask, task.pageGrooves(showsValue: false) != nil { return (task, host) }
        }
        return nil
    }

    /// Answers the page on screen, unless it was answered: a tap on each slider, then Space.
    private func answer(_ task: GenericScalesTask, showsValue: Bool, at time: MonotonicTime) {
        guard let (page, grooves) = task.pageGrooves(showsValue: showsValue), page != answeredPage else { return }
        answeredPage = page
        let mean = questionnaire.answerMean(afterWorkload: ExperiencedWorkload.measured(in: block) ?? workloadBefore)
        var moment = time
        for groove in grooves {
            moment = moment.adding(milliseconds: questionnaire.actionTime.drawMilliseconds(&generator))
            let drawn = mean + questionnaire.answerStandardDeviation * ExGaussian.standardNormal(&generator)
            let point = Point(groove.left + groove.width * min(1, max(0, drawn)), groove.centerY).asPointerReportsIt
            pending.add(InputEvent(time: moment, .pointerDown(point, .finger(0))))
            pending.add(InputEvent(time: moment.adding(milliseconds: 80), .pointerUp(point, .finger(0))))
        }
        moment = moment.adding(milliseconds: questionnaire.actionTime.drawMilliseconds(&generator))
        pending.add(InputEvent(time: moment, .keyPress("SPACE")))
        pending.add(InputEvent(time: moment.adding(milliseconds: 80), .keyRelease("SPACE")))
    }

    /// Switches pumps by their keys toward the targets; a failed pump is left alone. A pump
    /// that fills tank A or B from C, D, E or F is on when the tank is below its target and
    /// off above it; one between A and B is on while its source is above its target and the
    /// other below, off otherwise; one that refills C or D from E or F is on when the tank is
    /// below half full and off once it is nine tenths full, so that C and D have fluid to give.
    private func manageResources(at time: MonotonicTime) {
        guard block.isClockRunning, let host = block.hosts.first(where: { $0.plugin is ResmanTask }), host.isAlive, !host.isPaused,
              let resman = host.plugin as? ResmanTask, let shown = resman.shownPumpsAndLevels(host.parameters) else { return }
        let tanks = ResmanParameters(host.parameters).tanks
        var moment = time
        for (index, pipe) in ResmanTopology.pumps.enumerated() where shown.pumps[index] != .failure {
            let level = shown.levels[pipe.to.rawValue]
            let wanted: PumpState?
            switch (pipe.from, pipe.to) {
            case (.a, .b), (.b, .a):
                guard let sourceTarget = tanks[pipe.from.rawValue].target, let target = tanks[pipe.to.rawValue].target else { continue }
                wanted = shown.levels[pipe.from.rawValue] > sourceTarget && level < target ? .on : .off
            case (_, .a), (_, .b):
                guard let target = tanks[pipe.to.rawValue].target else { continue }
                wanted = level < target ? .on : level > target ? .off : nil
            default:
                let capacity = tanks[pipe.to.rawValue].max
                guard capacity > 0 else { continue }
                wanted = level * 2 < capacity ? .on : level * 10 >= capacity * 9 ? .off : nil
            }
            guard let wanted, wanted != shown.pumps[index] else { continue }
            moment = moment.adding(milliseconds: Self.keyToKey.drawMilliseconds(&generator))
            pending.add(InputEvent(time: moment, .keyPress(shown.keys[index])))
            pending.add(InputEvent(time: moment.adding(milliseconds: 90), .keyRelease(shown.keys[index])))
        }
    }

    /// Looks at the tracking cursor and decides the stick's next position.
    private func look(at time: MonotonicTime) {
        guard block.isClockRunning, let host = block.hosts.first(where: { $0.plugin is TrackTask }), host.isAlive, !host.isPaused,
              let track = host.plugin as? TrackTask, let cursor = track.shownCursorInHalfSides else { return }
        // The stick moves the cursor along x, and against it along y (TrackDynamics.step); inverted, the other way.
        let invert = TrackParameters(host.parameters).inverseAxis ? -1.0 : 1.0
        let x = -tracking.gain * cursor.x * invert + tracking.noise * ExGaussian.standardNormal(&generator)
        let y = tracking.gain * cursor.y * invert + tracking.noise * ExGaussian.standardNormal(&generator)
        // Clipped and rounded to the log's precision, as a joystick's axes are, so that verify
        // and replay feed the task exactly what this run fed it.
        let axes = InputEvent.Payload.joystickAxes(x: StickResponse.quantized(x), y: StickResponse.quantized(y))
        pending.add(InputEvent(time: time.adding(milliseconds: tracking.delayMs), axes))
        if let inTarget = track.shownCursorInTarget { considerAskingForHelp(cursorInTarget: inTarget, at: time) }
    }

    /// Asks the block's first rule a participant asks (a key or a button, docs/adaptive.md) for
    /// help once the share of the window's looks with the cursor out of its target rises above
    /// the model's `above`, and asks again (releasing it) once the share falls below `below`. It
    /// judges only over a whole window of looks, and not again within a window of asking.
    private func considerAskingForHelp(cursorInTarget: Bool, at time: MonotonicTime) {
        guard let above = help.above, let adaptive = block.adaptive,
              let index = adaptive.rules.rules.firstIndex(where: { rule in
                  switch rule.trigger {
                  case .request, .button: true
                  case .metric, .stream: false
                  }
              }) else { return }
        let window = Int64((help.windowMs * 1e6).rounded())
        firstLookAtCursor = firstLookAtCursor ?? time
        looksAtCursor.append((time, cursorInTarget))
        looksAtCursor.removeAll { time.since($0.time) > window }
        guard let first = firstLookAtCursor, time.since(first) >= window, helpAskedAt.map({ time.since($0) >= window }) ?? true else { return }
        let outside = Double(looksAtCursor.filter { !$0.inTarget }.count) / Double(looksAtCursor.count)
        guard adaptive.isEngaged(index) ? outside < help.below : outside > above else { return }
        helpAskedAt = time
        let moment = time.adding(milliseconds: Self.askingTime.drawMilliseconds(&helpGenerator))
        let rule = adaptive.rules.rules[index]
        switch rule.trigger {
        case .request(let key) where key.hasPrefix(KeyNames.joystickButtonPrefix):
            pending.add(InputEvent(time: moment, .joystickButton(key, pressed: true)))
            pending.add(InputEvent(time: moment.adding(milliseconds: 90), .joystickButton(key, pressed: false)))
        case .request(let key):
            pending.add(InputEvent(time: moment, .keyPress(key)))
            pending.add(InputEvent(time: moment.adding(milliseconds: 90), .keyRelease(key)))
        case .button:
            guard let frame = block.adaptiveButtons.first(where: { $0.rule == rule.name })?.frame else { return }
            let point = Point(frame.left + frame.width / 2, frame.bottom + frame.height / 2).asPointerReportsIt
            pending.add(InputEvent(time: moment, .pointerDown(point, .finger(0))))
            pending.add(InputEvent(time: moment.adding(milliseconds: 80), .pointerUp(point, .finger(0))))
        case .metric, .stream:
            return
        }
    }
}
