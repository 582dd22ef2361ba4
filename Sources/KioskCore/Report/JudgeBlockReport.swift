/// What a report shows of a judgement block (docs/reports.md): its summary per condition,
/// accuracy and median response time per condition as bars, and every answer's response
/// time across the block, right and wrong apart. Practice trials are left out.
public enum JudgeBlockReport {
    public static func section(_ log: JudgeLogFile, title: String, plotPrefix: String) -> ReportSection {
        let goNoGo = log.value("paradigm") == JudgeConfiguration.Paradigm.goNoGo.rawValue
        let conditionIndex = log.value("condition").flatMap { log.extraColumns.firstIndex(of: $0) }
        let summary = JudgeSummary(rows: log.rows, goNoGo: goNoGo) { row in conditionIndex.map { row.extras[$0] } ?? row.expected }
        let counted = log.rows.filter { !$0.practice }
        var figures: [(String, String)] = [
            ("paradigm", log.value("paradigm") ?? "unknown"), ("participant", log.value("participant") ?? ""),
            ("trials", "\(counted.count) counted, \(log.rows.count - counted.count) practice"),
            ("order", "\(log.value("order") ?? "") (seed \(log.value("seed") ?? ""))"),
        ]
        for group in summary.groups {
            var text = "accuracy \(percent(group.accuracy)), median RT \(group.medianMilliseconds.map { SVGChart.number($0) + " ms" } ?? "none")"
            if goNoGo {
                text += ", hits \(group.hits), misses \(group.misses), false alarms \(group.falseAlarms), d′ \(group.dPrime.map(SVGChart.number) ?? "none")"
            }
            figures.append((group.condition == "all" ? "all trials" : "\(log.value("condition") ?? "condition") \(group.condition)", text))
        }
        if let last = counted.last, last.score != 0 || counted.contains(where: { $0.points != 0 }) { figures.append(("score", "\(last.score)")) }
        let conditions = summary.groups.dropFirst()
        var plots: [ReportSection.Plot] = []
        if !conditions.isEmpty {
            plots.append(.init(name: plotPrefix + "accuracy", svg: SVGChart.bars(
                title: "Accuracy per condition", yLabel: "correct (%)",
                bars: conditions.map { (label: $0.condition, value: 100 * ($0.accuracy ?? 0), color: "#2ca02c") })))
            plots.append(.init(name: plotPrefix + "response-times", svg: SVGChart.bars(
                title: "Median response time per condition (correct answers)", yLabel: "ms",
                bars: conditions.map { (label: $0.condition, value: $0.medianMilliseconds ?? 0, color: "#1f77b4") })))
        }
        let answered = counted.enumerated().filter { $0.element.responseMilliseconds != nil }
        if !answered.isEmpty {
            let right = answered.filter { $0.element.correct }.map { (x: Double($0.offset + 1), y: $0.element.responseMilliseconds ?? 0) }
            let wrong = answered.filter { !$0.element.correct }.map { (x: Double($0.offset + 1), y: $0.element.responseMilliseconds ?? 0) }
            plots.append(.init(name: plotPrefix + "trials", svg: SVGChart.lines(
                title: "Response time of each answer", xLabel: "trial", yLabel: "ms",
                series: [.init(name: "correct", color: "#2ca02c", points: right), .init(name: "wrong", color: "#d62728", points: wrong)])))
        }
        return ReportSection(heading: title, figures: figures, plots: plots,
                             notes: counted.isEmpty ? ["no counted trial was logged"] : [])
    }

    private static func percent(_ value: Double?) -> String {
        value.map { SVGChart.number(100 * $0) + " %" } ?? "none"
    }
}
