extension MATBBlock: OnsetReporting {
    /// The onsets the frame about to be drawn shows first: a page of instructions or of a
    /// questionnaire (its `aoi` rows, logged as each page is made), each system-monitoring
    /// failure as it comes on screen (the onset its `presented` response times run from,
    /// docs/timing.md), and each scenario event as its change is logged (``ShownScenarioEvents``).
    /// Tracking frames, every frame, are not onsets a patch could tell apart.
    public func takeDrawnOnsets() -> [DrawnOnset] {
        let unread = onsetReadRecordCount
        let rows = records[unread...]
        onsetReadRecordCount = records.count
        var onsets: [DrawnOnset] = []
        for module in [PluginAlias.instructions, PluginAlias.genericscales]
        where rows.contains(where: { $0.kind == .aoi && $0.module == module }) {
            onsets.append(DrawnOnset(kind: "page", label: module))
        }
        let shown = shownSysmonFailures
        for failure in shown where !onsetReadFailures.contains(failure) {
            onsets.append(DrawnOnset(kind: "sysmon failure", label: "\(failure.widget) (\(failure.name))"))
        }
        onsetReadFailures = shown
        if isFinished {
            shownEvents.sessionEnded()
        } else {
            onsets += shownEvents.onsets(in: records, unread: unread, now: scenarioTime)
        }
        return onsets
    }
}
