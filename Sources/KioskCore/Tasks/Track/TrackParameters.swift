/// Track's scenario parameters (docs/openmatb-behaviour.md: Tracking), typed, as one update reads them.
struct TrackParameters: Equatable {
    /// Cursor colour inside the target, as the scenario gave it (logged as is).
    var cursorColor: PyValue
    /// Cursor colour outside the target.
    var cursorColorOutside: PyValue
    var automaticSolver: Bool
    /// Target radius as a fraction of half the reticle side; 0 means no target.
    var targetProportion: Double
    /// Stick gain; 0 disables the stick.
    var joystickForce: Double
    /// Inverts both stick axes.
    var inverseAxis: Bool
    /// `taskupdatetime`, counted into the out-of-target response time.
    var updatePeriod: PythonNumber

    /// The parameters the store holds now; missing values fall back to OpenMATB's defaults.
    init(_ values: ParameterValues) {
        cursorColor = values["cursorcolor"]
        cursorColorOutside = values["cursorcoloroutside"]
        automaticSolver = values.bool("automaticsolver")
        targetProportion = values.number("targetproportion") ?? 0.25
        joystickForce = values.number("joystickforce") ?? 1
        inverseAxis = values.bool("inverseaxis")
        updatePeriod = PythonNumber(values["taskupdatetime"]) ?? .int(20)
    }

    init(cursorColor: PyValue = .color(.black), cursorColorOutside: PyValue = .color(.red), automaticSolver: Bool = false,
         targetProportion: Double = 0.25, joystickForce: Double = 1, inverseAxis: Bool = false, updatePeriod: PythonNumber = .int(20)) {
        self.cursorColor = cursorColor
        self.cursorColorOutside = cursorColorOutside
        self.automaticSolver = automaticSolver
        self.targetProportion = targetProportion
        self.joystickForce = joystickForce
        self.inverseAxis = inverseAxis
        self.updatePeriod = updatePeriod
    }
}
