/// The lifecycle every plugin shares (docs/openmatb-behaviour.md: Task lifecycle): flags, parameter dump,
/// update cadence, title band, hide cover, automation label, overdue alarm, key set and the task's sound
/// commands.
///
/// The plugin supplies only its own behaviour.
///
/// The host also mirrors the widgets OpenMATB's base plugin creates (`foreground`,
/// `overdue`, `task_title`, `automode`) closely enough to log their `aoi` and `state` rows
/// as OpenMATB does.
public final class TaskHost {
    public let descriptor: PluginDescriptor
    public let plugin: TaskPlugin
    public private(set) var parameters: ParameterValues
    public private(set) var isAlive = false
    public private(set) var isPaused = true
    public private(set) var isVisible = false
    /// Whether `start` ever ran, so that the task has widgets to draw.
    public private(set) var hasStarted = false
    /// When the next fixed update step is due; `nil` until started.
    public private(set) var nextUpdate: ScenarioTime?
    /// The session's performance values, handed to the task's context (the performance bar
    /// reads them); the session refreshes it before each update.
    public var observedPerformance = PerformanceHistory()
    /// The task area fixed at the last start (reference coordinates); empty before.
    public private(set) var area = Rect.empty
    /// The keys the task acts on (docs/openmatb-behaviour.md: Scenario events): its defaults, then every
    /// `…key…` parameter set.
    public private(set) var acceptedKeys: Set<String>
    private let language: Language
    private let runNumber: Int
    private let voices: VoiceCatalog
    /// The layout the task's widgets were created in (at its last start).
    private var layout = ScreenLayout()
    /// Sound commands the task issued, until the session collects them.
    private var sounds: [SoundCommand] = []

    // What OpenMATB's base widgets show, as last logged.
    /// The automation text computed at the last compute step (`MANUAL`/`AUTO`/empty).
    private var automationString = ""
    /// The automation label's text; `nil` when the task has no label (created only if
    /// `displayautomationstate` was true at start).
    private var automodeText: String?
    private var titleText: String?
    private var foregroundVisible = false
    private var overdueFrameVisible = false
    private var overdueFrameColor = PyValue.color(.red)
    private var overdue = OverdueAlarm()
    /// The title, overdue-alarm settings and frame colour last read from the parameters:
    /// read at every refresh, they change only with the parameters.
    private var chromeCache = ParameterCache<(title: String, overdue: OverdueAlarm.Settings, overdueColor: PyValue)>()
    /// The update period, automation and its label as last read from the parameters: read at
    /// every compute step and for every input, they change only with the parameters.
    private var stepSettingsCache = ParameterCache<(updatePeriod: ScenarioTime, automaticSolver: Bool, automationLabel: String)>()
    /// An input or event reached the task: its widgets refresh at this time, after any compute.
    private var refreshRequest: ScenarioTime?
    private var lastRefresh: ScenarioTime?

    public init(
        descriptor: PluginDescriptor, plugin: TaskPlugin, language: Language, runNumber: Int,
        voices: VoiceCatalog = VoiceCatalog()
    ) {
        self.descriptor = descriptor
        self.plugin = plugin
        self.language = language
        self.runNumber = runNumber
        self.voices = voices
        var parameters = ParameterValues(descriptor)
        // OpenMATB stores (and logs) the translated title as the default, and likewise the
        // slide screens' prompt (`_('Press SPACE to continue')`).
        parameters["title"] = .string(Translations.text(descriptor.titleMsgid, language))
        if case .string(let prompt)? = descriptor.parameter("response-text")?.defaultValue {
            parameters["response-text"] = .string(Translations.text(prompt, language))
        }
        self.parameters = parameters
        acceptedKeys = plugin.defaultKeys
    }

    public var alias: String { descriptor.alias }

