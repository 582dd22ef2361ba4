/// The communications task (docs/openmatb-behaviour.md: Communications): callsigns drawn from
/// `callsignregex`, four radios, spoken prompts for the own callsign or others, tuning by held keys, answers
/// scored as HIT / MISS / FA / BAD_RADIO / BAD_FREQ / BAD_RADIO_FREQ, and the automatic solver.
///
/// Besides its keys, the task has on-screen controls for touch screens: tapping a radio
/// selects it, − and + under the radios tune the selected radio while held (a short tap
/// tunes one step), and a validate button between them answers. Each logs `input,mouse_key,<the key it stands for>,press`
/// and `release`, as OpenMATB 1.5 logs clicks on its controls.
public final class CommunicationsTask: TaskPlugin {
    private var parameterCache = ParameterCache<CommunicationsParameters>()
    private var state: CommunicationsState?
    private var callsigns: CallsignGenerator?
    private var widgets: CommunicationsDisplay?
    private var geometry: CommunicationsGeometry?
    /// Controls held by a finger or the mouse.
    private var heldControls: [InputEvent.Pointer: CommunicationsGeometry.Control] = [:]
    /// Tune buttons tapped since the last update: each counts as held for one update, so a
    /// tap shorter than an update still tunes one step.
    private var tappedControls: Set<CommunicationsGeometry.Control> = []

    public init() {}

    /// The default `keys-…` values; the host keeps the set as the scenario changes them.
    public var defaultKeys: Set<String> { ["UP", "DOWN", "RIGHT", "LEFT", "ENTER"] }

    /// Milliseconds since each awaited prompt ended, for the overdue alarm (docs/openmatb-behaviour.md:
    /// Overdue alarm).
    public var responseTimersMilliseconds: [Double] { state?.responseTimersMilliseconds ?? [] }

    /// The radios as the participant sees them: which is selected, each one's frequency, and
    /// the frequency a prompt for the own callsign asked for, once it has been spoken.
    var shownRadios: [CommunicationsRadio] { state?.radios ?? [] }

    private func draws(_ context: TaskContext) -> SeededDraws {
        SeededDraws(runNumber: context.runNumber, plugin: .communications)
    }

    // MARK: Lifecycle

    public func construct(_ context: inout TaskContext) {
        var generator = CallsignGenerator(runNumber: context.runNumber)
        let (state, events) = CommunicationsDynamics.construct(
            parameterCache.parameters(context.parameters, CommunicationsParameters.init), callsigns: &generator, draws: draws(context))
        self.state = state
        callsigns = generator
        record(events, &context)
        writeBack(&context.parameters)
    }

    /// Selects the starting radio and creates the widgets.
    public func start(_ context: inout TaskContext) {
        guard var state else { return }
        record(CommunicationsDynamics.selectStartingRadio(&state, draws: draws(context), at: context.time), &context)
        self.state = state
        var widgets = CommunicationsDisplay(state: state, language: context.language)
        // The active radio's widget shows its selection as it is created.
        widgets.didShow(&context)
        self.widgets = widgets
        geometry = CommunicationsGeometry(area: context.area)
        writeBack(&context.parameters)
    }

    public func areaOfInterestRows(in area: Rect) -> [(name: String, value: PyValue)] {
        let geometry = self.geometry ?? CommunicationsGeometry(area: area)
        let names = state?.radios.map(\.name) ?? CommunicationsDescriptor.radioNames
        let areas = [("callsign", area)] + names.enumerated().map { (CommunicationsDisplay.widgetName($1), geometry.radios[$0]) }
        return areas.map { ($0.0, TaskHost.aoiValue($0.1)) }
    }

    public func didShow(_ context: inout TaskContext) {
        widgets?.didShow(&context)
    }

    // MARK: Dynamics

    public func update(_ context: inout TaskContext) {
        guard var state, var generator = callsigns else { return }
        let parameters = parameterCache.parameters(context.parameters, CommunicationsParameters.init)
        let held = Set(heldControls.values).union(tappedControls)
        tappedControls = []
        let controls = CommunicationsDynamics.Controls(
            acceptsInput: context.acceptsInput,
            isTuningDown: context.heldKeys.contains(parameters.keys.tuneFrequencyDown) || held.contains(.tuneDown),
            isTuningUp: context.heldKeys.contains(parameters.keys.tuneFrequencyUp) || held.contains(.tuneUp))
        var promptAnswered = false
        let callsignsBefore = (state.ownCallsign, state.otherCallsigns)
        let events = CommunicationsDynamics.step(
            &state, parameters, callsigns: &generator, draws: draws(context), voices: context.voices, controls: controls,
            at: context.time, promptAnswered: &promptAnswered)
        self.state = state
        callsigns = generator
        if promptAnswered { context.parameters["radioprompt"] = .string("") }
        record(events, &context)
        if callsignsBefore != (state.ownCallsign, state.otherCallsigns) { writeBack(&context.parameters) }
    }

