/// One MATB session: the scenario clock, the event queue, every task, dialogs and the log
/// rows they produce. Deterministic: it never reads a clock; the shell hands it times.
public final class MATBBlock: Block {
    public let scenario: Scenario
    public let configuration: MATBConfiguration
    public internal(set) var hosts: [TaskHost]
    /// Scenario seconds per second of the clock `advance` is given: the configuration's
    /// speed, or 1 for a re-run that gives scenario times directly (``SessionReenactment``).
    var clockSpeed: Double
    /// The current scenario time; it stops while a dialog or blocking screen shows.
    public internal(set) var scenarioTime = ScenarioTime.zero
    public internal(set) var isFinished = false
    public internal(set) var dialog: ModalDialog?

    var pendingEvents: [ScenarioEvent]
    var nextEventIndex = 0
    /// OpenMATB's loop passes, for `--cadence openmatb`.
    var openMATBLoop: OpenMATBLoopClock
    var lastMonotonic: MonotonicTime?
    var records: [LogRecord] = []
    /// Tasks that a blocking screen paused and hid, restored when it ends (docs/openmatb-behaviour.md:
    /// Blocking screens).
    var tasksSuspendedByBlocking: [TaskHost] = []
    var isBlocked = false
    /// The stick position last logged and delivered to tasks.
    var joystickAxes = (x: 0.0, y: 0.0)
    /// Every performance value logged so far, for the performance bar (docs/openmatb-behaviour.md:
    /// Performance bar).
    var performanceHistory = PerformanceHistory()
    /// How many of `records` have been read into `performanceHistory`.
    var scannedRecordCount = 0
    /// What a corner patch last read (``takeDrawnOnsets()``): how many of `records`, and the
    /// system-monitoring failures on screen.
    var onsetReadRecordCount = 0
    var onsetReadFailures: [SysmonShownFailure] = []
    /// The scenario events whose change on screen a corner patch has not been told of yet.
    var shownEvents = ShownScenarioEvents()
    /// Each host's update period as last given to `performanceHistory`, so it is written
    /// only when it changes (a dictionary write per task per step cost more than the rows).
    var recordedUpdatePeriods: [(alias: String, nanoseconds: Int64)] = []
    /// Device actions produced since the shell last took them.
    var outputs: [DeviceOutput] = []
    /// Problems reported during the session, waiting for the warning or error dialog.
    var pendingProblems: [(message: String, fatal: Bool)] = []
    /// The stick position last reported by any stick, even while a dialog held it back.
    var heldJoystickAxes = (x: 0.0, y: 0.0)
    /// The on-screen stick, pointer rows and joystick hot-plug (docs/input.md).
    public internal(set) var inputRouter: InputRouter
    /// Adaptive automation's rules and state, when the session has rules (docs/adaptive.md).
    var adaptive: AdaptiveController?
    /// Stream samples taken after the time of the frame that received them, waiting for the
    /// frame that reaches their time.
    var heldStreamSamples: [InputEvent] = []
    /// The rules' on-screen buttons, placed once: the layout does not change.
    let adaptiveButtons: [AdaptiveButton]
    /// The last message an adaptive rule gave, and until when it shows.
    var adaptiveMessage: (text: String, until: ScenarioTime)?
    /// Keys and joystick buttons held down now: OpenMATB's window keyboard state, which tasks
    /// read for held-key behaviour (communications tuning).
    public internal(set) var heldKeys: Set<String> = []

    /// - Parameter makePlugin: The behaviour for each plugin the scenario uses; tests pass
    ///   their own, sessions use ``TaskTypes/make(_:includes:)``.
    public init(
        scenario: Scenario, configuration: MATBConfiguration, catalog: PluginCatalog = .openMATB,
        makePlugin: (PluginDescriptor, IncludeLibrary) -> TaskPlugin = TaskTypes.make
    ) {
        self.scenario = scenario
        self.configuration = configuration
        clockSpeed = configuration.speed
        openMATBLoop = OpenMATBLoopClock(runNumber: configuration.runNumber)
        inputRouter = InputRouter(stick: configuration.virtualJoystick)
        adaptive = configuration.adaptiveRules.map(AdaptiveController.init(rules:))
        adaptiveButtons = Self.adaptiveButtons(configuration.adaptiveRules, layout: configuration.layout)
        hosts = scenario.plugins.compactMap { alias in
            catalog.descriptor(for: alias).map { descriptor in
                TaskHost(descriptor: descriptor, plugin: makePlugin(descriptor, configuration.includes),
                         language: configuration.language, runNumber: configuration.runNumber,
                         voices: configuration.voices.timed(by: configuration.promptTiming))
            }
        }
        for host in hosts { host.plugin.scenarioDidLoad(scenario) }
        // Stable sort: events at the same time keep file order.
        pendingEvents = scenario.events.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
    }

