/// System monitoring (docs/openmatb-behaviour.md: System monitoring): four scales and two lights that fail on
/// the scenario's command; the participant answers with F1–F6 (or the keys the scenario binds), a joystick
/// button bound as a key, or by tapping or clicking the gauge.
public final class SysmonTask: TaskPlugin {
    private var parameterCache = ParameterCache<SysmonParameters>()
    /// `sample(items, 1)[0]` of a generator seeded with `seed`.
    public typealias Sample = (_ items: [Int], _ seed: Int) -> Int

    /// A test's replacement for CPython's draw; `nil` draws as CPython does, through `picks`.
    private let sample: Sample?
    private var picks = ConsecutiveSeedPicks()
    private var state = SysmonState()
    private var display: SysmonDisplay?
    private var drawing: SysmonDrawing?

    /// - Parameter sample: the seeded draw: CPython's generator unless a test replaces it.
    public init(sample: Sample? = nil) {
        self.sample = sample
    }

    /// CPython's `random.seed(seed); random.sample(items, 1)[0]` (docs/openmatb-behaviour.md: Seeds and
    /// pseudo-random draws).
    public static func cpythonSample(_ items: [Int], _ seed: Int) -> Int {
        var generator = PythonRandom(seed: seed)
        return generator.sample1(items) ?? 0
    }

    public var defaultKeys: Set<String> { ["F1", "F2", "F3", "F4", "F5", "F6"] }

    /// The gauges failing now (`scale1`…`light2`), each with the key that answers it: what an
    /// operator notices on the panel.
    func failingGauges(_ values: ParameterValues) -> [(gauge: String, key: String)] {
        let parameters = SysmonParameters(values)
        return SysmonGauge.all.compactMap { gauge in
            let failing = switch gauge {
            case .scale(let index): state.scales[index].gauge.isFailing
            case .light(let index): state.lights[index].isFailing
            }
            return failing ? (gauge.widgetName, parameters.key(of: gauge)) : nil
        }
    }

    /// The failures on screen now, each with the `name` its performance rows carry: a light's
    /// as it begins (its colour flips then), a scale's once its arrow is in the third the failure
    /// sends it to (at the next update; OpenMATB's response time counts from the one before).
    /// Read every windowed frame (``MATBPresentedOnsets``), so parameters are read only while one fails.
    func shownFailures(_ values: ParameterValues) -> [SysmonShownFailure] {
        guard state.scales.contains(where: \.gauge.isFailing) || state.lights.contains(where: \.isFailing) else { return [] }
        let parameters = parameterCache.parameters(values, SysmonParameters.init)
        return SysmonGauge.all.filter { gauge in
            switch gauge {
            case .light(let index):
                state.lights[index].isFailing
            case .scale(let index):
                state.scales[index].gauge.isFailing && state.scales[index].zone != 0
                    && SysmonDynamics.zone(state.scales[index].zone).contains(state.scales[index].position)
            }
        }.map { SysmonShownFailure(widget: $0.widgetName, name: parameters.name(of: $0)) }
    }

    /// Each gauge's `_milliresponsetime`, scales then lights.
    public var responseTimersMilliseconds: [Double] {
        state.scales.map(\.gauge.responseTime.doubleValue) + state.lights.map(\.responseTime.doubleValue)
    }

    public func start(_ context: inout TaskContext) {
        let parameters = parameterCache.parameters(context.parameters, SysmonParameters.init)
        display = SysmonDisplay(parameters)
        // The dump that follows shows the private entries as they stand (a restart keeps them).
        for (path, value) in state.privateParameters { context.parameters[path] = value }
    }

    public func update(_ context: inout TaskContext) {
        var parameters = parameterCache.parameters(context.parameters, SysmonParameters.init)
        let original = parameters
        // OpenMATB reseeds before every draw: session + plugin index + int(t) + add
        // (docs/openmatb-behaviour.md: Seeds and pseudo-random draws).
        let draws = SeededDraws(runNumber: context.runNumber, plugin: .sysmon)
        let time = context.time
        let outcomes = SysmonDynamics.update(&state, &parameters) { items, add in
            let seed = draws.seed(at: time, add: add)
            if let sample { return (seed, sample(items, seed)) }
            return (seed, items[picks.index(seed: seed, count: items.count)])
        }
        log(outcomes, &context)
        parameters.write(changesSince: original, into: &context.parameters)
    }

    public func refresh(_ context: inout TaskContext) {
        guard var shown = display else { return }
        for change in shown.refresh(state, parameterCache.parameters(context.parameters, SysmonParameters.init)) {
            context.logState(change.widget, change.attribute, change.value)
        }
        display = shown
    }

    public func handle(_ input: InputEvent.Payload, _ context: inout TaskContext) {
        switch input {
        case .keyPress(let key), .joystickButton(let key, pressed: true):
            respond(to: key, &context)
        case .pointerDown(let point, _):
            // A tap stands for the gauge's key, logged as upstream OpenMATB logs mouse
            // responses, then goes down the key's path.
            guard let gauge = SysmonGeometry(area: context.area).gauge(at: point) else { return }
            let key = parameterCache.parameters(context.parameters, SysmonParameters.init).key(of: gauge)
            context.log(.input, module: "mouse_key", key, .string("press"))
            respond(to: key, &context)
        default:
            break
        }
    }

    public func areaOfInterestRows(in area: Rect) -> [(name: String, value: PyValue)] {
        let geometry = SysmonGeometry(area: area)
        return SysmonGauge.all.map { ($0.widgetName, TaskHost.aoiValue(geometry.rect(of: $0), integerX: false)) }
    }

    public func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList) {
        guard let display else { return }
        if drawing?.geometry.area != area { drawing = SysmonDrawing(area: area) }
        drawing?.draw(display, into: &list)
    }

    private func respond(to key: String, _ context: inout TaskContext) {
        guard context.acceptedKeys.contains(key) else { return }
        var parameters = parameterCache.parameters(context.parameters, SysmonParameters.init)
        let original = parameters
        log(SysmonDynamics.respond(toKey: key, &state, &parameters), &context)
        parameters.write(changesSince: original, into: &context.parameters)
    }

    private func log(_ outcomes: [SysmonOutcome], _ context: inout TaskContext) {
        for outcome in outcomes {
            switch outcome {
            case .draw(let seed, let output):
                context.log(.seedValue, "", .int(seed))
                context.log(.seedOutput, "", output)
            case .response(let response):
                for row in response.performanceRows { context.log(.performance, row.address, row.value) }
            }
        }
    }
}
