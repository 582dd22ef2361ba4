/// Scheduling (docs/openmatb-behaviour.md: Scheduling): timelines of when each task runs and is under manual
/// control, planned from the whole scenario, with a chronometer.
public final class SchedulingTask: TaskPlugin {
    private var planning = SchedulingPlanning(events: [])
    private var display: SchedulingDisplay?
    private var drawing: SchedulingDrawing?

    public init() {}

    public func scenarioDidLoad(_ scenario: Scenario) {
        planning = SchedulingPlanning(events: scenario.events)
    }

    public func start(_ context: inout TaskContext) {
        display = SchedulingDisplay(SchedulingParameters(context.parameters), planning: planning,
                                    elapsedSeconds: Int(context.time.wholeSeconds), language: context.language)
    }

    public func refresh(_ context: inout TaskContext) {
        guard var shown = display else { return }
        for change in shown.refresh(elapsedSeconds: Int(context.time.wholeSeconds), SchedulingParameters(context.parameters),
                                    planning: planning, language: context.language) {
            context.logState(change.widget, change.attribute, change.value)
        }
        display = shown
    }

    /// The chronometer changes with every whole second, whatever `taskupdatetime` is.
    public func nextRefresh(after time: ScenarioTime) -> ScenarioTime? {
        .seconds(time.wholeSeconds + 1)
    }

    public func areaOfInterestRows(in area: Rect) -> [(name: String, value: PyValue)] {
        let geometry = SchedulingGeometry(area: area)
        var rows: [(String, PyValue)] = [
            ("timeline", TaskHost.aoiValue(geometry.timeline, integerX: false)),
            // The chronometer's container is the task area itself, with integer column bounds.
            ("elapsed_time", TaskHost.aoiValue(area, integerX: true)),
        ]
        for (alias, rect) in zip(SchedulingPlanning.columns, geometry.columns) {
            rows.append((alias, TaskHost.aoiValue(rect, integerX: false)))
        }
        return rows
    }

    public func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList) {
        guard let display else { return }
        if drawing?.geometry.area != area { drawing = SchedulingDrawing(area: area) }
        drawing?.draw(display, parameters: parameters, planning: planning, language: language, into: &list)
    }
}