    /// The update period from `taskupdatetime` (ms; a float is allowed, docs/openmatb-behaviour.md: Parameter
    /// validators), at most a year so that absurd values cannot overflow the clock.
    public var updatePeriod: ScenarioTime { stepSettings.updatePeriod }

    private var stepSettings: (updatePeriod: ScenarioTime, automaticSolver: Bool, automationLabel: String) {
        stepSettingsCache.parameters(parameters) { [descriptor, language] parameters in
            let milliseconds = parameters.number("taskupdatetime") ?? Double(descriptor.updatePeriodMilliseconds)
            let automaticSolver = parameters.bool("automaticsolver")
            return (ScenarioTime(nanoseconds: max(1, Int64((min(milliseconds, Self.longestPeriodMilliseconds) * 1e6).rounded()))),
                    automaticSolver,
                    parameters.bool("displayautomationstate") ? Translations.text(automaticSolver ? "AUTO" : "MANUAL", language) : "")
        }
    }

    /// The longest update period or blink honoured: a year.
    static let longestPeriodMilliseconds = 365 * 86_400_000.0

    /// Input reaches the task only while it runs, shows, and no automation owns it
    /// (docs/openmatb-behaviour.md: Task lifecycle).
    public var acceptsInput: Bool {
        !isPaused && isVisible && !stepSettings.automaticSolver
    }

    /// The placement currently in force.
    public var placement: Placement {
        parameters.string("taskplacement").flatMap(Placement.init(rawValue:)) ?? descriptor.placement
    }

    /// Whether this task currently blocks the scenario (a blocking screen that is running).
    public var isBlockingNow: Bool { descriptor.isBlocking && isAlive && !isPaused && !plugin.isFinished }

    /// Whether this task keeps the session going: any running task does, except a blocking
    /// one that finished its slides and runs on in the background (labstreaminglayer).
    public var keepsSessionAlive: Bool {
        isAlive && !(descriptor.isBlocking && plugin.isFinished && !plugin.stopsWhenFinished)
    }

    /// The placement the task's widgets were created in (at its last start); OpenMATB never
    /// moves them afterwards.
    private var widgetPlacement: Placement?

    /// Whether the task is drawn in a region of its own, with title band, cover and alarm.
    private var isInRegion: Bool {
        let shown = widgetPlacement ?? placement
        return shown != .fullscreen && shown != .invisible
    }

    private var hasAutomationLabel: Bool { descriptor.parameter("displayautomationstate") != nil }

    /// When the host next has work: its next compute step, or an earlier refresh asked for
    /// by an input, an event, the plugin (``TaskPlugin/nextRefresh(after:)``) or the alarm.
    public var nextDue: ScenarioTime? {
        guard isAlive else { return nil }
        var due = isPaused ? nil : nextUpdate
        func consider(_ time: ScenarioTime?) {
            guard let time else { return }
            due = min(due ?? time, time)
        }
        consider(refreshRequest)
        if isVisible {
            let after = lastRefresh ?? .zero
            if let time = plugin.nextRefresh(after: after), time > after { consider(time) }
            if let toggle = overdue.nextToggle, toggle > after { consider(toggle) }
        }
        return due
    }

    // MARK: Lifecycle (docs/openmatb-behaviour.md: Task lifecycle)

    /// Lets the task do what OpenMATB's plugin constructor does, when the session begins.
    public func construct(logtime: MonotonicTime) -> [LogRecord] {
        var context = makeContext(.zero, logtime, beforeFirstFrame: true)
        plugin.construct(&context)
        return finish(context)
    }

