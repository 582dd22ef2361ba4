/// What resman's widgets show, held as OpenMATB's widgets hold it. Refreshing it from the
/// task's state logs one `state` row per property that changes (docs/openmatb-behaviour.md: Resources
/// management); what it holds is also what `ResmanDrawing` draws, so nothing moves on screen unless a row
/// says so.
struct ResmanDisplay: Hashable, Sendable {
    /// A target tank's tolerance bar: where it was last placed, and its colour.
    struct ToleranceMarker: Hashable, Sendable {
        var radius: PyValue
        var target: Int
        var max: Int
        var color: PyValue
    }

    /// Per pump, the triangle colour (`pump_N, triangle`).
    var pumpColors: [PyValue]
    /// Per pump, the flow text of its status row (`pump_N_flow, N`); nil without a status panel.
    var flowTexts: [String]?
    /// Per tank, the level the fluid is drawn at and the capacity it was drawn against.
    var fluidLevels: [Int]
    var fluidMaxima: [Int]
    /// Per tank, the number under it (empty for non-depletable tanks).
    var fluidLabels: [String]
    /// Per tank, the tolerance bar of tanks that had a target at start.
    var tolerance: [ToleranceMarker?]
    /// Whether the status panel's cover is up (`status_foreground, visibility`); like every
    /// OpenMATB widget it is created hidden, and appears as the task shows.
    var isStatusCoverVisible = false

    /// The widgets as `start` creates them: every pump in the off colour, flows `0`, fluid at
    /// the current levels, tolerance bars black.
    init(parameters: ParameterValues, levels: [Int], hasStatusPanel: Bool) {
        pumpColors = Array(repeating: parameters["pumpcoloroff"], count: ResmanTopology.pumpCount)
        flowTexts = hasStatusPanel ? Array(repeating: "0", count: ResmanTopology.pumpCount) : nil
        let settings = ResmanParameters(parameters)
        fluidLevels = levels
        fluidMaxima = settings.tanks.map(\.max)
        fluidLabels = ResmanTank.allCases.map { tank in
            parameters[.tank(tank, .depletable)].isTruthy ? String(levels[tank.rawValue]) : ""
        }
        tolerance = ResmanTank.allCases.map { tank in
            settings.tanks[tank.rawValue].target.map { target in
                ToleranceMarker(radius: parameters["toleranceradius"], target: target, max: settings.tanks[tank.rawValue].max,
                                color: .color(.black))
            }
        }
    }

    /// Brings every widget up to date, in OpenMATB's order (pumps 1…8, then tanks a…f),
    /// logging what changed.
    ///
    /// - Parameter toleranceColors: per tank, the colour the last update chose (`_tolerance_color`).
    mutating func refresh(state: ResmanState, toleranceColors: [PyValue], parameters: ParameterValues, context: inout TaskContext) {
        for index in 0..<ResmanTopology.pumpCount {
            let number = index + 1
            let color = parameters["pumpcolor\(state.pumps[index].rawValue)"]
            if !Self.sameColor(color, pumpColors[index]) {
                pumpColors[index] = color
                context.logState("pump_\(number)", "triangle", color)
            }
            if var texts = flowTexts {
                let text = state.pumps[index] == .on ? parameters[.pump(number, .flow)].pythonStr : "0"
                if text != texts[index] {
                    texts[index] = text
                    flowTexts = texts
                    context.logState("pump_\(number)_flow", String(number), .string(text))
                }
            }
        }
        for tank in ResmanTank.allCases {
            let index = tank.rawValue, name = "tank_\(tank.letter)"
            let max = ResmanParameters.integer(parameters[.tank(tank, .max)]) ?? 0
            if state.levels[index] != fluidLevels[index] {
                fluidLevels[index] = state.levels[index]
                fluidMaxima[index] = max
                context.logState(name, "fluid_level", .int(state.levels[index]))
            }
            let label = parameters[.tank(tank, .depletable)].isTruthy ? String(state.levels[index]) : ""
            if label != fluidLabels[index] {
                fluidLabels[index] = label
                context.logState(name, "fluid_label", .string(label))
            }
            guard var marker = tolerance[index], let target = ResmanParameters.integer(parameters[.tank(tank, .target)]) else {
                continue
            }
            let radius = parameters["toleranceradius"]
            if radius.number != marker.radius.number {
                marker.radius = radius
                marker.target = target
                marker.max = max
                context.logState(name, "tolerance_radius", radius)
                context.logState(name, "target", .int(target))
                context.logState(name, "level_max", .int(max))
            }
            if !Self.sameColor(toleranceColors[index], marker.color) {
                marker.color = toleranceColors[index]
                context.logState(name, "tolerance_color", marker.color)
            }
            tolerance[index] = marker
        }
    }

    /// Python's tuple equality, where `50` equals `50.0`.
    static func sameColor(_ a: PyValue, _ b: PyValue) -> Bool {
        guard case .tuple(let x) = a, case .tuple(let y) = b, x.count == y.count else { return a == b }
        return zip(x, y).allSatisfy { $0.number == $1.number }
    }
}
