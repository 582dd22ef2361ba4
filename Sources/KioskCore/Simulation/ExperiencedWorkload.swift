/// The workload a participant had in a MATB block, as a simulated participant answers a
/// questionnaire about it (``BehaviourModel/Questionnaire/workloadWeight``): the share of the
/// tasks' demands left unmet, averaged over the tasks the block ran — the tracking cursor's
/// time out of its target, the system-monitoring failures and radio prompts missed, tanks A's
/// and B's time out of their tolerance band. A harder scenario (a weaker stick, a faster drift,
/// more failures) leaves more unmet by the same operator, as it loads a person more: 0 when
/// every demand was met, 1 when none was. Read from the performance values the block logged,
/// the figures of its catalogue summary (``MATBBlock/summaryFigures``).
enum ExperiencedWorkload {
    /// The block's workload so far; nil when it ran none of those tasks (a questionnaire alone).
    static func measured(in block: MATBBlock) -> Double? {
        let history = block.performanceHistory
        var unmet: [Double] = []
        if let inTarget = history.wholeSessionMean(PluginAlias.track, "cursor_in_target") { unmet.append(1 - inTarget) }
        for (alias, metric) in [(PluginAlias.sysmon, "signal_detection"), (PluginAlias.communications, "sdt_value")] {
            let hits = history.count(of: "HIT", alias, metric), misses = history.count(of: "MISS", alias, metric)
            if hits + misses > 0 { unmet.append(Double(misses) / Double(hits + misses)) }
        }
        let tanks = ["a", "b"].compactMap { history.wholeSessionMean(PluginAlias.resman, "\($0)_in_tolerance") }
        if !tanks.isEmpty { unmet.append(1 - tanks.reduce(0, +) / Double(tanks.count)) }
        return unmet.isEmpty ? nil : unmet.reduce(0, +) / Double(unmet.count)
    }
}
