/// Scheduling's look (docs/openmatb-behaviour.md: Scheduling, Widget looks) as draw commands in reference
/// coordinates.
///
/// Ruler: a black vertical line with a tick every half minute (whole minutes longer), the
/// minute numbers from 0 at the top, and an italic `min.` under it. Columns: a grey line with
/// square markers at both ends, red bars while the task runs, wider green bars while it is
/// under manual control, and the column's letter below. The chronometer sits at the bottom.
/// Commands are rebuilt only when the second, the span or a column changes.
struct SchedulingDrawing {
    let geometry: SchedulingGeometry
    private var key: Key?
    private var commands: [DrawCommand] = []
    /// What the last frame was drawn from, to skip even building the key when nothing changed.
    private var lastInputs: (display: SchedulingDisplay, parameters: ParameterValues, language: Language)?

    /// Everything the picture depends on.
    private struct Key: Equatable {
        var display: SchedulingDisplay
        var minutes: Int
        var span: Double
        var shown: [Bool]
        var letters: [String]
        var unit: String
    }

    init(area: Rect) {
        geometry = SchedulingGeometry(area: area)
    }

    /// Appends the widgets as `display` shows them.
    mutating func draw(
        _ display: SchedulingDisplay, parameters values: ParameterValues, planning: SchedulingPlanning, language: Language,
        into list: inout DrawList
    ) {
        if let last = lastInputs, last.display == display, last.language == language, last.parameters == values {
            for command in commands { list.append(command) }
            return
        }
        lastInputs = (display, values, language)
        let parameters = SchedulingParameters(values)
        let key = Key(
            display: display, minutes: Int(display.maxTimeMinute.number.map { $0.isFinite ? max(1, min(10_000, $0)) : 8 } ?? 8),
            span: parameters.spanSeconds, shown: SchedulingPlanning.columns.map(parameters.displays),
            letters: (0..<4).map(parameters.letter(column:)), unit: Translations.text("min.", language))
        if key != self.key {
            self.key = key
            commands = build(key, planning: planning)
        }
        for command in commands { list.append(command) }
    }

    private func build(_ key: Key, planning: SchedulingPlanning) -> [DrawCommand] {
        var list = DrawList()
        drawRuler(minutes: key.minutes, unit: key.unit, into: &list)
        let markerRadius = Double(Int(geometry.columns[0].height / 70))
        let runningHalfWidth = Double(Int(geometry.columns[0].height / 200))
        for (column, rect) in geometry.columns.enumerated() where key.shown[column] {
            let timeline = planning.timelines[column]
            let span = key.span > 0 ? key.span : 1
            list.line(Point(rect.centerX, rect.top), Point(rect.centerX, rect.bottom), .grey)
            for (segments, color, halfWidth) in [(timeline.running, Color.red, runningHalfWidth),
                                                 (timeline.manual, Color.green, markerRadius * 1.5)] {
                for segment in SchedulingDynamics.visibleSegments(segments, elapsedSeconds: key.display.elapsedSeconds, spanSeconds: span) {
                    let a = SchedulingGeometry.y(of: min(segment.begin, span), span: span, in: rect)
                    let b = SchedulingGeometry.y(of: max(0, segment.end), span: span, in: rect)
                    guard abs(a - b) > 0 else { continue }
                    list.fill(Rect(left: rect.centerX - halfWidth, bottom: min(a, b), width: 2 * halfWidth, height: abs(a - b)), color)
                }
            }
            let topColor: Color = key.display.topMarkersGreen[column] ? .green : .grey
            list.fill(Rect(left: rect.centerX - markerRadius, bottom: rect.top, width: 2 * markerRadius, height: 2 * markerRadius), topColor)
            list.fill(Rect(left: rect.centerX - markerRadius, bottom: rect.bottom - 2 * markerRadius, width: 2 * markerRadius,
                           height: 2 * markerRadius), .grey)
            list.text(key.letters[column], in: Rect(left: rect.centerX - 20, bottom: rect.bottom - 15 - 26, width: 40, height: 26),
                      TextStyle(pointSize: TextStyle.medium, verticalAlignment: .top))
        }
        list.text(key.display.chronometer, in: geometry.chronometerBox, TextStyle(pointSize: TextStyle.small))
        return list.commands
    }

    private func drawRuler(minutes: Int, unit: String, into list: inout DrawList) {
        let rect = geometry.timeline
        let tick = 0.41 * rect.width
        list.line(Point(rect.right, rect.top), Point(rect.right, rect.bottom), .black)
        let intervals = minutes * 2
        // Ticks closer than 3 units would merge into a bar: long spans draw every n-th one.
        let tickEvery = max(1, Int((3 / (rect.height / Double(intervals))).rounded(.up)))
        for i in stride(from: 0, through: intervals, by: tickEvery) {
            let y = rect.top + Double(i) * ((rect.bottom - rect.top) / Double(intervals))
            let size = i % 2 != 0 ? tick / 2 : tick
            list.line(Point(rect.right - size, y), Point(rect.right, y), .black)
        }
        // Numbers every minute; with long spans only as many as fit without overlapping.
        let labelHeight = 22.0
        let every = max(1, Int((labelHeight / (rect.height / Double(minutes))).rounded(.up)))
        for i in stride(from: 0, through: minutes, by: every) {
            let y = rect.top + Double(i) * ((rect.bottom - rect.top) / Double(minutes))
            list.text(String(i), in: Rect(left: rect.left, bottom: y - labelHeight / 2, width: rect.width - tick, height: labelHeight),
                      TextStyle(pointSize: TextStyle.medium, alignment: .left))
        }
        let unitY = rect.bottom - 0.06 * rect.height
        list.text(unit, in: Rect(left: rect.left - 30, bottom: unitY - 10, width: 60, height: 20), TextStyle(pointSize: TextStyle.small, italic: true))
    }
}
