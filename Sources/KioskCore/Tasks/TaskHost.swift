/// The lifecycle every plugin shares (spec §5): flags, parameter dump, update cadence,
/// title band, hide cover and automation label. The plugin supplies only its own behaviour.
public final class TaskHost {
    public let descriptor: PluginDescriptor
    public let plugin: TaskPlugin
    public private(set) var parameters: ParameterValues
    public private(set) var isAlive = false
    public private(set) var isPaused = true
    public private(set) var isVisible = false
    /// Whether `start` ever ran, i.e. whether the task has widgets to draw.
    public private(set) var hasStarted = false
    /// When the next fixed update step is due; `nil` until started.
    public private(set) var nextUpdate: ScenarioTime?
    /// The session's performance values, handed to the task's context (the performance bar
    /// reads them); the session refreshes it before each update.
    public var observedPerformance = PerformanceHistory()
    private let language: Language
    private let sessionNumber: Int
    private var automationText: String?

    public init(descriptor: PluginDescriptor, plugin: TaskPlugin, language: Language, sessionNumber: Int) {
        self.descriptor = descriptor
        self.plugin = plugin
        self.language = language
        self.sessionNumber = sessionNumber
        var parameters = ParameterValues(descriptor)
        // OpenMATB stores (and logs) the translated title as the default, and likewise the
        // slide screens' prompt (`_('Press SPACE to continue')`).
        parameters["title"] = .string(Translations.text(descriptor.titleMsgid, language))
        if case .string(let prompt)? = descriptor.parameter("response-text")?.defaultValue {
            parameters["response-text"] = .string(Translations.text(prompt, language))
        }
        self.parameters = parameters
    }

    public var alias: String { descriptor.alias }

    /// The update period from `taskupdatetime` (ms; a float is allowed, spec §2.4 posint quirk).
    public var updatePeriod: ScenarioTime {
        let milliseconds = parameters.number("taskupdatetime") ?? Double(descriptor.updatePeriodMilliseconds)
        return ScenarioTime(nanoseconds: max(1, Int64((milliseconds * 1e6).rounded())))
    }

