/// The resources-management task (docs/openmatb-behaviour.md: Resources management): six tanks, eight pumps,
/// leaks and flows per update, the automatic solver, tolerance scoring and the pump-status panel.
///
/// Pumps answer to their `pump-N-key` (NUM_1 … NUM_8 by default, kept in the host's key set)
/// and to a tap or click on their triangle. While a pump keeps its default key, it also answers to the top-row digit
/// (`_1` … `_8`) and to the keypad key with NumLock off (`NUM_END` … `NUM_UP`), so keyboards
/// without a numpad, or with NumLock off, work (OpenMATB issue #38; docs/matb.md).
public final class ResmanTask: TaskPlugin {
    /// Extra keys for each pump while it keeps its default key: top-row digits, then the
    /// keypad's NumLock-off names (docs/openmatb-behaviour.md: Key names).
    static let keyAliases: [[String]] = [
        ["_1", "NUM_END"], ["_2", "NUM_DOWN"], ["_3", "NUM_PAGE_DOWN"], ["_4", "NUM_LEFT"],
        ["_5", "NUM_BEGIN"], ["_6", "NUM_RIGHT"], ["_7", "NUM_HOME"], ["_8", "NUM_UP"],
    ]

    private var state: ResmanState?
    /// Per tank, `_tolerance_color`: the colour the last update chose (black until then).
    private var toleranceColors: [PyValue] = Array(repeating: .color(.black), count: ResmanTank.allCases.count)
    private var widgets: ResmanDisplay?
    private var geometry: ResmanGeometry?
    private var statusPanel: ResmanGeometry.StatusPanel?

    public init() {}

    /// Each pump's default key, `NUM_1` … `NUM_8`.
    public var defaultKeys: Set<String> { Set((1...ResmanTopology.pumpCount).map { "NUM_\($0)" }) }

    /// Milliseconds each target tank has been out of tolerance, for the overdue alarm
    /// (docs/openmatb-behaviour.md: Overdue alarm).
    public var responseTimersMilliseconds: [Double] {
        guard let state else { return [] }
        return ResmanTank.allCases.filter { [.a, .b].contains($0) }.map { state.responseTimesMs[$0.rawValue] }
    }

    // MARK: Lifecycle

    public func construct(_ context: inout TaskContext) {
        state = ResmanState(context.parameters)
    }

    /// Creates the widgets, including the status panel in the region `statuslocation` names.
    public func start(_ context: inout TaskContext) {
        let current = currentState(context.parameters)
        if !context.parameters.bool("displaystatus") {
            for number in 1...ResmanTopology.pumpCount { context.parameters.removeValue(forPath: ResmanPath.pump(number, .statusWidget).path) }
        }
        writeBack(current, into: &context.parameters)
        widgets = ResmanDisplay(parameters: context.parameters, levels: current.levels,
                                hasStatusPanel: context.parameters.bool("displaystatus"))
        geometry = ResmanGeometry(area: context.area)
        if context.parameters.bool("displaystatus") {
            let placement = context.parameters.string("statuslocation").flatMap(Placement.init(rawValue:)) ?? .bottomright
            statusPanel = ResmanGeometry.statusPanel(in: context.layout.region(placement))
        } else {
            statusPanel = nil
        }
    }

    public func areaOfInterestRows(in area: Rect) -> [(name: String, value: PyValue)] {
        let geometry = self.geometry ?? ResmanGeometry(area: area)
        var areas: [(name: String, rect: Rect)] = []
        if let panel = statusPanel {
            areas.append(("status_foreground", panel.area))
            areas.append(("status_title", panel.title))
            for (index, row) in panel.rows.enumerated() { areas.append(("pump_\(index + 1)_flow", row)) }
        }
        for tank in ResmanTank.allCases { areas.append(("tank_\(tank.letter)", geometry.tanks[tank.rawValue])) }
        return areas.map { ($0.name, TaskHost.aoiValue($0.rect)) }
    }

    /// Every widget shows with the task, the status cover too; `didShow` lifts it.
    public func willShow(_ context: inout TaskContext) {
        setStatusCover(visible: true, &context)
    }

    public func didShow(_ context: inout TaskContext) {
        setStatusCover(visible: false, &context)
    }

    public func didHide(_ context: inout TaskContext) {
        setStatusCover(visible: true, &context)
    }

    private func setStatusCover(visible: Bool, _ context: inout TaskContext) {
        guard statusPanel != nil, context.parameters.bool("displaystatus"), var widgets, widgets.isStatusCoverVisible != visible else {
            return
        }
        widgets.isStatusCoverVisible = visible
        self.widgets = widgets
        context.logState("status_foreground", "visibility", .int(visible ? 1 : 0))
    }

    // MARK: Dynamics

    public func update(_ context: inout TaskContext) {
        var current = currentState(context.parameters)
        let parameters = ResmanParameters(context.parameters)
        let scores = ResmanDynamics.step(&current, parameters)
        let periodIsInteger: Bool
        if case .int = context.parameters["taskupdatetime"] { periodIsInteger = true } else { periodIsInteger = false }
        for row in ResmanScoring.rows(scores, periodIsInteger: periodIsInteger) {
            context.log(.performance, row.address, row.value)
        }
        for score in scores where score.tolerance != .notApplicable {
            toleranceColors[score.tank.rawValue] = context.parameters[score.tolerance == .inside ? "tolerancecolor" : "tolerancecoloroutside"]
        }
        state = current
        writeBack(current, into: &context.parameters)
    }

