/// What a task sees during one call: the time, its parameters, its area, the input state,
/// and a place to put log rows and sound commands.
public struct TaskContext {
    /// The scenario time of this step or input.
    public let time: ScenarioTime
    /// The monotonic time the rows are written at.
    public let logtime: MonotonicTime
    public let alias: String
    public let language: Language
    public let runNumber: Int
    /// The task area (region minus title band) in reference coordinates, fixed when the task
    /// started as OpenMATB creates its widgets once; empty before the first start.
    public let area: Rect
    /// The screen layout, for tasks with widgets outside their own region (resman's
    /// pump-status panel).
    public let layout: ScreenLayout
    /// The keys the task acts on: its defaults, as changed by `…key…` parameters (docs/openmatb-behaviour.md:
    /// Scenario events).
    public let acceptedKeys: Set<String>
    /// Keys (and joystick buttons) held down right now, by OpenMATB name: the window's
    /// keyboard state that OpenMATB's `is_key_state` reads.
    public let heldKeys: Set<String>
    /// Whether the task accepts input now (running, visible, not automated; docs/openmatb-behaviour.md: Task
    /// lifecycle).
    public let acceptsInput: Bool
    /// Clip durations of every voice the session can play.
    public let voices: VoiceCatalog
    /// Rows are logged before the first frame (scenario time renders as `0`).
    public let isBeforeFirstFrame: Bool
    public var parameters: ParameterValues
    /// Every performance value logged so far in the session (the performance bar reads it).
    public let performance: PerformanceHistory
    public private(set) var records: [LogRecord] = []
    public private(set) var sounds: [SoundCommand] = []

    public init(
        time: ScenarioTime, logtime: MonotonicTime, alias: String, language: Language, runNumber: Int,
        parameters: ParameterValues, area: Rect = .empty, layout: ScreenLayout = ScreenLayout(),
        acceptedKeys: Set<String> = [], heldKeys: Set<String> = [], acceptsInput: Bool = false,
        voices: VoiceCatalog = VoiceCatalog(), performance: PerformanceHistory = PerformanceHistory(),
        isBeforeFirstFrame: Bool = false
    ) {
        self.time = time
        self.logtime = logtime
        self.alias = alias
        self.language = language
        self.runNumber = runNumber
        self.parameters = parameters
        self.area = area
        self.layout = layout
        self.acceptedKeys = acceptedKeys
        self.heldKeys = heldKeys
        self.acceptsInput = acceptsInput
        self.voices = voices
        self.isBeforeFirstFrame = isBeforeFirstFrame
        self.performance = performance
    }

    /// The scenario time rows carry: none before the first frame.
    private var rowTime: ScenarioTime? { isBeforeFirstFrame ? nil : time }

    /// Appends a row of this task's module.
    public mutating func log(_ kind: LogRecord.Kind, _ address: String, _ value: PyValue) {
        log(kind, module: alias, address, value)
    }

    /// Appends a row of another module, such as the `input` row of a tap that stands for a
    /// key (`input,mouse_key,NUM_2,press`, as OpenMATB 1.5 logs a click on a control).
    public mutating func log(_ kind: LogRecord.Kind, module: String, _ address: String, _ value: PyValue) {
        records.append(LogRecord(logtime: logtime, scenarioTime: rowTime, kind: kind, module: module, address: address, value: value))
    }

    /// Appends a row with no module (`manual` rows).
    public mutating func logUnattributed(_ kind: LogRecord.Kind, _ value: PyValue) {
        records.append(LogRecord(logtime: logtime, scenarioTime: rowTime, kind: kind, value: value))
    }

    /// Swaps the rows logged so far with `other`. A host lends the session's row buffer to the
    /// task and takes it back, so rows are written once, in place: nothing reads a context's
    /// rows but the host.
    mutating func exchangeRecords(with other: inout [LogRecord]) {
        swap(&records, &other)
    }

    /// Appends a `state` row for a widget attribute, addressed `widget, attribute` as OpenMATB does.
    public mutating func logState(_ widget: String, _ attribute: String, _ value: PyValue) {
        log(.state, "\(widget), \(attribute)", value)
    }

    /// Asks the shell to play or stop a sound.
    public mutating func sound(_ command: SoundCommand) {
        sounds.append(command)
    }
}
