/// Compensatory tracking (spec §6.2): a cursor drifts on two sines; the participant keeps it
/// in the central target with a stick (`.joystickAxes` inputs) or, until the input-devices
/// layer provides an on-screen stick, by dragging inside the tracking panel.
public final class TrackTask: TaskPlugin {
    private var state = TrackState()
    private var geometry: TrackGeometry?
    private var display: TrackDisplay?
    private var drawing: TrackDrawing?
    /// The latest joystick deflection the session delivered.
    private var deviceStick = TrackVector.zero
    private var drag: TrackPointerDrag?
    /// A drag ended since the last update: its return to the device's value is logged.
    private var dragEnded = false
    /// The stick as the last `input,joystick` rows written for drags left it.
    private var loggedStick = TrackVector.zero

    public init() {}

    /// The time out of target (spec §5.5).
    public var responseTimersMilliseconds: [Double] { [state.responseTime.doubleValue] }

    /// The deflection the dynamics use: a drag in progress, else the joystick.
    private var stick: TrackVector { drag?.stick ?? deviceStick }

    public func start(_ context: inout TaskContext) {
        let geometry = TrackGeometry(area: context.area)
        let parameters = TrackParameters(context.parameters)
        let display = TrackDisplay(geometry: geometry, color: parameters.cursorColor, targetProportion: parameters.targetProportion)
        self.geometry = geometry
        self.display = display
        // OpenMATB advances the generator once as it creates the reticle; the first update
        // overwrites that position before anything shows it.
        state.cursor = step(parameters, geometry: geometry, displayed: display.cursor)
    }

    public func update(_ context: inout TaskContext) {
        guard let geometry, let display else { return }
        let parameters = TrackParameters(context.parameters)
        logDraggedStick(&context)
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
        let parameters = TrackParameters(context.parameters)
        let color = state.wasInTarget == false ? parameters.cursorColorOutside : parameters.cursorColor
        for change in shown.refresh(cursor: state.cursor, color: color, targetProportion: context.parameters["targetproportion"],
                                    geometry: geometry) {
            context.logState("reticle", change.attribute, change.value)
        }
        display = shown
    }

    public func handle(_ input: InputEvent.Payload, _ context: inout TaskContext) {
        switch input {
        case .joystickAxes(let x, let y):
            deviceStick = TrackVector(x: x, y: y)
        case .pointerDown(let point, let pointer):
            guard drag == nil, let geometry, context.area.contains(x: point.x, y: point.y) else { return }
            drag = TrackPointerDrag(pointer: pointer, origin: point, reticleSide: geometry.side)
        case .pointerMove(let point, let pointer):
            if drag?.pointer == pointer { drag?.current = point }
        case .pointerUp(_, let pointer):
            if drag?.pointer == pointer { endDrag() }
        default:
            break
        }
    }

    public func parameterDidChange(_ path: String, _ context: inout TaskContext) {
        // The automation takes the task from the participant: a drag in progress ends.
        if path == "automaticsolver" && context.parameters.bool("automaticsolver") { endDrag() }
    }

    public func inputWasInterrupted() { endDrag() }

    public func areaOfInterestRows(in area: Rect) -> [(name: String, value: PyValue)] {
        [("reticle", TaskHost.aoiValue(TrackGeometry(area: area).reticle, integerX: false))]
    }

    public func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList) {
        guard let display else { return }
        if drawing?.geometry.area != area { drawing = TrackDrawing(area: area) }
        drawing?.draw(display, drag: drag, into: &list)
    }

    private func step(_ parameters: TrackParameters, geometry: TrackGeometry, displayed: TrackVector) -> TrackVector {
        TrackDynamics.step(&state.generator, side: geometry.side, automaticSolver: parameters.automaticSolver, displayed: displayed,
                           stick: stick, force: parameters.joystickForce, inverseAxis: parameters.inverseAxis)
    }

    private func endDrag() {
        guard drag != nil else { return }
        drag = nil
        dragEnded = true
    }

    /// Logs the deflection a drag produces as `input,joystick,x|y` rows when it changes,
    /// sampled at each update as the dynamics read it, so a replay feeds the same values.
    private func logDraggedStick(_ context: inout TaskContext) {
        guard drag != nil || dragEnded else { return }
        dragEnded = false
        let value = stick
        if value.x != loggedStick.x { context.log(.input, module: "joystick", "x", .float(value.x)) }
        if value.y != loggedStick.y { context.log(.input, module: "joystick", "y", .float(value.y)) }
        loggedStick = value
    }
}
