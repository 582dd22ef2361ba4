/// The report's section on adaptive automation (docs/adaptive.md): for each rule, its figure
/// over time against its thresholds, when it was engaged, and every decision with its cause,
/// all read from the log's `manual,adaptive,…` rows.
public enum AdaptiveReport {
    public static func sections(_ rows: [SessionLogRow], title: String, plotPrefix: String) -> [ReportSection] {
        let adaptive = rows.filter { $0.type == "manual" && $0.module == MATBBlock.adaptiveModule }
        var order: [String] = []
        var rules: [String: [(address: String, time: Double, value: String)]] = [:]
        for row in adaptive {
            guard let dot = row.address.lastIndex(of: ".") else { continue }
            let name = String(row.address[..<dot])
            if rules[name] == nil { order.append(name) }
            rules[name, default: []].append((String(row.address[row.address.index(after: dot)...]), row.scenarioSeconds ?? 0, row.value))
        }
        let end = rows.last?.scenarioSeconds ?? 0
        return order.map { name in
            let entries = rules[name] ?? []
            let value = { (address: String) in entries.first { $0.address == address }?.value }
            let figures = entries.filter { $0.address == "figure" }.compactMap { entry in Double(entry.value).map { (x: entry.time, y: $0) } }
            let decisions = zip(entries.filter { $0.address == "decision" }, entries.filter { $0.address == "cause" })
            // Engaged from each `engage` to the next `release` (or the end).
            var engagedSeconds = 0.0
            var state: [(x: Double, y: Double)] = []
            var since: Double?
            for (decision, _) in decisions {
                if decision.value == "engage" { since = decision.time } else if let start = since {
                    engagedSeconds += decision.time - start
                    since = nil
                }
            }
            if let since { engagedSeconds += end - since }
            var section = ReportSection(heading: "\(title) · Adaptive rule \(name)", figures: [
                ("trigger", value("trigger") ?? "not logged"),
                ("engaged", "\(decisions.filter { $0.0.value == "engage" }.count) times, \(SVGChart.number(engagedSeconds)) s in all"),
            ] + decisions.map { decision, cause in ("\(SVGChart.number(decision.time)) s: \(decision.value)", cause.value) })
            guard !figures.isEmpty else { return section }
            let thresholds = entries.filter { ["engage_above", "engage_below", "release_above", "release_below"].contains($0.address) }
            let high = max(figures.map(\.y).max() ?? 1, thresholds.compactMap { Double($0.value) }.max() ?? 0)
            var engaged = false
            state.append((0, 0))
            for (decision, _) in decisions {
                state.append((decision.time, engaged ? high : 0))
                engaged = decision.value == "engage"
                state.append((decision.time, engaged ? high : 0))
            }
            state.append((end, engaged ? high : 0))
            let series = [SVGChart.Series(name: "figure", color: "#1f77b4", points: figures)]
                + thresholds.compactMap { threshold in
                    Double(threshold.value).map { level in
                        SVGChart.Series(name: threshold.address.replacingUnderscores(), color: threshold.address.hasPrefix("engage") ? "#d62728" : "#2ca02c",
                                        points: [(0, level), (end, level)])
                    }
                }
                + [SVGChart.Series(name: "engaged (high) or released (low)", color: "#7f7f7f", points: state)]
            section.plots = [.init(name: plotPrefix + "adaptive-" + name.filter { $0.isLetter || $0.isNumber || $0 == "-" }, svg: SVGChart.lines(
                title: "Adaptive rule \(name): \(value("trigger") ?? "")", xLabel: "scenario time (s)", yLabel: "figure", series: series))]
            return section
        }
    }
}

private extension String {
    func replacingUnderscores() -> String { String(map { $0 == "_" ? " " : $0 }) }
}
