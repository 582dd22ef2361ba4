/// Sysmon's look (docs/openmatb-behaviour.md: Widget looks) as draw commands in reference coordinates.
///
/// Everything that does not move is computed once per task area; a frame only picks arrows and
/// colours.
///
/// Scale: white body, feedback strip over its bottom 12 %, black arrow triangle, black
/// outline and 11 ticks on the right edge (the middle one 8 px longer), name 20 px below.
/// Light: filled with its colour, black outline, name centred.
struct SysmonDrawing {
    let geometry: SysmonGeometry
    private let scaleBodies: [DrawCommand]
    private let scaleOutlines: [[DrawCommand]]
    /// `arrows[scale][position]`: the triangle pointing at each of the 11 positions.
    private let arrows: [[DrawCommand]]
    private let feedbackStrips: [Rect]
    private let scaleLabelBoxes: [Rect]
    private static let labelStyle = TextStyle(pointSize: TextStyle.medium)

    init(area: Rect) {
        let geometry = SysmonGeometry(area: area)
        self.geometry = geometry
        scaleBodies = geometry.scales.map { .fillRect($0, .white) }
        scaleOutlines = geometry.scales.indices.map { i in
            let rect = geometry.scales[i]
            let tickWidth = rect.width * 0.25
            var commands: [DrawCommand] = [.strokeRect(rect, .black, lineWidth: 2)]
            for position in 0..<11 {
                let y = geometry.arrowY(scale: i, position: position)
                let width = position == 5 ? tickWidth + 8 : tickWidth
                commands.append(.line(Point(rect.right - width, y), Point(rect.right, y), .black, lineWidth: 2))
            }
            return commands
        }
        arrows = geometry.scales.indices.map { i in
            let rect = geometry.scales[i]
            let tip = rect.right - rect.width * 0.25 - rect.width * 0.22
            let arrowWidth = rect.width * 0.15
            return (0..<11).map { position in
                let y = geometry.arrowY(scale: i, position: position)
                return .fillPolygon([Point(tip, y), Point(tip - arrowWidth, y - arrowWidth / 2), Point(tip - arrowWidth, y + arrowWidth / 2)],
                                    .black)
            }
        }
        feedbackStrips = geometry.scales.map { Rect(left: $0.left, bottom: $0.bottom, width: $0.width, height: $0.height * 0.12) }
        scaleLabelBoxes = geometry.scales.map {
            Rect(left: $0.centerX - area.width / 8, bottom: $0.bottom - 20 - 14, width: area.width / 4, height: 28)
        }
    }

    /// Appends the widgets as `display` shows them.
    func draw(_ display: SysmonDisplay, into list: inout DrawList) {
        for i in 0..<4 {
            list.append(scaleBodies[i])
            if display.feedbackVisible[i] {
                list.fill(feedbackStrips[i], Color(pyValue: display.feedbackColors[i]) ?? .green)
            }
            list.append(arrows[i][min(10, max(0, display.arrows[i]))])
            for command in scaleOutlines[i] { list.append(command) }
            list.text(display.scaleLabels[i], in: scaleLabelBoxes[i], Self.labelStyle)
        }
        for i in 0..<2 {
            let rect = geometry.lights[i]
            list.fill(rect, Color(pyValue: display.lightColors[i]) ?? .background)
            list.stroke(rect, .black)
            list.text(display.lightLabels[i], in: rect, Self.labelStyle)
        }
    }
}
