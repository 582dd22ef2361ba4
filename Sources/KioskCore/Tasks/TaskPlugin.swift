/// What one MATB task implements; `TaskHost` supplies the lifecycle every task shares
/// (start/stop/pause/resume/show/hide, parameter dump, title band, cover, update cadence).
public protocol TaskPlugin: AnyObject {
    /// Called once the host has logged the task's areas and parameters, before it shows.
    func start(_ context: inout TaskContext)
    /// One update step of `taskupdatetime`, at the step's exact scenario time.
    func update(_ context: inout TaskContext)
    /// An input, delivered only while the task accepts input (running, visible, not automated).
    func handle(_ input: InputEvent.Payload, _ context: inout TaskContext)
    /// A scenario event just set `path`.
    func parameterDidChange(_ path: String, _ context: inout TaskContext)
    /// The task's own drawing inside its task area (the host draws title and cover).
    func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList)
    /// Named areas logged as `aoi` rows at start, besides the host's own.
    func areasOfInterest(in area: Rect) -> [(name: String, rect: Rect)]
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
}

extension TaskPlugin {
    public func update(_ context: inout TaskContext) {}
    public func handle(_ input: InputEvent.Payload, _ context: inout TaskContext) {}
    public func parameterDidChange(_ path: String, _ context: inout TaskContext) {}
    public func areasOfInterest(in area: Rect) -> [(name: String, rect: Rect)] { [] }
    public var isFinished: Bool { false }
    public func dismiss() {}
    public func stop(_ context: inout TaskContext) {}
    public var stopsWhenFinished: Bool { true }
    public func takeOutputs() -> [DeviceOutput] { [] }
}
