/// One MATB session: the scenario clock, the event queue, every task, dialogs and the log
/// rows they produce. Deterministic: it never reads a clock; the shell hands it times.
public final class MATBSession: Block {
    public let scenario: Scenario
    public let configuration: SessionConfiguration
    public private(set) var hosts: [TaskHost]
    /// The current scenario time; it stops while a dialog or blocking screen shows.
    public private(set) var scenarioTime = ScenarioTime.zero
    public private(set) var isFinished = false
    public private(set) var dialog: ModalDialog?

    private var pendingEvents: [ScenarioEvent]
    private var nextEventIndex = 0
    private var lastMonotonic: MonotonicTime?
    private var records: [LogRecord] = []
    /// Tasks that a blocking screen paused and hid, restored when it ends (spec §2.9).
    private var tasksSuspendedByBlocking: [TaskHost] = []
    private var isBlocked = false
    /// The stick position last logged and delivered to tasks.
    private var joystickAxes = (x: 0.0, y: 0.0)
    /// Every performance value logged so far, for the performance bar (spec §6.6).
    private var performanceHistory = PerformanceHistory()
    /// How many of `records` have been read into `performanceHistory`.
    private var scannedRecordCount = 0
    /// Device actions produced since the shell last took them.
    private var outputs: [DeviceOutput] = []
    /// Problems reported during the session, waiting for the warning or error dialog.
    private var pendingProblems: [(message: String, fatal: Bool)] = []
    /// The stick position last reported by any stick, even while a dialog held it back.
    private var heldJoystickAxes = (x: 0.0, y: 0.0)
    /// The on-screen stick, pointer rows and joystick hot-plug (docs/input.md).
    public private(set) var inputRouter: InputRouter
    /// Keys and joystick buttons held down now: OpenMATB's window keyboard state, which tasks
    /// read for held-key behaviour (communications tuning).
    public private(set) var heldKeys: Set<String> = []

