/// What a report shows of one MATB session log (docs/reports.md): tracking error over time and
/// time in target; system-monitoring hits, misses, false alarms and response times; each
/// resource tank's distance from its target against the tolerance band; communications
/// answers and response times; questionnaire (NASA-TLX) scores. Each from the log's
/// `performance` rows, so any labkiosk or OpenMATB log will do; a task the log does not hold
/// is left out.
public enum MATBBlockReport {
    /// The report's sections for a log's rows.
    /// - Parameter plotPrefix: starts every plot's file name (one block's plots apart from another's).
    public static func sections(_ rows: [SessionLogRow], title: String, plotPrefix: String) -> [ReportSection] {
        var values: [String: [(time: Double, value: String)]] = [:]
        for row in rows where row.type == "performance" {
            values[row.module + "/" + row.address, default: []].append((row.scenarioSeconds ?? 0, row.value))
        }
        func numbers(_ key: String) -> [(x: Double, y: Double)] {
            (values[key] ?? []).compactMap { point in Double(point.value).flatMap { $0.isFinite ? (point.time, $0) : nil } }
        }
        func texts(_ key: String) -> [String] { (values[key] ?? []).map(\.value) }
        let end = rows.last?.scenarioSeconds ?? 0
        var sections: [ReportSection] = []
        let overview = ReportSection(heading: title, figures: [
            ("scenario", rows.first { $0.type == "scenario_path" }?.value ?? "not named"),
            ("written by", rows.first { $0.type == "version" }?.value ?? "not named"),
            ("scenario time", "\(SVGChart.number(end)) s"),
            ("ended", rows.last.map { $0.type == "manual" && $0.value == "end" } == true ? "normally" : "without an end row (interrupted)"),
        ])
        sections.append(overview)

        let deviation = numbers("track/center_deviation")
        if !deviation.isEmpty {
            let inTarget = numbers("track/cursor_in_target").map(\.y)
            sections.append(ReportSection(heading: "\(title) · Tracking", figures: [
                ("time in target", percent(inTarget)),
                ("mean distance from the centre", SVGChart.number(mean(deviation.map(\.y))) + " px"),
                ("updates", "\(deviation.count)"),
            ], plots: [.init(name: plotPrefix + "tracking", svg: SVGChart.lines(
                title: "Tracking: cursor distance from the centre", xLabel: "scenario time (s)", yLabel: "distance (px)",
                series: [.init(name: "distance", color: "#1f77b4", points: thin(deviation))]))]))
        }

        for (alias, metric, heading) in [("sysmon", "signal_detection", "System monitoring"), ("communications", "sdt_value", "Communications")] {
            let outcomes = texts("\(alias)/\(metric)")
            guard !outcomes.isEmpty else { continue }
            let times = numbers("\(alias)/response_time").map(\.y)
            let counts = ["HIT", "MISS", "FA"].map { outcome in (outcome, outcomes.filter { $0 == outcome }.count) }
            var figures = counts.map { ("\($0.0)", "\($0.1)") }
            figures.append(("response time, median", times.isEmpty ? "none" : SVGChart.number(median(times)) + " ms"))
            var plots = [ReportSection.Plot(name: plotPrefix + alias + "-outcomes", svg: SVGChart.bars(
                title: "\(heading): outcomes", yLabel: "count",
                bars: counts.map { (label: $0.0, value: Double($0.1), color: $0.0 == "HIT" ? "#2ca02c" : $0.0 == "MISS" ? "#d62728" : "#ff7f0e") }))]
            let timed = numbers("\(alias)/response_time")
            if !timed.isEmpty {
                plots.append(.init(name: plotPrefix + alias + "-response-times", svg: SVGChart.lines(
                    title: "\(heading): response times", xLabel: "scenario time (s)", yLabel: "response time (ms)",
                    series: [.init(name: "response time", color: "#9467bd", points: timed)])))
            }
            sections.append(ReportSection(heading: "\(title) · \(heading)", figures: figures, plots: plots))
        }

        let tanks = ["a", "b"].filter { values["resman/\($0)_deviation"] != nil }
        if !tanks.isEmpty {
            let tolerance = rows.last { $0.type == "parameter" && $0.module == "resman" && $0.address == "toleranceradius" }?.number ?? 250
            var figures: [(String, String)] = []
            for tank in tanks {
                figures.append(("tank \(tank.uppercased()) in tolerance", percent(numbers("resman/\(tank)_in_tolerance").map(\.y))))
            }
            figures.append(("tolerance", "±\(SVGChart.number(tolerance))"))
            sections.append(ReportSection(heading: "\(title) · Resources management", figures: figures, plots: [.init(
                name: plotPrefix + "resman-tanks", svg: SVGChart.lines(
                    title: "Resources: tank level minus target", xLabel: "scenario time (s)", yLabel: "distance from target",
                    series: tanks.enumerated().map { index, tank in
                        .init(name: "tank \(tank.uppercased())", color: index == 0 ? "#1f77b4" : "#ff7f0e", points: numbers("resman/\(tank)_deviation"))
                    },
                    band: -tolerance...tolerance))]))
        }

        let scales = rows.filter { $0.type == "performance" && $0.module == "genericscales" }
        if !scales.isEmpty {
            sections.append(ReportSection(heading: "\(title) · Questionnaire", figures: scales.map { ($0.address, $0.value) }, plots: [.init(
                name: plotPrefix + "questionnaire", svg: SVGChart.bars(
                    title: "Questionnaire scores", yLabel: "score",
                    bars: scales.map { (label: String($0.address.prefix(14)), value: $0.number ?? 0, color: "#17becf") }))]))
        }
        return sections + AdaptiveReport.sections(rows, title: title, plotPrefix: plotPrefix)
    }

    static func mean(_ values: [Double]) -> Double { values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count) }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func percent(_ values: [Double]) -> String {
        values.isEmpty ? "none" : SVGChart.number((mean(values) * 1000).rounded() / 10) + " %"
    }

    /// At most about 2,000 points of a long series, evenly taken, so a plot of an hour stays small.
    static func thin(_ points: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
        let step = max(1, points.count / 2000)
        return stride(from: 0, to: points.count, by: step).map { points[$0] }
    }
}
