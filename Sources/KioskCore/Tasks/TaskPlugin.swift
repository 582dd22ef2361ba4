/// What one MATB task implements; `TaskHost` supplies the lifecycle every task shares
/// (start/stop/pause/resume/show/hide, parameter dump, title band, cover, update cadence,
/// automation label, overdue alarm and key set).
///
/// Only `start` and `draw` are required; every other hook has a default that does nothing.
///
/// OpenMATB splits each frame of a task in two (docs/openmatb-behaviour.md: Task lifecycle): a *compute* step
/// gated by
/// `taskupdatetime` (``update(_:)``) and a *refresh* of its widgets (``refresh(_:)``) that
/// logs a `state` row for every widget property that actually changed. The host runs a
/// refresh after every compute step, after every input or event that reached the task, and
/// at the times ``nextRefresh(after:)`` asks for, always after any compute due at that instant.
///
/// The hooks around `start` follow OpenMATB's order (docs/openmatb-behaviour.md: Task lifecycle, Log rows):
/// the host's `aoi` rows, ``start(_:)``, the task's ``areaOfInterestRows(in:)``, the parameter dump, then the
/// show: the host's widgets appear, ``willShow(_:)``, the host lifts its cover and alarm
/// frame, ``didShow(_:)``.
public protocol TaskPlugin: AnyObject {
    /// Called once when the session begins, before any event: OpenMATB builds its plugins
    /// while it reads the scenario, and communications draws its callsigns then (docs/openmatb-behaviour.md:
    /// Start-up). Rows logged here carry scenario time `0` (before the first frame).
    func construct(_ context: inout TaskContext)
    /// The whole validated scenario, once, before the session starts (OpenMATB's
    /// `on_scenario_loaded`; scheduling plans its timelines from it).
    func scenarioDidLoad(_ scenario: Scenario)
    /// Creates the task's widgets (OpenMATB's `create_widgets`), after the host's own `aoi`
    /// rows and before the task's areas are logged and its parameters dumped, so that the
    /// dump shows what the widgets set.
    func start(_ context: inout TaskContext)
    /// One compute step of `taskupdatetime`, at the step's exact scenario time.
    func update(_ context: inout TaskContext)
    /// Brings the widgets up to date with the state, logging a `state` row per change.
    /// Runs only while the task is alive and visible.
    func refresh(_ context: inout TaskContext)
    /// An input, delivered only while the task accepts input (running, visible, not automated);
    /// joystick axes reach every alive task, as OpenMATB polls the stick whenever it computes,
    /// and pointer releases reach every started task, so a control held by a finger is let
    /// go even if the task stopped accepting input meanwhile.
    func handle(_ input: InputEvent.Payload, _ context: inout TaskContext)
    /// A scenario event just set `path`.
    func parameterDidChange(_ path: String, _ context: inout TaskContext)
    /// The task is showing: the host's widgets just appeared, its cover is still up (OpenMATB
    /// shows every widget before lifting the covers). Not called for fullscreen or invisible tasks.
    func willShow(_ context: inout TaskContext)
    /// The task was just shown (its cover lifted); not called for fullscreen or invisible tasks.
    func didShow(_ context: inout TaskContext)
    /// The task was just hidden (its cover put up); not called for fullscreen or invisible tasks.
    func didHide(_ context: inout TaskContext)
    /// The task's own drawing inside its task area (the host draws title, cover and alarm frame).
    func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList)
    /// Drawing outside the task's own region (resman's pump-status panel), including the
    /// cover it needs while the task is hidden. Drawn after every task's region.
    func drawOutsideRegion(layout: ScreenLayout, isVisible: Bool, parameters: ParameterValues, language: Language, into list: inout DrawList)
    /// The task's named areas, logged as `aoi` rows after the host's own, as `(x1, y1, x2, y2)`
    /// values (``TaskHost/aoiValue(_:integerX:)``), so that a task whose areas come from
    /// float arithmetic can log `1848.0` rather than `1848`. Called after ``start(_:)``.
    func areaOfInterestRows(in area: Rect) -> [(name: String, value: PyValue)]
    /// Milliseconds since each pending response became due (docs/openmatb-behaviour.md: Overdue alarm); the
    /// overdue alarm shows when one exceeds `taskfeedback-overdue-delayms`.
    var responseTimersMilliseconds: [Double] { get }
    /// The keys the task listens to before any `…key…` parameter changes them (docs/openmatb-behaviour.md:
    /// Scenario events).
    var defaultKeys: Set<String> { get }
    /// The next scenario time after `time` at which the widgets must refresh even if nothing
    /// is computed (a chronometer changing second), or `nil`.
    func nextRefresh(after time: ScenarioTime) -> ScenarioTime?
    /// For blocking screens: whether the participant has finished with it.
    var isFinished: Bool { get }
    /// For blocking screens: the operator (or `--headless`) moves past the current screen.
    func dismiss()
    /// The task stops (scenario `stop`, session end, or a blocking screen that finished);
    /// rows logged here precede the stop's own rows (genericscales logs its answers).
    func stop(_ context: inout TaskContext)
    /// For blocking screens: whether finishing stops the task (instructions, questionnaires)
    /// or only hides it and lets it run on (labstreaminglayer keeps its outlet).
    var stopsWhenFinished: Bool { get }
    /// Device actions (LSL markers, parallel port bytes) produced since the last call.
    func takeOutputs() -> [DeviceOutput]
    /// Whether the on-screen stick sits beside this task's region and steers it (tracking),
    /// when no hardware joystick does.
    var takesOnScreenStick: Bool { get }
    /// Whether the task reads the performance values logged so far (the performance bar);
    /// only such a task is handed them.
    var readsPerformance: Bool { get }
}

extension TaskPlugin {
    public func construct(_ context: inout TaskContext) {}
    public func scenarioDidLoad(_ scenario: Scenario) {}
    public func update(_ context: inout TaskContext) {}
    public func refresh(_ context: inout TaskContext) {}
    public func handle(_ input: InputEvent.Payload, _ context: inout TaskContext) {}
    public func parameterDidChange(_ path: String, _ context: inout TaskContext) {}
    public func willShow(_ context: inout TaskContext) {}
    public func didShow(_ context: inout TaskContext) {}
    public func didHide(_ context: inout TaskContext) {}
    public func drawOutsideRegion(
        layout: ScreenLayout, isVisible: Bool, parameters: ParameterValues, language: Language, into list: inout DrawList
    ) {}
    public func areaOfInterestRows(in area: Rect) -> [(name: String, value: PyValue)] { [] }
    public var responseTimersMilliseconds: [Double] { [] }
    public var defaultKeys: Set<String> { [] }
    public func nextRefresh(after time: ScenarioTime) -> ScenarioTime? { nil }
    public var isFinished: Bool { false }
    public func dismiss() {}
    public func stop(_ context: inout TaskContext) {}
    public var stopsWhenFinished: Bool { true }
    public func takeOutputs() -> [DeviceOutput] { [] }
    public var takesOnScreenStick: Bool { false }
    public var readsPerformance: Bool { false }
}
