/// Compensatory tracking (docs/openmatb-behaviour.md: Tracking): a cursor drifts on two sines; the
/// participant keeps it in the central target with a stick: `.joystickAxes` inputs from a hardware joystick
/// or the on-screen stick.
public final class TrackTask: TaskPlugin {
    private var parameterCache = ParameterCache<TrackParameters>()
    public var takesOnScreenStick: Bool { true }

    private var state = TrackState()
    private var geometry: TrackGeometry?
    private var display: TrackDisplay?
    private var drawing: TrackDrawing?
    /// The latest stick deflection the session delivered (x right +, y pulled back +).
    private var stick = TrackVector.zero

    public init() {}

    /// The cursor as the screen shows it, relative to the reticle's centre, in half reticle
    /// sides (−1 to 1); nil before the task has started. What an operator looks at.
    var shownCursorInHalfSides: TrackVector? {
        guard let geometry, let display else { return nil }
        return TrackVector(x: display.cursor.x / (geometry.side / 2), y: display.cursor.y / (geometry.side / 2))
    }

    /// Whether the cursor as shown lies within the target circle as shown; nil before the task shows.
    var shownCursorInTarget: Bool? {
        guard let cursor = shownCursorInHalfSides, let display else { return nil }
        return (cursor.x * cursor.x + cursor.y * cursor.y).squareRoot() <= display.targetProportion
    }

    /// The time out of target (docs/openmatb-behaviour.md: Overdue alarm).
    public var responseTimersMilliseconds: [Double] { [state.responseTime.doubleValue] }

    public func start(_ context: inout TaskContext) {
        let geometry = TrackGeometry(area: context.area)
        let parameters = parameterCache.parameters(context.parameters, TrackParameters.init)
        let display = TrackDisplay(geometry: geometry, color: parameters.cursorColor, targetProportion: parameters.targetProportion)
        self.geometry = geometry
        self.display = display
        // OpenMATB advances the generator once as it creates the reticle; the first update
        // overwrites that position before anything shows it.
        state.cursor = step(parameters, geometry: geometry, displayed: display.cursor)
    }

    public func update(_ context: inout TaskContext) {
        guard let geometry, let display else { return }
        let parameters = parameterCache.parameters(context.parameters, TrackParameters.init)
        state.cursor = step(parameters, geometry: geometry, displayed: display.cursor)
        // The metrics read the cursor as displayed, one update behind.
        let radius = geometry.targetRadius(proportion: display.targetProportion)
        let inTarget = TrackScoring.isInTarget(absolute: display.absolute, center: geometry.center, radius: radius)
        state.wasInTarget = inTarget
        context.log(.performance, "cursor_in_target", TrackScoring.inTargetValue(inTarget))
        context.log(.performance, "center_deviation", .float(TrackScoring.deviation(display.cursor)))
        if let responseTime = TrackScoring.countResponseTime(inTarget: inTarget, &state.responseTime, period: parameters.updatePeriod) {
            context.log(.performance, "response_time", responseTime.pyValue)
        }
    }

    public func refresh(_ context: inout TaskContext) {
        guard let geometry, var shown = display else { return }
        let parameters = parameterCache.parameters(context.parameters, TrackParameters.init)
        let color = state.wasInTarget == false ? parameters.cursorColorOutside : parameters.cursorColor
        for change in shown.refresh(cursor: state.cursor, color: color, targetProportion: context.parameters["targetproportion"],
                                    geometry: geometry) {
            context.log(.state, change.address, change.value)
        }
        display = shown
    }

    public func handle(_ input: InputEvent.Payload, _ context: inout TaskContext) {
        if case .joystickAxes(let x, let y) = input { stick = TrackVector(x: x, y: y) }
    }

    public func areaOfInterestRows(in area: Rect) -> [(name: String, value: PyValue)] {
        [("reticle", TaskHost.aoiValue(TrackGeometry(area: area).reticle, integerX: false))]
    }

    public func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList) {
        guard let display else { return }
        if drawing?.geometry.area != area { drawing = TrackDrawing(area: area) }
        drawing?.draw(display, into: &list)
    }

    private func step(_ parameters: TrackParameters, geometry: TrackGeometry, displayed: TrackVector) -> TrackVector {
        TrackDynamics.step(&state.generator, side: geometry.side, automaticSolver: parameters.automaticSolver, displayed: displayed,
                           stick: stick, force: parameters.joystickForce, inverseAxis: parameters.inverseAxis)
    }
}
