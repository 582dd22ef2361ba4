/// Where scheduling's widgets sit in its task area (docs/openmatb-behaviour.md: Scheduling), with
/// OpenMATB's float arithmetic so that the `aoi` rows match its logs at 1920×1080.
struct SchedulingGeometry: Equatable {
    let area: Rect
    /// The minute ruler.
    let timeline: Rect
    /// Columns sysmon, track, communications, resman.
    let columns: [Rect]

    init(area: Rect) {
        self.area = area
        timeline = Rect(left: area.left + area.width * 0.1, bottom: area.bottom + area.height * 0.20,
                        width: area.width * 0.17, height: area.height * 0.7)
        columns = (0..<4).map { p in
            Rect(left: area.left + area.width * (0.15 + 0.15 * Double(p + 1)), bottom: area.bottom + area.height * 0.20,
                 width: area.width * 0.17, height: area.height * 0.7)
        }
    }

    /// The chronometer's line, centred at 5 % of the task area's height.
    var chronometerBox: Rect {
        Rect(left: area.left, bottom: area.bottom + area.height * 0.05 - 14, width: area.width, height: 28)
    }

    /// The y of a time `seconds` after now on a column: now at the top, `span` at the bottom.
    static func y(of seconds: Double, span: Double, in column: Rect) -> Double {
        column.top - (seconds / span * (column.top - column.bottom))
    }
}
