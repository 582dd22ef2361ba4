/// What one MATB task implements; `TaskHost` supplies the lifecycle every task shares
/// (start/stop/pause/resume/show/hide, parameter dump, title band, cover, update cadence).
///
/// Only `start` and `draw` are required; every other hook has a default that does nothing.
/// The order of the hooks around `start` follows OpenMATB's (spec §5.2, §8.3): `willStart`,
/// the task's `aoi` rows, the parameter dump, `start`, then `didShow`.
public protocol TaskPlugin: AnyObject {
    /// Called once when the session begins, before any event: OpenMATB builds its plugins
    /// while it reads the scenario, and communications draws its callsigns then (spec §1.1).
    /// Rows logged here carry scenario time `0` (before the first frame).
    func construct(_ context: inout TaskContext)
    /// Called at `start` before the task's areas are logged and its parameters dumped: the
    /// place to create widget state whose values the dump shows (OpenMATB's `create_widgets`).
    func willStart(_ context: inout TaskContext)
    /// Called once the host has logged the task's areas and parameters, before it shows.
    func start(_ context: inout TaskContext)
    /// One update step of `taskupdatetime`, at the step's exact scenario time.
    func update(_ context: inout TaskContext)
    /// Brings what the task shows up to date with its state, logging a `state` row for each
    /// widget property that changed. Called after every event, input and update while the
    /// task is visible (OpenMATB refreshes its widgets at every frame).
    func refresh(_ context: inout TaskContext)
    /// An input, delivered only while the task accepts input (running, visible, not automated).
    /// Pointer releases are always delivered to a started task, so a control held by a
    /// finger is let go even if the task stopped accepting input meanwhile.
    func handle(_ input: InputEvent.Payload, _ context: inout TaskContext)
    /// A scenario event just set `path`.
    func parameterDidChange(_ path: String, _ context: inout TaskContext)
    /// The task was just shown (its cover removed); not called for fullscreen or invisible tasks.
    func didShow(_ context: inout TaskContext)
    /// The task was just hidden (its cover put up); not called for fullscreen or invisible tasks.
    func didHide(_ context: inout TaskContext)
    /// The task's own drawing inside its task area (the host draws title and cover).
    func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList)
    /// Drawing outside the task's own region (resman's pump-status panel), including the
    /// cover it needs while the task is hidden. Drawn after every task's region.
    func drawOutsideRegion(layout: ScreenLayout, isVisible: Bool, parameters: ParameterValues, language: Language, into list: inout DrawList)
    /// Named areas logged as `aoi` rows at start, besides the host's own.
    func areasOfInterest(in area: Rect) -> [(name: String, rect: Rect)]
    /// Named areas logged as `aoi` rows at start, for tasks with areas outside their task
    /// area; the default is `areasOfInterest(in: area)`.
    func areasOfInterest(in area: Rect, layout: ScreenLayout, parameters: ParameterValues) -> [(name: String, rect: Rect)]
    /// For blocking screens: whether the participant has finished with it.
    var isFinished: Bool { get }
    /// For blocking screens: the operator (or `--headless`) moves past the current screen.
    func dismiss()
}

extension TaskPlugin {
    public func construct(_ context: inout TaskContext) {}
    public func willStart(_ context: inout TaskContext) {}
    public func update(_ context: inout TaskContext) {}
    public func refresh(_ context: inout TaskContext) {}
    public func handle(_ input: InputEvent.Payload, _ context: inout TaskContext) {}
    public func parameterDidChange(_ path: String, _ context: inout TaskContext) {}
    public func didShow(_ context: inout TaskContext) {}
    public func didHide(_ context: inout TaskContext) {}
    public func drawOutsideRegion(
        layout: ScreenLayout, isVisible: Bool, parameters: ParameterValues, language: Language, into list: inout DrawList
    ) {}
    public func areasOfInterest(in area: Rect) -> [(name: String, rect: Rect)] { [] }
    public func areasOfInterest(in area: Rect, layout: ScreenLayout, parameters: ParameterValues) -> [(name: String, rect: Rect)] {
        areasOfInterest(in: area)
    }
    public var isFinished: Bool { false }
    public func dismiss() {}
}