    public func refresh(_ context: inout TaskContext) {
        guard var widgets, let state else { return }
        widgets.refresh(state: state, toleranceColors: toleranceColors, parameters: context.parameters, context: &context)
        self.widgets = widgets
    }

    public func parameterDidChange(_ path: String, _ context: inout TaskContext) {
        var current = currentState(context.parameters)
        let parts = path.split(separator: "-").map(String.init)
        if parts.count == 3, parts[0] == "tank", parts[2] == "level", let tank = ResmanTank(letter: parts[1]) {
            current.levels[tank.rawValue] = ResmanParameters.integer(context.parameters[path]) ?? 0
        } else if parts.count == 3, parts[0] == "pump", parts[2] == "state", let number = Int(parts[1]),
                  (1...ResmanTopology.pumpCount).contains(number) {
            current.pumps[number - 1] = PumpState(rawValue: context.parameters.string(path) ?? "off") ?? .off
        }
        state = current
    }

    // MARK: Input

    public func handle(_ input: InputEvent.Payload, _ context: inout TaskContext) {
        switch input {
        case .keyPress(let key):
            guard let pump = Self.pump(forKey: key, accepted: context.acceptedKeys, pumpKeys: Self.pumpKeys(context.parameters)) else {
                return
            }
            toggle(pump, &context)
        case .pointerDown(let point, _):
            guard let pump = geometry?.pump(at: point) else { return }
            // As OpenMATB 1.5 logs a click on a pump: the key it stands for, then the toggle.
            context.log(.input, module: "mouse_key", Self.pumpKeys(context.parameters)[pump], .string("press"))
            toggle(pump, &context)
        default:
            break
        }
    }

    /// Each pump's key (`pump-N-key`), pump 1 first.
    static func pumpKeys(_ parameters: ParameterValues) -> [String] {
        (1...ResmanTopology.pumpCount).map { parameters[.pump($0, .key)].text ?? "NUM_\($0)" }
    }

    /// The pump a key toggles: the first pump set to that key, if the key is one the task
    /// listens to (`accepted`, the host's key set); otherwise a pump whose default key the
    /// alias stands for.
    static func pump(forKey key: String, accepted: Set<String>, pumpKeys: [String]) -> Int? {
        if accepted.contains(key) { return pumpKeys.firstIndex(of: key) }
        return Self.keyAliases.indices.first { index in
            Self.keyAliases[index].contains(key) && pumpKeys[index] == "NUM_\(index + 1)"
        }
    }

    private func toggle(_ pump: Int, _ context: inout TaskContext) {
        var current = currentState(context.parameters)
        guard ResmanDynamics.toggle(pump: pump, in: &current) else { return }
        state = current
        context.parameters[.pump(pump + 1, .state)] = .string(current.pumps[pump].rawValue)
    }

    // MARK: Drawing

    public func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList) {
        guard let widgets else { return }
        ResmanDrawing.draw(widgets, geometry: geometry ?? ResmanGeometry(area: area), into: &list)
    }

    public func drawOutsideRegion(
        layout: ScreenLayout, isVisible: Bool, parameters: ParameterValues, language: Language, into list: inout DrawList
    ) {
        guard let panel = statusPanel, let widgets else { return }
        if widgets.isStatusCoverVisible || !isVisible {
            list.fill(panel.area, .background)
        } else {
            ResmanDrawing.drawStatusPanel(widgets, panel: panel, language: language, into: &list)
        }
    }

    // MARK: State and parameters

    /// The tank levels and pump states the panel shows, and each pump's key: what an operator
    /// reads off the screen; nil before the first update.
    func shownPumpsAndLevels(_ parameters: ParameterValues) -> (levels: [Int], pumps: [PumpState], keys: [String])? {
        state.map { ($0.levels, $0.pumps, Self.pumpKeys(parameters)) }
    }

    private func currentState(_ parameters: ParameterValues) -> ResmanState {
        state ?? ResmanState(parameters)
    }

    /// Mirrors the state into the parameter tree, where OpenMATB keeps it and dumps it.
    private func writeBack(_ state: ResmanState, into parameters: inout ParameterValues) {
        for tank in ResmanTank.allCases {
            parameters[.tank(tank, .level)] = .int(state.levels[tank.rawValue])
            guard tank == .a || tank == .b else { continue }
            let periodIsInteger: Bool
            if case .int = parameters["taskupdatetime"] { periodIsInteger = true } else { periodIsInteger = false }
            let milliseconds = state.responseTimesMs[tank.rawValue]
            parameters[.tank(tank, .responseTime)] = periodIsInteger ? .int(Int(milliseconds)) : .float(milliseconds)
            let tolerance: PyValue
            switch state.tolerance[tank.rawValue] {
            case nil: tolerance = .none
            case .inside?: tolerance = .bool(true)
            case .outside?: tolerance = .bool(false)
            case .notApplicable?: tolerance = .float(.nan)
            }
            parameters[.tank(tank, .isInTolerance)] = tolerance
            parameters[.tank(tank, .toleranceColor)] = toleranceColors[tank.rawValue]
        }
        for (index, pump) in state.pumps.enumerated() {
            parameters[.pump(index + 1, .state)] = .string(pump.rawValue)
        }
    }
}