    /// Creates the task's widgets and areas, dumps every parameter, shows and resumes it.
    public func start(at time: ScenarioTime, logtime: MonotonicTime, layout: ScreenLayout) -> [LogRecord] {
        isAlive = true
        hasStarted = true
        widgetPlacement = placement
        self.layout = layout
        let region = layout.region(placement)
        area = isInRegion ? layout.taskArea(of: region) : region
        var context = makeContext(time, logtime)
        // The base widgets, in OpenMATB's creation order; each new widget starts hidden.
        foregroundVisible = false
        overdueFrameVisible = false
        overdueFrameColor = .color(.red)
        automodeText = nil
        if isInRegion {
            context.log(.aoi, "foreground", Self.aoiValue(area))
            context.log(.aoi, "overdue", Self.aoiValue(area))
            context.log(.aoi, "task_title", Self.aoiValue(layout.titleBand(of: region)))
            titleText = (parameters.string("title") ?? "").uppercased()
            if hasAutomationLabel && parameters.bool("displayautomationstate") {
                context.log(.aoi, "automode", Self.aoiValue(Self.automationBox(in: region, alias: alias), integerX: false))
                automodeText = automationString
            }
        }
        plugin.start(&context)
        for (name, value) in plugin.areaOfInterestRows(in: area) {
            context.log(.aoi, name, value)
        }
        if isInRegion {
            context.parameters["taskfeedback-overdue-_nexttoggletime"] = overdue.nextToggleParameter
            context.parameters["taskfeedback-overdue-_is_visible"] = .bool(overdue.isVisible)
        }
        for leaf in context.parameters.leaves { context.log(.parameter, leaf.path, leaf.value) }
        var records = finish(context)
        records += show(at: time, logtime: logtime)
        records += resume(at: time, logtime: logtime)
        return records
    }

    public func stop(at time: ScenarioTime, logtime: MonotonicTime) -> [LogRecord] {
        var context = makeContext(time, logtime)
        if isAlive { plugin.stop(&context) }
        let records = finish(context)
        isAlive = false
        _ = pause(at: time, logtime: logtime)
        return records + hide(at: time, logtime: logtime)
    }

    public func pause(at time: ScenarioTime, logtime: MonotonicTime) -> [LogRecord] {
        isPaused = true
        return []
    }

    public func resume(at time: ScenarioTime, logtime: MonotonicTime) -> [LogRecord] {
        isPaused = false
        // A resumed task computes at once, as OpenMATB's stale deadline makes it do.
        if let next = nextUpdate, next > time { return [] }
        nextUpdate = time
        return []
    }

    /// Shows every widget, then hides the cover and the alarm frame (docs/openmatb-behaviour.md: Task
    /// lifecycle): OpenMATB's frames log `visibility 1` on showing, then `0`.
    public func show(at time: ScenarioTime, logtime: MonotonicTime) -> [LogRecord] {
        guard !isVisible else { return [] }
        isVisible = true
        guard isInRegion else { return [] }
        var context = makeContext(time, logtime)
        setForeground(true, &context)
        setOverdueFrame(true, &context)
        plugin.willShow(&context)
        setForeground(false, &context)
        setOverdueFrame(false, &context)
        plugin.didShow(&context)
        if isAlive { refreshRequest = time }
        return finish(context)
    }

    /// Covers the task area and hides the title (docs/openmatb-behaviour.md: Task lifecycle).
    public func hide(at time: ScenarioTime, logtime: MonotonicTime) -> [LogRecord] {
        guard isVisible else { return [] }
        isVisible = false
        guard isInRegion else { return [] }
        var context = makeContext(time, logtime)
        setForeground(true, &context)
        plugin.didHide(&context)
        return finish(context)
    }

    /// Runs a lifecycle command.
    public func run(_ command: LifecycleCommand, at time: ScenarioTime, logtime: MonotonicTime, layout: ScreenLayout) -> [LogRecord] {
        switch command {
        case .start: start(at: time, logtime: logtime, layout: layout)
        case .stop: stop(at: time, logtime: logtime)
        case .pause: pause(at: time, logtime: logtime)
        case .resume: resume(at: time, logtime: logtime)
        case .show: show(at: time, logtime: logtime)
        case .hide: hide(at: time, logtime: logtime)
        }
    }