    /// Whether scenario time is running: no dialog and no blocking screen.
    public var isClockRunning: Bool { dialog == nil && !isBlocked }

    /// Whether a blocking screen (instructions, questionnaire) is up.
    public var isShowingBlockingScreen: Bool { isBlocked }

    /// Whether a dialog or a blocking screen waits for the participant.
    public var isWaitingForParticipant: Bool { dialog != nil || isBlocked }

    /// MATB simulates and logs on OpenMATB's 1920×1080 layout, whatever the screen.
    public var canvas: Canvas { .openMATB }

    public var elapsedSeconds: Double { scenarioTime.seconds }

    /// Writes the opening rows; call once, before the first `advance`.
    public func begin(at logtime: MonotonicTime) {
        records.append(LogRecord(logtime: logtime, scenarioTime: nil, kind: .version, value: .string(configuration.version)))
        records.append(LogRecord(logtime: logtime, scenarioTime: nil, kind: .scenarioPath, value: .string(scenario.path)))
        records += configuration.logSettingsRecords(at: logtime)
        records += adaptiveRuleRecords(at: logtime)
        // OpenMATB builds every plugin while it reads the scenario (communications draws its
        // callsigns and frequencies then).
        for host in hosts { records += host.construct(logtime: logtime) }
        if configuration.displaySessionNumber {
            openDialog(.sessionIdentifier(configuration.runNumber, configuration.language), logtime: logtime)
        }
    }

    /// Hands over the sound commands the tasks issued since the last call, for the shell's
    /// audio output (which plays only while the scenario clock runs).
    public func takeSoundCommands() -> [SoundCommand] {
        hosts.flatMap { $0.takeSounds() }
    }

    /// Hands over the rows produced since the last call.
    public func takeRecords() -> [LogRecord] {
        absorbPerformance()
        let taken = records
        // Outputs not taken yet now come before every later row.
        for index in outputs.indices { outputs[index].recordIndex = max(0, outputs[index].recordIndex - taken.count) }
        // A fresh buffer the size of a usual frame's rows: the taken one is handed on, and
        // keeping its capacity would allocate as much as the largest frame ever logged.
        records = []
        records.reserveCapacity(Self.usualFrameRowCount)
        scannedRecordCount = 0
        onsetReadRecordCount = 0
        shownEvents.rowsTaken()
        return taken
    }

    /// Rows a frame usually logs (a headless hour of five tasks averages 4.4).
    private static let usualFrameRowCount = 16

    /// Hands over the device actions (LSL, parallel port) produced since the last call.
    /// Call it before ``takeRecords()``: each output's `recordIndex` counts the rows of the
    /// batch `takeRecords()` returns next.
    public func takeDeviceOutputs() -> [DeviceOutput] {
        drainOutputs()
        defer { outputs.removeAll(keepingCapacity: true) }
        return outputs
    }

    /// Whether the screen waits for a pointer: a dialog or a blocking screen with buttons or
    /// sliders shows (the shell shows the mouse cursor then).
    public var wantsPointer: Bool { dialog != nil || isBlocked }

    // MARK: Advancing

    /// Runs every event, input and task update due by `now`, in (time, kind, order) order:
    /// at one instant events run first, then inputs, then task updates. With OpenMATB's
    /// cadence, inputs and the passes of OpenMATB's loop (``runOpenMATBPass(at:logtime:)``),
    /// in time order, an input first at one instant.
    public func advance(to now: MonotonicTime, inputs: [InputEvent] = []) {
        var inputs = inputs
        if !heldStreamSamples.isEmpty {
            inputs = heldStreamSamples + inputs
            heldStreamSamples.removeAll()
        }
        // A stream sample the inlet read after the frame's time was set is in the frame's
        // future: it waits for the frame that reaches it, so it is routed when it was taken.
        if isClockRunning, inputs.contains(where: { Self.isStreamSample($0, takenAfter: now) }) {
            heldStreamSamples = inputs.filter { Self.isStreamSample($0, takenAfter: now) }
            inputs.removeAll { Self.isStreamSample($0, takenAfter: now) }
        }
        _ = advance(to: now, inputs: inputs, deferringInputs: nil)
    }

    private static func isStreamSample(_ input: InputEvent, takenAfter time: MonotonicTime) -> Bool {
        if case .streamSample = input.payload { input.time > time } else { false }
    }

