/// Draws resman from what its widgets show (docs/openmatb-behaviour.md: Resources management, Widget looks):
/// pipes, tanks with their fluid, numbers, letters and tolerance bars, pump triangles with their numbers, and
/// the pump-status panel.
enum ResmanDrawing {
    /// The task area: pipes under the tanks, tanks, then pumps on top.
    static func draw(_ widgets: ResmanDisplay, geometry: ResmanGeometry, into list: inout DrawList) {
        for pump in geometry.pumps {
            list.append(.polyline(pump.pipe, .black, lineWidth: 2, closed: false))
        }
        for tank in ResmanTank.allCases {
            drawTank(tank, widgets, geometry, into: &list)
        }
        let small = TextStyle(pointSize: TextStyle.small)
        for (index, pump) in geometry.pumps.enumerated() {
            list.append(.fillPolygon(pump.triangle, ParameterColor.color(widgets.pumpColors[index], fallback: .white)))
            list.append(.polyline(pump.triangle, .black, lineWidth: 2, closed: true))
            list.text(String(index + 1), in: box(around: pump.labelCenter, width: 24, height: 18), small)
        }
    }

    private static func drawTank(_ tank: ResmanTank, _ widgets: ResmanDisplay, _ geometry: ResmanGeometry, into list: inout DrawList) {
        let rect = geometry.tanks[tank.rawValue], index = tank.rawValue
        list.fill(rect, .white)
        if let marker = widgets.tolerance[index], marker.max > 0 {
            let bottom = geometry.y(of: Double(marker.target) - (marker.radius.number ?? 0), in: tank, max: Double(marker.max))
            let height = geometry.y(of: 2 * (marker.radius.number ?? 0), in: tank, max: Double(marker.max)) - geometry.y(of: 0, in: tank, max: Double(marker.max))
            let left = tank.infoSideIsLeft ? rect.left - 15 : rect.right
            list.fill(Rect(left: left, bottom: bottom, width: 15, height: height), ParameterColor.color(marker.color, fallback: .black))
        }
        let maximum = Double(max(widgets.fluidMaxima[index], 1))
        let fraction = min(max(Double(widgets.fluidLevels[index]) / maximum, 0), 1)
        if fraction > 0 {
            list.fill(Rect(left: rect.left, bottom: rect.bottom, width: rect.width, height: rect.height * fraction), .green)
        }
        list.stroke(rect, .black)
        let small = TextStyle(pointSize: TextStyle.small)
        if !widgets.fluidLabels[index].isEmpty {
            list.text(widgets.fluidLabels[index], in: box(around: Point(rect.centerX, rect.bottom - 15), width: rect.width + 40, height: 18), small)
        }
        let letterX = tank.infoSideIsLeft ? rect.left - 15 : rect.right + 15
        list.text(tank.letter.uppercased(), in: box(around: Point(letterX, rect.top - 10), width: 24, height: 18), small)
    }

    /// The pump-status panel: its title and one row per pump (number, arrow, flow).
    static func drawStatusPanel(_ widgets: ResmanDisplay, panel: ResmanGeometry.StatusPanel, language: Language, into list: inout DrawList) {
        guard let texts = widgets.flowTexts else { return }
        list.text(Translations.text("Pump status", language).uppercased(), in: panel.title,
                  TextStyle(pointSize: TextStyle.medium, color: .white))
        let small = TextStyle(pointSize: TextStyle.small, alignment: .left)
        let flowStyle = TextStyle(pointSize: TextStyle.small, alignment: .right)
        for (index, row) in panel.rows.enumerated() {
            list.text(String(index + 1), in: Rect(left: row.left + row.width * 0.3, bottom: row.bottom, width: row.width * 0.1, height: row.height), small)
            let side = row.height * 0.25
            let center = Point(row.centerX - row.width * 0.05, row.centerY)
            list.append(.fillPolygon([Point(center.x + side / 2, center.y), Point(center.x - side / 2, center.y + side / 2),
                                      Point(center.x - side / 2, center.y - side / 2)], .black))
            list.text(texts[index], in: Rect(left: row.left + row.width * 0.5, bottom: row.bottom, width: row.width * 0.2, height: row.height), flowStyle)
        }
    }

    /// A text box of the given size centred on a point.
    private static func box(around center: Point, width: Double, height: Double) -> Rect {
        Rect(left: center.x - width / 2, bottom: center.y - height / 2, width: width, height: height)
    }
}