    /// Sets a parameter from a scenario event; it takes effect whether the task runs or not.
    ///
    /// A path containing `key` also updates the accepted keys (docs/openmatb-behaviour.md: Scenario events).
    public func set(_ path: String, to value: PyValue, at time: ScenarioTime, logtime: MonotonicTime) -> [LogRecord] {
        var context = makeContext(time, logtime)
        let old = context.parameters[path]
        context.parameters[path] = value
        if path.contains("key") {
            if let key = value.text { acceptedKeys.insert(key) }
            if let oldKey = old.text, old != value { acceptedKeys.remove(oldKey) }
        }
        plugin.parameterDidChange(path, &context)
        if isAlive { refreshRequest = time }
        return finish(context)
    }

    // MARK: Updates, refreshes and input

    /// Runs the task at `time`: a compute step if one is due (scheduling the next one
    /// `period` after `cadenceBase`, the step's due time or, in OpenMATB's cadence, the
    /// time of the loop pass), then a refresh of its widgets if it is visible.
    ///
    /// - Parameter heldKeys: The keys and joystick buttons held down now (the session's table).
    public func update(
        at time: ScenarioTime, cadenceBase: ScenarioTime, logtime: MonotonicTime, heldKeys: Set<String> = []
    ) -> [LogRecord] {
        var records: [LogRecord] = []
        update(at: time, cadenceBase: cadenceBase, logtime: logtime, heldKeys: heldKeys, appendingTo: &records)
        return records
    }

    /// ``update(at:cadenceBase:logtime:heldKeys:)``, appending the rows to `records`: the
    /// session's rows are written once, where they stay, at tens of thousands of updates a
    /// second in a headless run.
    public func update(
        at time: ScenarioTime, cadenceBase: ScenarioTime, logtime: MonotonicTime, heldKeys: Set<String> = [],
        appendingTo records: inout [LogRecord]
    ) {
        guard isAlive else { return }
        if !isPaused, let next = nextUpdate, time >= next {
            nextUpdate = cadenceBase + updatePeriod
            var context = makeContext(time, logtime, heldKeys: heldKeys)
            context.exchangeRecords(with: &records)
            automationString = stepSettings.automationLabel
            plugin.update(&context)
            finish(&context, appendingTo: &records)
        }
        refresh(at: time, logtime: logtime, heldKeys: heldKeys, appendingTo: &records)
    }

    /// A blocking screen's frame while scenario time stands still (docs/openmatb-behaviour.md: Blocking
    /// screens): OpenMATB checks its slides at every frame, so a compute step runs whether or not
    /// `taskupdatetime` has passed at the frozen time, then a refresh.
    public func updateWhileBlocking(
        at time: ScenarioTime, logtime: MonotonicTime, heldKeys: Set<String> = [], appendingTo records: inout [LogRecord]
    ) {
        if isAlive && !isPaused { nextUpdate = time }
        update(at: time, cadenceBase: time, logtime: logtime, heldKeys: heldKeys, appendingTo: &records)
    }

    /// Brings the widgets up to date (docs/openmatb-behaviour.md: Task lifecycle): cover, automation
    /// label, title, overdue alarm, then the plugin's own widgets.
    ///
    /// Only while alive and visible.
    public func refresh(at time: ScenarioTime, logtime: MonotonicTime, heldKeys: Set<String> = []) -> [LogRecord] {
        var records: [LogRecord] = []
        refresh(at: time, logtime: logtime, heldKeys: heldKeys, appendingTo: &records)
        return records
    }

