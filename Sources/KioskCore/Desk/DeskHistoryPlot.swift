/// The participant page's plot: one figure of the participant's completed blocks, in the
/// order they ran, one point each, labelled with its visit — how a trainee's accuracy moved
/// from visit to visit.
public struct DeskHistoryPlot: Hashable, Sendable {
    /// The figures worth a plot, in the order one is chosen: the first that a block reported.
    public static let preferred = ["accuracy", "d′", "track in target %", "median RT ms", "points"]

    public var figure: String
    /// Each point's visit and value, oldest first.
    public var points: [(visit: String, value: Double)]

    /// The plot of `history`, or nil when no block reported a figure worth plotting.
    public init?(_ history: [DeskHistoryRow]) {
        func values(_ name: String) -> [(visit: String, value: Double)] {
            history.compactMap { row in
                row.figures.first { $0.name == name }.flatMap { Double($0.value) }.flatMap { $0.isFinite ? (row.visit, $0) : nil }
            }
        }
        guard let figure = Self.preferred.first(where: { !values($0).isEmpty }) else { return nil }
        self.figure = figure
        points = values(figure)
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.figure == b.figure && a.points.map(\.visit) == b.points.map(\.visit) && a.points.map(\.value) == b.points.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(figure)
        hasher.combine(points.count)
    }

    /// The values' axis: 0 to 1 for proportions, else from the lowest to the highest value
    /// with a margin, so one point or equal points still get a line.
    public var range: (low: Double, high: Double) {
        let values = points.map(\.value)
        let low = values.min() ?? 0, high = values.max() ?? 1
        if low >= 0 && high <= 1 { return (0, 1) }
        let margin = max((high - low) * 0.1, abs(high) * 0.05, 1)
        return (low - margin, high + margin)
    }

    /// Where each point sits in `box`.
    public func positions(in box: Rect) -> [Point] {
        let (low, high) = range
        let step = points.count > 1 ? box.width / Double(points.count - 1) : 0
        return points.enumerated().map { index, point in
            Point(points.count > 1 ? box.left + Double(index) * step : box.centerX, box.bottom + (point.value - low) / (high - low) * box.height)
        }
    }

    /// The plot in `box`: its title, axis ends, the line and its points with their values and
    /// visits. Labels stay inside the panel and clear of the axis labels; a visit's name too
    /// long for its place is shortened with "…" (the table beside the plot names it whole).
    public func draw(in box: Rect, ink: Color, muted: Color, accent: Color, into list: inout DrawList) {
        list.fill(box, .white)
        list.text("\(figure) across visits", in: Rect(left: box.left + 12, bottom: box.top - 34, width: box.width - 24, height: 28),
                  TextStyle(pointSize: 15, color: ink, bold: true, alignment: .left))
        let area = Rect(left: box.left + 90, bottom: box.bottom + 44, width: box.width - 140, height: box.height - 110)
        let (low, high) = range
        for (value, y) in [(low, area.bottom), (high, area.top)] {
            list.line(Point(area.left, y), Point(area.right, y), Color(226, 232, 240), lineWidth: 1)
            list.text(Self.shown(value), in: Rect(left: box.left + 4, bottom: y - 12, width: 60, height: 24),
                      TextStyle(pointSize: 12, color: muted, alignment: .right))
        }
        let at = positions(in: area)
        if at.count > 1 { list.append(.polyline(at, accent, lineWidth: 3, closed: false)) }
        let labelWidth = min(120, at.count > 1 ? area.width / Double(at.count - 1) : area.width)
        func place(_ x: Double, width: Double) -> Double { min(max(x - width / 2, box.left + 70), box.right - 4 - width) }
        for (index, point) in at.enumerated() {
            list.append(.fillCircle(center: point, radius: 6, accent))
            list.text(Self.shown(points[index].value), in: Rect(left: place(point.x, width: 80), bottom: point.y + 8, width: 80, height: 20),
                      TextStyle(pointSize: 12, color: ink))
            list.text(Self.shortened(points[index].visit, width: labelWidth - 4, pointSize: 12),
                      in: Rect(left: place(point.x, width: labelWidth), bottom: box.bottom + 8, width: labelWidth, height: 24),
                      TextStyle(pointSize: 12, color: muted))
        }
    }

    /// `text`, or its beginning and "…", within `width` at `pointSize`.
    static func shortened(_ text: String, width: Double, pointSize: Double) -> String {
        guard TextMetrics.width(text, pointSize: pointSize) > width else { return text }
        var kept = text
        while !kept.isEmpty, TextMetrics.width(kept + "…", pointSize: pointSize) > width { kept.removeLast() }
        return kept + "…"
    }

    /// A value as the plot labels it: at most three decimals, no trailing zeros.
    static func shown(_ value: Double) -> String {
        var text = TabSeparated.decimal(value, places: 3)
        while text.contains("."), text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
