/// What one MATB task implements; `TaskHost` supplies the lifecycle every task shares
/// (start/stop/pause/resume/show/hide, parameter dump, title band, cover, update cadence,
/// automation label and overdue alarm).
///
/// OpenMATB splits each frame of a task in two (spec §5.3): a *compute* step gated by
/// `taskupdatetime` (``update(_:)``) and a *refresh* of its widgets (``refresh(_:)``) that
/// logs a `state` row for every widget property that actually changed. The host runs a
/// refresh after every compute step, after every input or event that reached the task, and
/// at the times ``nextRefresh(after:)`` asks for, always after any compute due at that instant.
public protocol TaskPlugin: AnyObject {
    /// Called once the host has logged the task's areas, before it dumps the parameters and shows.
    func start(_ context: inout TaskContext)
    /// One compute step of `taskupdatetime`, at the step's exact scenario time.
    func update(_ context: inout TaskContext)
    /// Brings the widgets up to date with the state, logging a `state` row per change.
    /// Runs only while the task is alive and visible.
    func refresh(_ context: inout TaskContext)
    /// An input, delivered only while the task accepts input (running, visible, not automated);
    /// joystick axes reach every alive task, as OpenMATB polls the stick whenever it computes.
    func handle(_ input: InputEvent.Payload, _ context: inout TaskContext)
    /// A scenario event just set `path`.
    func parameterDidChange(_ path: String, _ context: inout TaskContext)
    /// The whole validated scenario, once, before the session starts (OpenMATB's
    /// `on_scenario_loaded`; scheduling plans its timelines from it).
    func scenarioDidLoad(_ scenario: Scenario)
    /// The task's own drawing inside its task area (the host draws title and cover).
    func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList)
    /// Named areas logged as `aoi` rows at start, after the host's own.
    func areasOfInterest(in area: Rect) -> [(name: String, rect: Rect)]
    /// The `aoi` rows' values, `(x1, y1, x2, y2)`; by default ``areasOfInterest(in:)`` as
    /// ``TaskHost/aoiValue(_:integerX:)`` guesses them. Tasks whose areas come from float
    /// arithmetic say so here, so that `1848.0` is not logged as `1848`.
    func areaOfInterestRows(in area: Rect) -> [(name: String, value: PyValue)]
    /// Milliseconds since each pending response became due (spec §5.5); the overdue alarm
    /// shows when one exceeds `taskfeedback-overdue-delayms`.
    var responseTimersMilliseconds: [Double] { get }
    /// The keys the task listens to before any `…key…` parameter changes them (spec §2.8).
    var defaultKeys: Set<String> { get }
    /// The next scenario time after `time` at which the widgets must refresh even if nothing
    /// is computed (a chronometer changing second), or `nil`.
    func nextRefresh(after time: ScenarioTime) -> ScenarioTime?
    /// For blocking screens: whether the participant has finished with it.
    var isFinished: Bool { get }
    /// For blocking screens: the operator (or `--headless`) moves past the current screen.
    func dismiss()
}

extension TaskPlugin {
    public func update(_ context: inout TaskContext) {}
    public func refresh(_ context: inout TaskContext) {}
    public func handle(_ input: InputEvent.Payload, _ context: inout TaskContext) {}
    public func parameterDidChange(_ path: String, _ context: inout TaskContext) {}
    public func scenarioDidLoad(_ scenario: Scenario) {}
    public func areasOfInterest(in area: Rect) -> [(name: String, rect: Rect)] { [] }
    public func areaOfInterestRows(in area: Rect) -> [(name: String, value: PyValue)] {
        areasOfInterest(in: area).map { ($0.name, TaskHost.aoiValue($0.rect)) }
    }
    public var responseTimersMilliseconds: [Double] { [] }
    public var defaultKeys: Set<String> { [] }
    public func nextRefresh(after time: ScenarioTime) -> ScenarioTime? { nil }
    public var isFinished: Bool { false }
    public func dismiss() {}
}