    /// ``refresh(at:logtime:heldKeys:)``, appending the rows to `records`.
    public func refresh(at time: ScenarioTime, logtime: MonotonicTime, heldKeys: Set<String> = [], appendingTo records: inout [LogRecord]) {
        refreshRequest = nil
        guard isAlive, isVisible else { return }
        lastRefresh = time
        var context = makeContext(time, logtime, heldKeys: heldKeys)
        context.exchangeRecords(with: &records)
        if isInRegion {
            setForeground(false, &context)
            if let shown = automodeText, shown != automationString {
                automodeText = automationString
                context.logState("automode", "text", .string(automationString))
            }
            let chrome = chromeCache.parameters(context.parameters) { parameters in
                ((parameters.string("title") ?? "").uppercased(), OverdueAlarm.Settings(parameters), parameters["taskfeedback-overdue-color"])
            }
            if chrome.title != titleText {
                titleText = chrome.title
                context.logState("task_title", "text", .string(chrome.title))
            }
            let wasVisible = overdue.isVisible, wasDue = overdue.nextToggle
            overdue.refresh(at: time, timersMilliseconds: plugin.responseTimersMilliseconds, settings: chrome.overdue)
            if overdue.isVisible != wasVisible || overdue.nextToggle != wasDue {
                context.parameters["taskfeedback-overdue-_nexttoggletime"] = overdue.nextToggleParameter
                context.parameters["taskfeedback-overdue-_is_visible"] = .bool(overdue.isVisible)
            }
            setOverdueFrame(overdue.isVisible, &context)
            let color = chrome.overdueColor
            if color != overdueFrameColor {
                overdueFrameColor = color
                context.logState("overdue", "color", color)
            }
        }
        plugin.refresh(&context)
        finish(&context, appendingTo: &records)
    }

    /// Delivers an input if the task accepts it now.
    ///
    /// The stick's position (`joystickAxes`) is state, not an action: it reaches the task
    /// whatever its state, so a task that starts or resumes knows where the stick is, as
    /// OpenMATB's tracking task reads the stick whenever it computes. Pointer releases always
    /// reach a started task, so a control it holds for a finger is let go.
    public func handle(
        _ input: InputEvent.Payload, at time: ScenarioTime, logtime: MonotonicTime, heldKeys: Set<String> = []
    ) -> [LogRecord] {
        let isStateOrRelease: Bool
        switch input {
        case .joystickAxes: isStateOrRelease = true
        case .pointerUp: isStateOrRelease = hasStarted
        default: isStateOrRelease = false
        }
        guard acceptsInput || (descriptor.isBlocking && isAlive) || isStateOrRelease else { return [] }
        var context = makeContext(time, logtime, heldKeys: heldKeys)
        plugin.handle(input, &context)
        if isAlive { refreshRequest = time }
        return finish(context)
    }

    /// Hands over the sound commands the task issued since the last call.
    public func takeSounds() -> [SoundCommand] {
        defer { sounds.removeAll() }
        return sounds
    }

    // MARK: Drawing

    /// The task's title, cover or content for this frame.
    public func draw(layout: ScreenLayout, into list: inout DrawList) {
        guard hasStarted, let placement = widgetPlacement, placement != .invisible else { return }
        let region = layout.region(placement)
        if placement == .fullscreen {
            guard isVisible else { return }
            list.fill(region, .background)
            plugin.draw(in: region, parameters: parameters, language: language, into: &list)
            return
        }
        let area = layout.taskArea(of: region)
        guard isVisible else {
            list.fill(area, .background)
            return
        }
        let title = titleText ?? (parameters.string("title") ?? "").uppercased()
        list.text(title, in: layout.titleBand(of: region), TextStyle(pointSize: TextStyle.medium, color: .white))
        plugin.draw(in: area, parameters: parameters, language: language, into: &list)
        if let text = automodeText, !text.isEmpty {
            list.text(text, in: Self.automationBox(in: region, alias: alias), TextStyle(pointSize: TextStyle.small))
        }
        if overdueFrameVisible {
            Self.drawOverdueFrame(around: area, color: Color(pyValue: overdueFrameColor) ?? .red, into: &list)
        }
    }

