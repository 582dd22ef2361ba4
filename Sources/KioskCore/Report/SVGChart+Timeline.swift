extension SVGChart {
    /// A span of time on one lane of a timeline.
    public struct Span: Sendable {
        public var lane: Int
        public var start: Double
        public var end: Double
        public var color: String

        public init(lane: Int, start: Double, end: Double, color: String) {
            self.lane = lane
            self.start = start
            self.end = end
            self.color = color
        }
    }

    /// Spans of time on named lanes, one lane per row, over a time axis: what happened when.
    public static func timeline(title: String, xLabel: String, lanes: [String], spans: [Span]) -> String {
        let labelWidth = min(200, 16 + 7 * Double(lanes.map(\.count).max() ?? 4))
        let left = max(margin.left, labelWidth)
        let xAxis = Axis(low: spans.map(\.start).min() ?? 0, high: spans.map(\.end).max() ?? 1)
        var body = text(title, x: width / 2, y: 22, anchor: "middle", size: 15, bold: true)
        for tick in xAxis.ticks {
            let at = xAxis.place(tick, on: left, plotRight)
            body += "<line x1=\"\(n(at))\" y1=\"\(n(plotTop))\" x2=\"\(n(at))\" y2=\"\(n(plotBottom))\" stroke=\"#eeeeee\"/>\n"
            body += text(number(tick), x: at, y: plotBottom + 18, anchor: "middle")
        }
        let laneHeight = (plotBottom - plotTop) / Double(max(lanes.count, 1))
        for (index, lane) in lanes.enumerated() {
            body += text(lane, x: left - 6, y: plotTop + laneHeight * (Double(index) + 0.5) + 4, anchor: "end")
        }
        for span in spans where lanes.indices.contains(span.lane) {
            let x = xAxis.place(span.start, on: left, plotRight), end = xAxis.place(span.end, on: left, plotRight)
            let y = plotTop + laneHeight * Double(span.lane) + laneHeight * 0.15
            body += "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(max(1, end - x)))\" height=\"\(n(laneHeight * 0.7))\" fill=\"\(span.color)\"/>\n"
        }
        body += "<line x1=\"\(n(left))\" y1=\"\(n(plotBottom))\" x2=\"\(n(plotRight))\" y2=\"\(n(plotBottom))\" stroke=\"#333333\"/>\n"
        body += text(xLabel, x: (left + plotRight) / 2, y: height - 10, anchor: "middle")
        return document(body)
    }
}
