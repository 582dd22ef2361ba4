/// The performance plugin (docs/openmatb-behaviour.md: Performance bar): a vertical bar showing the worst
/// recent task performance, red and (by default) held at the critical level when below it.
///
/// It reads the other tasks' `performance` rows through ``TaskContext/performance``, which
/// the session fills from the log, so it needs no link to the tasks themselves.
public final class PerformanceTask: TaskPlugin {
    /// What the bar shows now; starts as OpenMATB's widget does, full and green.
    private var shownLevel: PyValue = .int(100)
    private var shownColor: PyValue = .color(.green)

    public init() {}

    public var readsPerformance: Bool { true }

    public func start(_ context: inout TaskContext) {
        shownLevel = context.parameters["levelmax"]
        shownColor = .color(.green)
    }

    public func update(_ context: inout TaskContext) {
        let outcome = PerformanceScoring.outcome(taskLevels: PerformanceScoring.taskLevels(context.performance), parameters: context.parameters)
        // The widget logs a property only when it changes (numerically: 100 and 100.0 are equal).
        if outcome.displayedLevel.number != shownLevel.number {
            shownLevel = outcome.displayedLevel
            context.logState("bar", "level", shownLevel)
        }
        if outcome.color != shownColor {
            shownColor = outcome.color
            context.logState("bar", "color", shownColor)
        }
    }

    /// The bar: the task area reduced to 35 % × 80 %, centred.
    static func bar(in area: Rect) -> Rect { area.reduced(widthFraction: 0.35, heightFraction: 0.8) }

    public func areaOfInterestRows(in area: Rect) -> [(name: String, value: PyValue)] {
        [("bar", TaskHost.aoiValue(Self.bar(in: area)))]
    }

    public func draw(in area: Rect, parameters: ParameterValues, language: Language, into list: inout DrawList) {
        let bar = Self.bar(in: area)
        let maximum = Int(parameters.number("levelmax") ?? 100)
        let minimum = Int(parameters.number("levelmin") ?? 0)
        let ticks = Int(parameters.number("ticknumber") ?? 5)
        list.fill(bar, .white)
        // Filled up to level/levelmax of the height (not (level − min)/(max − min), as
        // OpenMATB); kept inside the box when the sysmon quirk pushes the level past the top.
        let fraction = min(1, max(0, (shownLevel.number ?? 0) / Double(max(maximum, 1))))
        if fraction > 0 {
            list.fill(Rect(left: bar.left, bottom: bar.bottom, width: bar.width, height: bar.height * fraction), Self.color(shownColor))
        }
        let labels = PerformanceScoring.tickLabels(minimum: minimum, maximum: maximum, count: ticks)
        let spacing = labels.count > 1 ? bar.height / Double(labels.count - 1) : 0
        for (index, label) in labels.enumerated() {
            let y = bar.top - spacing * Double(index)
            list.line(Point(bar.right - bar.width * 0.25, y), Point(bar.right, y), .black)
            let box = Rect(left: bar.right + bar.width * 0.1, bottom: y - 10, width: bar.width * 0.9, height: 20)
            list.text(String(label), in: box, TextStyle(pointSize: TextStyle.small, alignment: .left))
        }
        list.stroke(bar, .black)
    }

    private static func color(_ value: PyValue) -> Color {
        guard case .tuple(let parts) = value, parts.count == 4 else { return .green }
        let c = parts.map { Int($0.number ?? 0) }
        return Color(c[0], c[1], c[2], c[3])
    }
}