    /// What the task draws outside its region (resman's pump-status panel, or its cover).
    public func drawOutsideRegion(layout: ScreenLayout, into list: inout DrawList) {
        guard hasStarted, isInRegion else { return }
        plugin.drawOutsideRegion(layout: layout, isVisible: isVisible, parameters: parameters, language: language, into: &list)
    }

    /// The alarm frame: four bands 2.5 % of the task-area height thick, inside its edges.
    private static func drawOverdueFrame(around area: Rect, color: Color, into list: inout DrawList) {
        let t = area.height * 0.025
        list.fill(Rect(left: area.left, bottom: area.top - t, width: area.width, height: t), color)
        list.fill(Rect(left: area.left, bottom: area.bottom, width: area.width, height: t), color)
        list.fill(Rect(left: area.left, bottom: area.bottom + t, width: t, height: area.height - 2 * t), color)
        list.fill(Rect(left: area.right - t, bottom: area.bottom + t, width: t, height: area.height - 2 * t), color)
    }

    /// The automation label's box in `region`: 15 % × 5 % of it, placed at the task type's
    /// anchor (OpenMATB's container arithmetic, so that the `automode` AOI row matches).
    static func automationBox(in region: Rect, alias: String) -> Rect {
        let anchor = TaskTypes.type(for: alias)?.automationAnchor ?? (x: 0.5, y: 0.5)
        let width = region.width * 0.15, height = region.height * 0.05
        return Rect(left: region.left + anchor.x * (region.width - width), bottom: region.bottom + anchor.y * (region.height - height),
                    width: width, height: height)
    }

    /// An area as an `aoi` value: `(x1, y1, x2, y2)` = (left, top, right, bottom), reference pixels.
    ///
    /// y is always a Python float (rows are halves of the window height). x is an int where
    /// OpenMATB's containers inherit the integer column bounds (`integerX`); when `integerX`
    /// is `nil`, whole values are taken to be such ints.
    public static func aoiValue(_ rect: Rect, integerX: Bool? = nil) -> PyValue {
        func x(_ v: Double) -> PyValue {
            let whole = v == v.rounded() && abs(v) < 1e15
            return (integerX ?? whole) && whole ? .int(Int(v)) : .float(v)
        }
        return .tuple([x(rect.left), .float(rect.top), x(rect.right), .float(rect.bottom)])
    }

    // MARK: Base widgets

    private func setForeground(_ visible: Bool, _ context: inout TaskContext) {
        guard visible != foregroundVisible else { return }
        foregroundVisible = visible
        context.logState("foreground", "visibility", .bool(visible))
    }

    private func setOverdueFrame(_ visible: Bool, _ context: inout TaskContext) {
        guard visible != overdueFrameVisible else { return }
        overdueFrameVisible = visible
        context.logState("overdue", "visibility", .bool(visible))
    }

    private func makeContext(
        _ time: ScenarioTime, _ logtime: MonotonicTime, heldKeys: Set<String> = [], beforeFirstFrame: Bool = false
    ) -> TaskContext {
        TaskContext(time: time, logtime: logtime, alias: alias, language: language, runNumber: runNumber,
                    parameters: parameters, area: area, layout: layout, acceptedKeys: acceptedKeys, heldKeys: heldKeys,
                    acceptsInput: acceptsInput, voices: voices, performance: observedPerformance,
                    isBeforeFirstFrame: beforeFirstFrame)
    }

    /// Keeps what the task changed in its context, parameters and sounds; returns its rows.
    private func finish(_ context: TaskContext) -> [LogRecord] {
        parameters = context.parameters
        sounds += context.sounds
        return context.records
    }

    /// Keeps what the task changed in its context, parameters and sounds, and takes back the
    /// row buffer lent to it, its rows appended.
    private func finish(_ context: inout TaskContext, appendingTo records: inout [LogRecord]) {
        parameters = context.parameters
        sounds += context.sounds
        context.exchangeRecords(with: &records)
    }
}