    /// ``advance(to:inputs:)``, for a re-run that must know which frame each input came in.
    /// Before routing each input, `deferringInputs` is asked, with the number of rows written
    /// since ``takeRecords()`` and the input's index in `inputs`, whether it came in a later
    /// frame; if so, it and every input after it are left unrouted and the frame goes on
    /// without them.
    /// - Returns: the inputs left unrouted.
    func advance(to now: MonotonicTime, inputs: [InputEvent], deferringInputs: ((Int, Int) -> Bool)?) -> [InputEvent] {
        guard !isFinished else { return [] }
        let previous = lastMonotonic ?? now
        lastMonotonic = now
        openProblemDialog(logtime: now)
        let frameStart = scenarioTime
        let target = isClockRunning ? frameStart + scaled(now.since(previous)) : frameStart
        var queuedInputs = inputs.sorted { $0.time < $1.time }[...]
        var clockStopped = !isClockRunning
        var holdingInputs = false

        while !isFinished {
            let running = isClockRunning
            if !running { clockStopped = true }
            let fixed = configuration.cadence == .fixed
            // With OpenMATB's cadence, events run inside its loop's passes.
            let event = running && fixed && nextEventIndex < pendingEvents.count && pendingEvents[nextEventIndex].time <= target
                ? pendingEvents[nextEventIndex] : nil
            let input = holdingInputs ? nil : queuedInputs.first
            // An input acts at the microsecond its row will give: one a few nanoseconds from an
            // event or a task update is ordered with it as verify, re-running the log, orders it.
            let inputTime = input.map {
                running ? min(target, max(scenarioTime, (frameStart + scaled($0.time.since(previous))).roundedToLoggedMicrosecond)) : scenarioTime
            }
            let update = running && fixed ? earliestDueUpdate(by: target) : nil
            let pass = running && !fixed && openMATBLoop.next <= target ? openMATBLoop.next : nil
            // An evaluation of the adaptive rules comes after whatever else is due at its instant.
            let adaptation = running ? dueAdaptation(by: target) : nil

            if let adaptation, event.map({ adaptation < $0.time }) ?? true, inputTime.map({ adaptation < $0 }) ?? true,
               update.map({ adaptation < $0.time }) ?? true, pass.map({ adaptation < $0 }) ?? true {
                runAdaptation(at: adaptation, logtime: now)
            } else if let event, inputTime.map({ event.time <= $0 }) ?? true, update.map({ event.time <= $0.time }) ?? true {
                scenarioTime = max(scenarioTime, event.time)
                nextEventIndex += 1
                execute(event, logtime: now)
            } else if let input, let inputTime, update.map({ inputTime <= $0.time }) ?? true, pass.map({ inputTime <= $0 }) ?? true {
                if let deferringInputs, deferringInputs(records.count, inputs.count - queuedInputs.count) {
                    holdingInputs = true
                    continue
                }
                if running { scenarioTime = max(scenarioTime, inputTime) }
                queuedInputs.removeFirst()
                route(running ? stampedWhenTaken(input, at: frameStart + scaled(signed: input.time.since(previous))) : input)
            } else if let update {
                scenarioTime = max(scenarioTime, update.time)
                updateTask(update.host, at: update.time, cadenceBase: update.time, logtime: now)
            } else if let pass {
                runOpenMATBPass(at: pass, logtime: now)
            } else {
                break
            }
            drainOutputs()
            checkBlocking(logtime: now)
            checkEnd(logtime: now)
        }
        if !clockStopped && isClockRunning && !isFinished { scenarioTime = target }
        updateBlockingScreens(logtime: now)
        drainOutputs()
        checkEnd(logtime: now)
        return Array(queuedInputs)
    }

    /// One pass of OpenMATB's loop (``OpenMATBLoopClock``): every alive task is updated (a
    /// compute step when its deadline has come, which sets the next one `taskupdatetime` after
    /// this pass, and a refresh of its widgets), then the first due event runs, if any; what
    /// it was sets how long the pass lasts.
    func runOpenMATBPass(at time: ScenarioTime, logtime: MonotonicTime) {
        scenarioTime = max(scenarioTime, time)
        for host in hosts where host.isAlive {
            updateTask(host, at: scenarioTime, cadenceBase: scenarioTime, logtime: logtime)
        }
        var startedTask: String?
        if nextEventIndex < pendingEvents.count, pendingEvents[nextEventIndex].time <= scenarioTime {
            let event = pendingEvents[nextEventIndex]
            nextEventIndex += 1
            execute(event, logtime: logtime)
            if case .lifecycle(.start) = event.command { startedTask = event.plugin }
        }
        openMATBLoop.passNext(startedTask: startedTask)
    }

