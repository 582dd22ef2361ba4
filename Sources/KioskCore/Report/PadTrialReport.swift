/// What a report shows of one drawing-pad trial (docs/reports.md): the drawing as the strokes
/// left it, and its stroke count, durations, path lengths and speeds, from its samples file.
public enum PadTrialReport {
    public static func section(_ samples: PadSamplesFile, title: String, plotPrefix: String) -> ReportSection {
        var strokes: [Int: [PadSampleRow]] = [:]
        var removed = Set<Int>()
        for row in samples.rows {
            if row.kind == .sample, let stroke = row.stroke, row.x != nil, row.contact != .hover, row.contact != .leave {
                strokes[stroke, default: []].append(row)
            }
            if row.kind == .undo || row.kind == .erase { removed.formUnion(row.detail.split { !$0.isNumber }.compactMap { Int($0) }) }
        }
        var lengths: [(Int, Double)] = []
        var drawing: Int64 = 0
        for (number, rows) in strokes.sorted(by: { $0.key < $1.key }) {
            var length = 0.0
            for (a, b) in zip(rows, rows.dropFirst()) {
                let dx = (b.x ?? 0) - (a.x ?? 0), dy = (b.y ?? 0) - (a.y ?? 0)
                length += (dx * dx + dy * dy).squareRoot()
            }
            lengths.append((number, length))
            drawing += (rows.last?.eventTime.nanoseconds ?? 0) - (rows.first?.eventTime.nanoseconds ?? 0)
        }
        let total = lengths.reduce(0) { $0 + $1.1 }
        let times = samples.rows.map(\.eventTime.nanoseconds)
        let trialSeconds = Double((times.max() ?? 0) - (times.min() ?? 0)) / 1e9
        let drawingSeconds = Double(drawing) / 1e9
        let figures = [
            ("strokes", "\(strokes.count)" + (removed.isEmpty ? "" : " (\(removed.count) undone or erased)")),
            ("trial duration", SVGChart.number(trialSeconds) + " s"),
            ("time drawing", SVGChart.number(drawingSeconds) + " s"),
            ("path length", SVGChart.number(total) + " px"),
            ("mean speed while drawing", drawingSeconds > 0 ? SVGChart.number(total / drawingSeconds) + " px/s" : "none"),
        ]
        var plots = [ReportSection.Plot(name: plotPrefix + "drawing", svg: drawingSVG(samples, strokes: strokes, removed: removed))]
        if !lengths.isEmpty {
            plots.append(.init(name: plotPrefix + "stroke-lengths", svg: SVGChart.bars(
                title: "Path length of each stroke", yLabel: "length (px)",
                bars: lengths.prefix(40).map { (label: "\($0.0)", value: $0.1, color: removed.contains($0.0) ? "#bbbbbb" : "#1f77b4") })))
        }
        return ReportSection(heading: title, figures: figures, plots: plots,
                             notes: lengths.count > 40 ? ["the stroke chart shows the first 40 strokes of \(lengths.count)"] : [])
    }

    /// The strokes on the pad (undone or erased ones faint), pad pixels, y down as SVG has it.
    static func drawingSVG(_ samples: PadSamplesFile, strokes: [Int: [PadSampleRow]], removed: Set<Int>) -> String {
        let (w, h) = (SVGChart.n(samples.padWidth), SVGChart.n(samples.padHeight))
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"white\" stroke=\"#999999\"/>\n"
        for (number, rows) in strokes.sorted(by: { $0.key < $1.key }) {
            let points = rows.map { "\(SVGChart.n($0.x ?? 0)),\(SVGChart.n($0.y ?? 0))" }.joined(separator: " ")
            let color = removed.contains(number) ? "#cccccc" : "#000000"
            out += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\" points=\"\(points)\"/>\n"
        }
        return out + "</svg>\n"
    }
}