    /// - Parameter makePlugin: The behaviour for each plugin the scenario uses; tests pass
    ///   their own, sessions use ``TaskFactory``.
    public init(
        scenario: Scenario, configuration: SessionConfiguration, catalog: PluginCatalog = .openMATB,
        makePlugin: (PluginDescriptor, IncludeLibrary) -> TaskPlugin = TaskFactory.make
    ) {
        self.scenario = scenario
        self.configuration = configuration
        inputRouter = InputRouter(stick: configuration.virtualJoystick)
        hosts = scenario.plugins.compactMap { alias in
            catalog.descriptor(for: alias).map { descriptor in
                TaskHost(descriptor: descriptor, plugin: makePlugin(descriptor, configuration.includes),
                         language: configuration.language, sessionNumber: configuration.sessionNumber,
                         voices: configuration.voices)
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
        // OpenMATB builds every plugin while it reads the scenario (communications draws its
        // callsigns and frequencies then).
        for host in hosts { records += host.construct(logtime: logtime) }
        if configuration.displaySessionNumber {
            openDialog(.sessionIdentifier(configuration.sessionNumber, configuration.language), logtime: logtime)
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
        defer {
            // Outputs not taken yet now come before every later row.
            for index in outputs.indices { outputs[index].recordIndex = max(0, outputs[index].recordIndex - records.count) }
            records.removeAll(keepingCapacity: true)
            scannedRecordCount = 0
        }
        return records
    }

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
    /// at one instant events run first, then inputs, then task updates.
    public func advance(to now: MonotonicTime, inputs: [InputEvent] = []) {
        guard !isFinished else { return }
        let previous = lastMonotonic ?? now
        lastMonotonic = now
        openProblemDialog(logtime: now)
        let frameStart = scenarioTime
        let target = isClockRunning ? frameStart + scaled(now.since(previous)) : frameStart
        var queuedInputs = inputs.sorted { $0.time < $1.time }[...]
        var clockStopped = !isClockRunning

        while !isFinished {
            let running = isClockRunning
            if !running { clockStopped = true }
            let event = running && nextEventIndex < pendingEvents.count && pendingEvents[nextEventIndex].time <= target
                ? pendingEvents[nextEventIndex] : nil
            let input = queuedInputs.first
            let inputTime = input.map { running ? min(target, max(scenarioTime, frameStart + scaled($0.time.since(previous)))) : scenarioTime }
            let update = running && configuration.cadence == .fixed ? earliestDueUpdate(by: target) : nil

            if let event, inputTime.map({ event.time <= $0 }) ?? true, update.map({ event.time <= $0.time }) ?? true {
                scenarioTime = max(scenarioTime, event.time)
                nextEventIndex += 1
                execute(event, logtime: now)
            } else if let input, let inputTime, update.map({ inputTime <= $0.time }) ?? true {
                if running { scenarioTime = max(scenarioTime, inputTime) }
                queuedInputs.removeFirst()
                route(input)
            } else if let update {
                scenarioTime = max(scenarioTime, update.time)
                records += updated(update.host, at: update.time, cadenceBase: update.time, logtime: now)
            } else {
                break
            }
            drainOutputs()
            checkBlocking(logtime: now)
            checkEnd(logtime: now)
        }
        if !clockStopped && isClockRunning && !isFinished { scenarioTime = target }
        if configuration.cadence == .openmatb && isClockRunning {
            // OpenMATB updates every alive task at every frame: a compute step when due, and a
            // refresh of its widgets.
            for host in hosts where host.isAlive {
                records += updated(host, at: scenarioTime, cadenceBase: scenarioTime, logtime: now)
            }
        }
        updateBlockingScreens(logtime: now)
        drainOutputs()
        checkEnd(logtime: now)
    }

    /// One task update, with the performance values logged so far handed to it.
    private func updated(_ host: TaskHost, at time: ScenarioTime, cadenceBase: ScenarioTime, logtime: MonotonicTime) -> [LogRecord] {
        withPerformance(host) { $0.update(at: time, cadenceBase: cadenceBase, logtime: logtime, heldKeys: heldKeys) }
    }

    /// Runs `step` on `host` with the performance values logged so far handed to it.
    private func withPerformance(_ host: TaskHost, _ step: (TaskHost) -> [LogRecord]) -> [LogRecord] {
        absorbPerformance()
        host.observedPerformance = performanceHistory
        // Let go of the copy at once, so the history's storage stays uniquely referenced
        // and the next rows append in place instead of copying the whole history.
        defer { host.observedPerformance = PerformanceHistory() }
        return step(host)
    }

    /// Reads the rows logged since the last call into the performance history.
    private func absorbPerformance() {
        guard scannedRecordCount < records.count else { return }
        for row in records[scannedRecordCount...] where row.kind == .performance { performanceHistory.record(row) }
        scannedRecordCount = records.count
        for host in hosts { performanceHistory.updatePeriodMilliseconds[host.alias] = Double(host.updatePeriod.nanoseconds) / 1e6 }
    }

    /// Collects the tasks' device actions, placed after the rows logged so far.
    private func drainOutputs() {
        for host in hosts {
            for var output in host.plugin.takeOutputs() {
                output.recordIndex = records.count
                outputs.append(output)
            }
        }
    }

    private func scaled(_ realNanoseconds: Int64) -> ScenarioTime {
        ScenarioTime(nanoseconds: Int64((Double(max(0, realNanoseconds)) * configuration.speed).rounded()))
    }

    /// The task with the earliest work due by `target`: a compute step, or a refresh that an
    /// input, an event or the task itself asked for.
    private func earliestDueUpdate(by target: ScenarioTime) -> (host: TaskHost, time: ScenarioTime)? {
        var best: (host: TaskHost, time: ScenarioTime)?
        for host in hosts where host.isAlive {
            guard let due = host.nextDue.map({ max($0, scenarioTime) }), due <= target else { continue }
            if best.map({ due < $0.time }) ?? true { best = (host, due) }
        }
        return best
    }

    // MARK: Events

    private func execute(_ event: ScenarioEvent, logtime: MonotonicTime) {
        let time = scenarioTime
        switch event.command {
        case .systemPause:
            records.append(row(logtime, .event, "system", "self", .string("pause")))
            openDialog(.pause(configuration.language), logtime: logtime)
            return
        case .lifecycle(let method):
            guard let host = host(event.plugin) else { return }
            records += host.run(method, at: time, logtime: logtime, layout: configuration.layout)
            // A stopped outlet closes before its stop row, which it therefore does not stream.
            drainOutputs()
            records.append(row(logtime, .event, event.plugin, "self", .string(method.rawValue)))
        case .set(let path, let value):
            guard let host = host(event.plugin) else { return }
            records += host.set(path, to: value, at: time, logtime: logtime)
            records.append(row(logtime, .event, event.plugin, path, value))
        }
    }

    private func host(_ alias: String) -> TaskHost? { hosts.first { $0.alias == alias } }

    // MARK: Blocking screens (spec §2.9)

    private func checkBlocking(logtime: MonotonicTime) {
        let blocker = hosts.first { $0.isBlockingNow }
        if blocker != nil && !isBlocked {
            isBlocked = true
            tasksSuspendedByBlocking = hosts.filter { !$0.descriptor.isBlocking && !$0.isPaused }
            for host in tasksSuspendedByBlocking {
                records += host.pause(at: scenarioTime, logtime: logtime)
                records += host.hide(at: scenarioTime, logtime: logtime)
            }
        }
        // A finished screen stops itself without an event row (labstreaminglayer only hides
        // and streams on).
        for host in hosts where host.descriptor.isBlocking && host.isAlive && host.plugin.isFinished {
            if host.plugin.stopsWhenFinished {
                records += host.stop(at: scenarioTime, logtime: logtime)
            } else {
                records += host.hide(at: scenarioTime, logtime: logtime)
            }
        }
        if isBlocked && !hosts.contains(where: { $0.isBlockingNow }) {
            isBlocked = false
            for host in tasksSuspendedByBlocking {
                records += host.show(at: scenarioTime, logtime: logtime)
                records += host.resume(at: scenarioTime, logtime: logtime)
            }
            tasksSuspendedByBlocking = []
        }
    }

    /// While a blocking screen shows, scenario time stands still, yet OpenMATB checks its
    /// slides every frame: each running blocking screen gets one update per frame, at the
    /// frozen time, where it moves to the slide the participant asked for (spec §2.9).
    private func updateBlockingScreens(logtime: MonotonicTime) {
        guard isBlocked, dialog == nil, !isFinished else { return }
        for host in hosts where host.isBlockingNow {
            records += withPerformance(host) { $0.updateWhileBlocking(at: scenarioTime, logtime: logtime, heldKeys: heldKeys) }
        }
        drainOutputs()
        checkBlocking(logtime: logtime)
    }

    // MARK: Input

    /// Routes one input through the on-screen stick and writes its rows, which carry the
    /// input's own timestamp as their `logtime` (a key's, a touch's, or an evdev event's
    /// kernel time), not the frame's.
    private func route(_ input: InputEvent) {
        let logtime = input.time
        // While a dialog is up, touches belong to it: the stick takes no new finger (one holding it keeps it).
        for step in inputRouter.route(input.payload, trackRegion: dialog == nil ? stickTrackRegion : nil) {
            // A tap on a dialog's Exit ends the session: nothing follows `manual,,,end`, not
            // even that touch's own release row.
            guard !isFinished else { break }
            switch step {
            case .deliver(let payload): handle(payload, logtime: logtime)
            case .log(let module, let address, let value): records.append(row(logtime, .input, module, address, value))
            case .note(let text): records.append(row(logtime, .manual, "", "", .string(text)))
            }
        }
        // A stick moved while a dialog was open reaches the tasks once the dialog closes,
        // as OpenMATB's next joystick poll would deliver it.
        if dialog == nil && heldJoystickAxes != joystickAxes {
            handle(.joystickAxes(x: heldJoystickAxes.x, y: heldJoystickAxes.y), logtime: logtime)
        }
    }

    /// The tracking task's region while it shows, where the on-screen stick sits.
    private var stickTrackRegion: Rect? {
        guard let track = hosts.first(where: { $0.alias == "track" }), track.hasStarted, track.isVisible,
              track.placement != .invisible, track.placement != .fullscreen else { return nil }
        return configuration.layout.region(track.placement)
    }

    private func handle(_ input: InputEvent.Payload, logtime: MonotonicTime) {
        trackHeldKeys(input)
        if case .joystickAxes(let x, let y) = input { heldJoystickAxes = (x, y) }
        if dialog != nil {
            handleDialogInput(input, logtime: logtime)
            return
        }
        switch input {
        case .quitRequested:
            end(at: logtime)
            return
        case .joystickAxes(let x, let y):
            if x != joystickAxes.x { records.append(row(logtime, .input, "joystick", "x", .float(x))) }
            if y != joystickAxes.y { records.append(row(logtime, .input, "joystick", "y", .float(y))) }
            joystickAxes = (x, y)
        default:
            break
        }
        // OpenMATB never delivers joystick releases to tasks (spec §5.4); they are still logged.
        if case .joystickButton(_, pressed: false) = input {} else {
            for host in hosts { records += host.handle(input, at: scenarioTime, logtime: logtime, heldKeys: heldKeys) }
        }
        switch input {
        case .keyPress(let key):
            if key == "ESCAPE" { openDialog(.exitConfirmation(configuration.language), logtime: logtime) }
            if key == "P" { openDialog(.pause(configuration.language), logtime: logtime) }
            records.append(row(logtime, .input, "keyboard", key, .string("press")))
        case .keyRelease(let key):
            records.append(row(logtime, .input, "keyboard", key, .string("release")))
        case .joystickButton(let name, let pressed):
            records.append(row(logtime, .input, "Joystick", name, .string(pressed ? "press" : "release")))
        case .pointerDown, .pointerMove, .pointerUp, .joystickAxes, .joystickDevice, .quitRequested:
            break
        }
    }

    /// Keeps the held-key table as OpenMATB's window does: a key counts as held from a press
    /// made with no dialog open until its release (a release always counts, so no key sticks).
    private func trackHeldKeys(_ input: InputEvent.Payload) {
        switch input {
        case .keyPress(let key) where dialog == nil: heldKeys.insert(key)
        case .keyRelease(let key): heldKeys.remove(key)
        case .joystickButton(let name, let pressed):
            if pressed && dialog == nil { heldKeys.insert(name) } else if !pressed { heldKeys.remove(name) }
        default: break
        }
    }

    /// A dialog takes every input while open (spec §10.1): SPACE or Q *release* as in
    /// OpenMATB, a tap on its on-screen buttons, or a joystick button released after being
    /// pressed while the dialog showed (button 1 = the rightmost button, button 2 = Exit).
    /// None of these inputs is logged, as OpenMATB logs no key while a dialog is open.
    private func handleDialogInput(_ input: InputEvent.Payload, logtime: MonotonicTime) {
        guard var current = dialog else { return }
        if case .quitRequested = input {
            closeDialog(logtime: logtime)
            end(at: logtime)
            return
        }
        let choice = current.handle(input, on: configuration.layout.region(.fullscreen))
        dialog = current
        switch choice {
        case .continue?:
            closeDialog(logtime: logtime)
        case .exit?:
            closeDialog(logtime: logtime)
            end(at: logtime)
        case nil:
            break
        }
    }

    private func openDialog(_ newDialog: ModalDialog, logtime: MonotonicTime) {
        guard dialog == nil else { return }
        dialog = newDialog
        for host in hosts where host.isAlive { records += host.pause(at: scenarioTime, logtime: logtime) }
    }

    /// Closing a dialog resumes every running task, including ones the scenario had paused
    /// (OpenMATB does the same, spec §1.2 quirk).
    private func closeDialog(logtime: MonotonicTime) {
        guard let closed = dialog else { return }
        dialog = nil
        records.append(row(logtime, .dialog, "", "", .string("\(closed.title) end")))
        for host in hosts where host.isAlive && !tasksSuspendedByBlocking.contains(where: { $0 === host }) {
            records += host.resume(at: scenarioTime, logtime: logtime)
        }
    }

    // MARK: Unattended runs

    /// Moves past whatever waits for the participant (a dialog or a blocking screen), logging
    /// a `manual` row that says so; `--headless` and batch runs call this. A fatal error
    /// dialog ends the session, as its only answer is Exit.
    public func dismissWaitingScreen(at logtime: MonotonicTime) {
        openProblemDialog(logtime: logtime)
        if let dialog {
            records.append(row(logtime, .manual, "", "", .string("labkiosk: dismissed dialog '\(dialog.title)' automatically")))
            closeDialog(logtime: logtime)
            if !dialog.buttons.contains(.continue) { end(at: logtime) }
            return
        }
        for host in hosts where host.isBlockingNow {
            records.append(row(logtime, .manual, "", "", .string("labkiosk: dismissed \(host.alias) screen automatically")))
            host.plugin.dismiss()
        }
        updateBlockingScreens(logtime: logtime)
        checkEnd(logtime: logtime)
    }

    // MARK: Problems during the session

    /// Reports a problem found while the session runs (a device that failed, a missing
    /// joystick): it is logged at once as a `manual` row, and shown at the next frame in a
    /// Warning dialog (Space continues, Q exits) or, if fatal, an Error(s) dialog whose only
    /// answer is Exit (spec §10.1). Problems reported together share one dialog.
    public func report(_ message: String, fatal: Bool, at logtime: MonotonicTime) {
        records.append(row(logtime, .manual, "", "", .string(message)))
        pendingProblems.append((message, fatal))
    }

    private func openProblemDialog(logtime: MonotonicTime) {
        guard dialog == nil, !pendingProblems.isEmpty, !isFinished else { return }
        let fatal = pendingProblems.contains { $0.fatal }
        let messages = pendingProblems.map(\.message)
        pendingProblems = []
        openDialog(.problems(messages, fatal: fatal, configuration.language), logtime: logtime)
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
    private func checkEnd(logtime: MonotonicTime) {
        guard !isFinished, dialog == nil, !isBlocked, nextEventIndex >= pendingEvents.count,
              !hosts.contains(where: \.keepsSessionAlive) else { return }
        end(at: logtime)
    }

    private func row(_ logtime: MonotonicTime, _ kind: LogRecord.Kind, _ module: String, _ address: String, _ value: PyValue) -> LogRecord {
        LogRecord(logtime: logtime, scenarioTime: lastMonotonic == nil ? nil : scenarioTime, kind: kind, module: module, address: address, value: value)
    }

    // MARK: Drawing

    /// What the screen shows now.
    public func drawList() -> DrawList {
        var list = DrawList()
        let layout = configuration.layout
        ScreenBackground.draw(layout: layout, into: &list)
        for host in hosts where host.placement != .fullscreen { host.draw(layout: layout, into: &list) }
        for host in hosts { host.drawOutsideRegion(layout: layout, into: &list) }
        inputRouter.draw(trackRegion: stickTrackRegion, into: &list)
        for host in hosts where host.placement == .fullscreen { host.draw(layout: layout, into: &list) }
        if dialog != nil && configuration.hideOnPause {
            // config.ini `hide_on_pause`: nothing of the tasks shows behind a dialog.
            list.fill(layout.region(.fullscreen), .background)
        }
        dialog?.draw(on: layout.region(.fullscreen), into: &list)
        return list
    }
}