    /// One task update, with the performance values logged so far handed to it; its rows go
    /// straight into `records`.
    func updateTask(_ host: TaskHost, at time: ScenarioTime, cadenceBase: ScenarioTime, logtime: MonotonicTime) {
        withPerformance(host) { $0.update(at: time, cadenceBase: cadenceBase, logtime: logtime, heldKeys: heldKeys, appendingTo: &records) }
    }

    /// Runs `step` on `host`, with the performance values logged so far handed to it if it
    /// reads them.
    func withPerformance<Result>(_ host: TaskHost, _ step: (TaskHost) -> Result) -> Result {
        guard host.plugin.readsPerformance else { return step(host) }
        absorbPerformance()
        host.observedPerformance = performanceHistory
        // Let go of the copy at once, so the history's storage stays uniquely referenced
        // and the next rows append in place instead of copying the whole history.
        defer { host.observedPerformance = PerformanceHistory() }
        return step(host)
    }

    /// Reads the rows logged since the last call into the performance history.
    func absorbPerformance() {
        guard scannedRecordCount < records.count else { return }
        for index in scannedRecordCount..<records.count where records[index].kind == .performance {
            performanceHistory.record(records[index])
            adaptive?.record(records[index])
        }
        scannedRecordCount = records.count
        if recordedUpdatePeriods.count != hosts.count { recordedUpdatePeriods = Array(repeating: ("", -1), count: hosts.count) }
        for (index, host) in hosts.enumerated()
        where recordedUpdatePeriods[index].nanoseconds != host.updatePeriod.nanoseconds || recordedUpdatePeriods[index].alias != host.alias {
            recordedUpdatePeriods[index] = (host.alias, host.updatePeriod.nanoseconds)
            performanceHistory.updatePeriodMilliseconds[host.alias] = Double(host.updatePeriod.nanoseconds) / 1e6
        }
    }

    /// Collects the tasks' device actions, placed after the rows logged so far.
    func drainOutputs() {
        for host in hosts {
            for var output in host.plugin.takeOutputs() {
                output.recordIndex = records.count
                outputs.append(output)
            }
        }
    }

    func scaled(_ realNanoseconds: Int64) -> ScenarioTime {
        scaled(signed: max(0, realNanoseconds))
    }

    /// Scenario time for a real span, negative for one that ended before it began.
    func scaled(signed realNanoseconds: Int64) -> ScenarioTime {
        ScenarioTime(nanoseconds: Int64((Double(realNanoseconds) * clockSpeed).rounded()))
    }

    /// The task with the earliest work due by `target`: a compute step, or a refresh that an
    /// input, an event or the task itself asked for.
    func earliestDueUpdate(by target: ScenarioTime) -> (host: TaskHost, time: ScenarioTime)? {
        var best: (host: TaskHost, time: ScenarioTime)?
        for host in hosts where host.isAlive {
            guard let due = host.nextDue.map({ max($0, scenarioTime) }), due <= target else { continue }
            if best.map({ due < $0.time }) ?? true { best = (host, due) }
        }
        return best
    }

    // MARK: Ending

    /// Stops every running task (each with an event row), writes `manual,,,end` and finishes.
    public func end(at logtime: MonotonicTime) {
        guard !isFinished else { return }
        for host in hosts where host.isAlive {
            records += host.stop(at: scenarioTime, logtime: logtime)
            records.append(row(logtime, .event, host.alias, "self", .string("stop")))
        }
        drainOutputs()
        records.append(row(logtime, .manual, "", "", .string("end")))
        isFinished = true
    }

    /// The session ends when no task runs and no event remains, future ones included
    /// (OpenMATB looks only at events already due, docs/compatibility.md). A marker outlet
    /// left running after its slides (labstreaminglayer with no `stop`) does not hold the
    /// session open forever: it gets the synthetic stop an operator's exit would give it.
    func checkEnd(logtime: MonotonicTime) {
        guard !isFinished, dialog == nil, !isBlocked, nextEventIndex >= pendingEvents.count,
              !hosts.contains(where: \.keepsSessionAlive) else { return }
        end(at: logtime)
    }

    func row(_ logtime: MonotonicTime, _ kind: LogRecord.Kind, _ module: String, _ address: String, _ value: PyValue) -> LogRecord {
        LogRecord(logtime: logtime, scenarioTime: lastMonotonic == nil ? nil : scenarioTime, kind: kind, module: module, address: address, value: value)
    }
}
