/// What a report shows of a block's corner-patch check (its `…_onsets.tsv`, docs/timing.md):
/// how many onsets the light confirmed, onset − light per kind (mean, SD, |p99|) in a table,
/// and onset − light of every onset across the block, a line per kind.
public enum OnsetCheckReport {
    public static func section(_ rows: [OnsetCheckRow], title: String, plotPrefix: String) -> ReportSection {
        let summary = OnsetCheckSummary(rows: rows, flickeringFrames: 0, edges: 0)
        func ms(_ value: Double) -> String { SVGChart.number(value) + " ms" }
        var figures: [(name: String, value: String)] = [("onsets seen by the sensor", "\(summary.seen) of \(summary.onsets)"),
                                                        ("onsets uncertain", "\(summary.uncertain) of \(summary.onsets)")]
        for (kind, spread, count) in summary.byKind {
            let text = spread.map { "mean \(ms($0.mean)), SD \(ms($0.standardDeviation)), |p99| \(ms($0.p99Absolute)), \($0.count) of \(count) seen" }
            figures.append((kind, text ?? "none of \(count) seen"))
        }
        let flickering = rows.filter { $0.lightEdges > 1 }.count
        var notes = ["Onset − light: the onset the block logged (the refresh the display reported) minus the light sensor's edge "
                     + "for the frame that showed it; negative when the log is early. A refresh is about 16.7 ms."]
        if flickering > 0 { notes.append("\(flickering) onsets had more than one light edge in their frame's window: the sensor saw flicker.") }
        if summary.uncertain > 0 {
            notes.append("\(summary.uncertain) onsets are uncertain: the display's refresh counter stepped while their frame was copied, "
                         + "so an earlier refresh may have shown them; each is logged at the later one (logged_onset_earliest_s has the earlier).")
        }
        if summary.seen < summary.onsets { notes.append("\(summary.onsets - summary.seen) onsets were not seen by the light sensor.") }
        var plots: [ReportSection.Plot] = []
        if summary.seen > 0 {
            let series = summary.byKind.enumerated().map { index, kind in
                SVGChart.Series(name: kind.kind, color: SVGChart.palette[index % SVGChart.palette.count],
                                points: rows.enumerated().compactMap { number, row in
                                    guard row.kind == kind.kind, let difference = row.onsetMinusLightMilliseconds else { return nil }
                                    return (x: Double(number + 1), y: difference)
                                })
            }
            plots.append(.init(name: plotPrefix + "onset-light", svg: SVGChart.lines(
                title: "Onset − light of each onset", xLabel: "onset", yLabel: "ms", series: series)))
        }
        return ReportSection(heading: "Onset − light: " + title, figures: figures, plots: plots, notes: notes)
    }
}
