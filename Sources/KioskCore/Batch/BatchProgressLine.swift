/// The one line that tells staff where a running batch is: on the terminal that started it
/// and in `labkiosk sessions --watch`.
public enum BatchProgressLine {
    /// `P07 · block 3 of 6: matb hard.txt · 00:04:12 elapsed · ends about 18:45`, with
    /// "at the earliest" when self-paced blocks remain.
    /// - Parameters:
    ///   - now: seconds since the Unix epoch.
    ///   - clock: the local time of day, `HH:MM`, of a moment in seconds since the epoch.
    public static func text(participant: String, blockCount: Int, progress: CatalogueSession.Progress, now: Int64,
                            clock: (Int64) -> String) -> String {
        let elapsed = max(0, now - progress.batchStarted)
        let end = max(progress.expectedEnd, now)
        return "\(participant) · block \(progress.place) of \(blockCount): \(progress.title) · \(duration(elapsed)) elapsed · "
            + "ends about \(clock(end))\(progress.selfPacedRemain ? " at the earliest" : "")"
    }

    /// `HH:MM:SS` (a batch lasts less than a day).
    public static func duration(_ seconds: Int64) -> String { ScenarioTimeFormat.clockText(seconds) }
}