    public func refresh(_ context: inout TaskContext) {
        guard let state, var widgets else { return }
        widgets.refresh(state: state, parameters: context.parameters, context: &context)
        self.widgets = widgets
    }

    public func parameterDidChange(_ path: String, _ context: inout TaskContext) {
        switch path {
        case "owncallsign":
            state?.ownCallsign = context.parameters.string(path) ?? ""
        case "othercallsign":
            if case .list(let items) = context.parameters[path] { state?.otherCallsigns = items.compactMap(\.text) }
        default:
            break
        }
    }

    /// Turns events into rows and sound commands.
    private func record(_ events: [CommunicationsDynamics.Event], _ context: inout TaskContext) {
        let periodIsInteger = parameterCache.parameters(context.parameters, CommunicationsParameters.init).periodIsInteger
        for event in events {
            switch event {
            case .draw(let seed, let output):
                context.log(.seedValue, "", .int(seed))
                context.log(.seedOutput, "", output)
            case .note(let text):
                context.logUnattributed(.manual, .string(text))
            case .speak(let prompt):
                context.sound(.play(prompt))
            case .silence:
                context.sound(.stop)
            case .response(let response):
                for row in response.rows(periodIsInteger: periodIsInteger) { context.log(.performance, row.address, row.value) }
            }
        }
    }

    // MARK: Input

    public func handle(_ input: InputEvent.Payload, _ context: inout TaskContext) {
        let parameters = parameterCache.parameters(context.parameters, CommunicationsParameters.init)
        switch input {
        case .keyPress(let key), .joystickButton(let key, pressed: true):
            guard context.acceptedKeys.contains(key) else { return }
            press(key, parameters, &context)
        case .pointerDown(let point, let pointer):
            guard context.acceptsInput, let geometry, let state else { return }
            let target = geometry.target(at: point)
            if let control = target.control {
                let key = self.key(for: control, parameters)
                context.log(.input, module: "mouse_key", key, .string("press"))
                heldControls[pointer] = control
                if control == .validate {
                    record(confirm(parameters), &context)
                } else {
                    tappedControls.insert(control)
                }
            } else if let row = target.row, let active = state.activeIndex {
                let steps = row - state.radios[active].position
                let key = steps < 0 ? parameters.keys.selectRadioUp : parameters.keys.selectRadioDown
                for _ in 0..<abs(steps) {
                    context.log(.input, module: "mouse_key", key, .string("press"))
                    moveSelection(by: steps < 0 ? -1 : 1)
                    context.log(.input, module: "mouse_key", key, .string("release"))
                }
            }
        case .pointerUp(_, let pointer):
            guard let control = heldControls.removeValue(forKey: pointer) else { return }
            context.log(.input, module: "mouse_key", key(for: control, parameters), .string("release"))
        default:
            break
        }
    }

    private func press(_ key: String, _ parameters: CommunicationsParameters, _ context: inout TaskContext) {
        if key == parameters.keys.selectRadioUp {
            moveSelection(by: -1)
        } else if key == parameters.keys.selectRadioDown {
            moveSelection(by: 1)
        } else if key == parameters.keys.validateResponse {
            record(confirm(parameters), &context)
        }
    }

    private func moveSelection(by change: Int) {
        guard var state else { return }
        CommunicationsDynamics.moveSelection(by: change, in: &state)
        self.state = state
    }

    private func confirm(_ parameters: CommunicationsParameters) -> [CommunicationsDynamics.Event] {
        guard var state else { return [] }
        let events = CommunicationsDynamics.confirm(&state, parameters)
        self.state = state
        return events
    }

    private func key(for control: CommunicationsGeometry.Control, _ parameters: CommunicationsParameters) -> String {
        switch control {
        case .tuneDown: parameters.keys.tuneFrequencyDown
        case .tuneUp: parameters.keys.tuneFrequencyUp
        case .validate: parameters.keys.validateResponse
        }
    }

    // MARK: Drawing

    public func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList) {
        guard let widgets else { return }
        let held = Set(heldControls.values)
        CommunicationsDrawing.draw(
            widgets, geometry: geometry ?? CommunicationsGeometry(area: area),
            pressed: .init(tuneDown: held.contains(.tuneDown), tuneUp: held.contains(.tuneUp)), language: language, into: &list)
    }

    // MARK: Parameters

    /// Mirrors callsigns and radios into the parameter tree, where OpenMATB keeps them and
    /// dumps them at start.
    private func writeBack(_ parameters: inout ParameterValues) {
        guard let state else { return }
        parameters["owncallsign"] = .string(state.ownCallsign)
        parameters["othercallsign"] = .list(state.otherCallsigns.map(PyValue.string))
        let periodIsInteger = CommunicationsParameters(parameters).periodIsInteger
        for (index, radio) in state.radios.enumerated() {
            guard case .dict(let entries) = radio.pythonDict(periodIsInteger: periodIsInteger) else { continue }
            for entry in entries where entry.key != "widget" { parameters["radios-\(index)-\(entry.key)"] = entry.value }
        }
    }
}
