extension MATBBlock {
    /// Whole-block figures for the session catalogue, from the performance values the block
    /// logged: tracking time in target and the cursor's RMS distance from the centre (in
    /// reference pixels, docs/compatibility.md), each task's signal-detection counts, the share of
    /// resman updates with each tank in its tolerance band. Tasks the block did not run give none.
    public var summaryFigures: [(name: String, value: String)] {
        let history = performanceHistory
        var figures: [(String, String)] = []
        if let inTarget = history.wholeSessionMean(PluginAlias.track, "cursor_in_target") {
            figures.append(("track in target %", Self.oneDecimal(inTarget * 100)))
        }
        if let deviation = history.wholeSessionRootMeanSquare(PluginAlias.track, "center_deviation") {
            figures.append(("track RMS deviation px", Self.oneDecimal(deviation)))
        }
        for (alias, metric) in [(PluginAlias.sysmon, "signal_detection"), (PluginAlias.communications, "sdt_value")]
        where !history.values(alias, metric).isEmpty {
            for outcome in ["HIT", "MISS", "FA"] { figures.append(("\(alias) \(outcome)", "\(history.count(of: outcome, alias, metric))")) }
        }
        for tank in ["a", "b"] {
            if let inBand = history.wholeSessionMean(PluginAlias.resman, "\(tank)_in_tolerance") {
                figures.append(("resman tank \(tank.uppercased()) in tolerance %", Self.oneDecimal(inBand * 100)))
            }
        }
        return figures
    }

    /// Every figure ``summaryFigures`` can report for a block that runs `plugins`: what a
    /// practice's `repeat_until` may name (a figure never reported would never be met).
    public static func reportableFigures(plugins: [String]) -> [String] {
        var names: [String] = []
        if plugins.contains(PluginAlias.track) { names += ["track in target %", "track RMS deviation px"] }
        for alias in [PluginAlias.sysmon, PluginAlias.communications] where plugins.contains(alias) {
            names += ["HIT", "MISS", "FA"].map { "\(alias) \($0)" }
        }
        if plugins.contains(PluginAlias.resman) { names += ["A", "B"].map { "resman tank \($0) in tolerance %" } }
        return names
    }

    private static func oneDecimal(_ value: Double) -> String {
        guard value.isFinite else { return "nan" }
        return String((value * 10).rounded() / 10)
    }
}