    /// Input reaches the task only while it runs, shows, and no automation owns it (§5.1).
    public var acceptsInput: Bool {
        !isPaused && isVisible && !parameters.bool("automaticsolver")
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

    // MARK: Lifecycle (spec §5.2)

    /// Creates the task's areas, dumps every parameter, shows and resumes it.
    public func start(at time: ScenarioTime, logtime: MonotonicTime, layout: ScreenLayout) -> [LogRecord] {
        var context = makeContext(time, logtime)
        isAlive = true
        hasStarted = true
        let region = layout.region(placement)
        if placement != .invisible && placement != .fullscreen {
            let area = layout.taskArea(of: region)
            context.log(.aoi, "task_title", Self.aoiValue(layout.titleBand(of: region)))
            context.log(.aoi, "foreground", Self.aoiValue(area))
            context.log(.aoi, "overdue", Self.aoiValue(area))
        }
        for (name, rect) in plugin.areasOfInterest(in: layout.taskArea(of: region)) {
            context.log(.aoi, name, Self.aoiValue(rect))
        }
        for leaf in parameters.leaves { context.log(.parameter, leaf.path, leaf.value) }
        if placement != .fullscreen && placement != .invisible {
            context.logState("foreground", "visibility", .int(1))
        }
        plugin.start(&context)
        parameters = context.parameters
        var records = context.records
        records += show(at: time, logtime: logtime)
        records += resume(at: time, logtime: logtime)
        return records
    }

    public func stop(at time: ScenarioTime, logtime: MonotonicTime) -> [LogRecord] {
        var context = makeContext(time, logtime)
        if isAlive { plugin.stop(&context) }
        parameters = context.parameters
        isAlive = false
        _ = pause(at: time, logtime: logtime)
        return context.records + hide(at: time, logtime: logtime)
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

    public func show(at time: ScenarioTime, logtime: MonotonicTime) -> [LogRecord] {
        guard !isVisible else { return [] }
        isVisible = true
        guard placement != .fullscreen && placement != .invisible else { return [] }
        var context = makeContext(time, logtime)
        context.logState("foreground", "visibility", .int(0))
        return context.records
    }

    public func hide(at time: ScenarioTime, logtime: MonotonicTime) -> [LogRecord] {
        guard isVisible else { return [] }
        isVisible = false
        guard placement != .fullscreen && placement != .invisible else { return [] }
        var context = makeContext(time, logtime)
        context.logState("foreground", "visibility", .int(1))
        return context.records
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
    public func set(_ path: String, to value: PyValue, at time: ScenarioTime, logtime: MonotonicTime) -> [LogRecord] {
        var context = makeContext(time, logtime)
        context.parameters[path] = value
        plugin.parameterDidChange(path, &context)
        parameters = context.parameters
        return context.records
    }

    // MARK: Updates and input

    /// Runs one update step at `time` if the task is running, and schedules the next one
    /// `period` after `cadenceBase` (the step's due time, or the frame time in the
    /// frame-gated OpenMATB cadence).
    public func update(at time: ScenarioTime, cadenceBase: ScenarioTime, logtime: MonotonicTime) -> [LogRecord] {
        guard isAlive, !isPaused else { return [] }
        nextUpdate = cadenceBase + updatePeriod
        var context = makeContext(time, logtime)
        let text = parameters.bool("displayautomationstate")
            ? Translations.text(parameters.bool("automaticsolver") ? "AUTO" : "MANUAL", language) : ""
        if descriptor.parameter("displayautomationstate") != nil, text != automationText {
            automationText = text
            context.logState("automode", "text", .string(text))
        }
        plugin.update(&context)
        parameters = context.parameters
        return context.records
    }

    /// Delivers an input if the task accepts it now.
    public func handle(_ input: InputEvent.Payload, at time: ScenarioTime, logtime: MonotonicTime) -> [LogRecord] {
        guard acceptsInput || (descriptor.isBlocking && isAlive) else { return [] }
        var context = makeContext(time, logtime)
        plugin.handle(input, &context)
        parameters = context.parameters
        return context.records
    }

    // MARK: Drawing

    /// The task's title, cover or content for this frame.
    public func draw(layout: ScreenLayout, into list: inout DrawList) {
        guard hasStarted, placement != .invisible else { return }
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
        let title = (parameters.string("title") ?? "").uppercased()
        list.text(title, in: layout.titleBand(of: region), TextStyle(pointSize: TextStyle.medium, color: .white))
        plugin.draw(in: area, parameters: parameters, language: language, into: &list)
        if let text = automationText, !text.isEmpty, let anchor = Self.automationAnchors[alias] {
            let box = Rect(left: region.left + region.width * (anchor.0 - 0.075), bottom: region.bottom + region.height * (anchor.1 - 0.025),
                           width: region.width * 0.15, height: region.height * 0.05)
            list.text(text, in: box, TextStyle(pointSize: TextStyle.small))
        }
    }

    /// Where each task shows MANUAL/AUTO, as fractions of its whole region (spec §5.6).
    private static let automationAnchors: [String: (Double, Double)] = [
        "sysmon": (0.5, 0.05), "track": (0.35, 0.1), "communications": (0.5, 0.2), "resman": (0.48, 0.55),
    ]

    /// `(x1, y1, x2, y2)` = (left, top, right, bottom) in reference pixels; whole-pixel
    /// coordinates print as Python ints, as OpenMATB's integer column bounds do.
    public static func aoiValue(_ rect: Rect) -> PyValue {
        func number(_ v: Double, preferInt: Bool) -> PyValue {
            preferInt && v == v.rounded() && abs(v) < 1e15 ? .int(Int(v)) : .float(v)
        }
        return .tuple([number(rect.left, preferInt: true), number(rect.top, preferInt: false),
                       number(rect.right, preferInt: true), number(rect.bottom, preferInt: false)])
    }

    private func makeContext(_ time: ScenarioTime, _ logtime: MonotonicTime) -> TaskContext {
        TaskContext(time: time, logtime: logtime, alias: alias, language: language, sessionNumber: sessionNumber, parameters: parameters,
                    performance: observedPerformance)
    }
}
