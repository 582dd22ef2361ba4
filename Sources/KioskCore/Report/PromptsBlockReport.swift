/// What a report shows of a prompt sequence (docs/reports.md): how it went (trials, phases,
/// how it finished), each phase's planned and actual length, and the timeline of its phases,
/// pauses and help on the block's clock.
public enum PromptsBlockReport {

    public static func section(_ log: PromptsLogFile, title: String, plotPrefix: String) -> ReportSection {
        var lanes: [String] = []
        var spans: [SVGChart.Span] = []
        var open: [String: Double] = [:]
        var lengths: [String: [Double]] = [:]
        var planned: [String: Double] = [:]
        func lane(_ name: String) -> Int {
            if let index = lanes.firstIndex(of: name) { return index }
            lanes.append(name)
            return lanes.count - 1
        }
        func close(_ name: String, at end: Double, color: String? = nil) {
            guard let start = open.removeValue(forKey: name) else { return }
            let index = lane(name)
            spans.append(SVGChart.Span(lane: index, start: start, end: end, color: color ?? SVGChart.palette[index % SVGChart.palette.count]))
        }
        for row in log.rows {
            let at = row.time.seconds
            switch row.event {
            case .phaseStart:
                open[row.phase] = at
                _ = lane(row.phase)
                if let seconds = row.plannedSeconds { planned[row.phase] = seconds }
            case .phaseEnd:
                if let start = open[row.phase] { lengths[row.phase, default: []].append(at - start) }
                close(row.phase, at: at)
            case .pause: open["pause"] = at
            case .continue, .stop: close("pause", at: at, color: "#999999")
            case .helpOpen: open["help"] = at
            case .helpClose: close("help", at: at, color: "#d62728")
            default: break
            }
        }
        let finished = log.rows.last { $0.event == .finished }
        var figures: [(String, String)] = [
            ("title", log.header.title), ("participant", log.header.participant),
            ("trials", "\(log.header.trialsRun.count) planned (\(log.header.trialOrder.rawValue) order, seed \(log.header.seed)), "
                + "\(Set(log.rows.filter { $0.event == .phaseEnd }.compactMap(\.trial)).count) reached their end"),
            ("finished", finished.map { "\($0.detail) after \(SVGChart.number($0.time.seconds)) s" } ?? (log.endsCutShort ? "no: the log was cut short" : "no")),
        ]
        for name in lanes where lengths[name] != nil {
            let times = lengths[name] ?? []
            let mean = times.reduce(0, +) / Double(max(times.count, 1))
            figures.append(("phase \(name)", "\(times.count) shown, mean \(SVGChart.number(mean)) s" + (planned[name].map { ", planned \(SVGChart.number($0)) s" } ?? "")))
        }
        let helps = log.rows.filter { $0.event == .helpOpen }.count
        if helps > 0 { figures.append(("help opened", "\(helps) time\(helps == 1 ? "" : "s")")) }
        var plots: [ReportSection.Plot] = []
        if !spans.isEmpty {
            plots.append(.init(name: plotPrefix + "phases", svg: SVGChart.timeline(title: "Phases on the block's clock", xLabel: "seconds", lanes: lanes, spans: spans)))
        }
        return ReportSection(heading: title, figures: figures, plots: plots, notes: log.endsCutShort ? ["the log's last line was cut short (a crash) and is left out"] : [])
    }
}
