/// What a block's display figures (BlockRunner: `onset clock`, `late frames`, `missed
/// refreshes`, `unreported frames`) say, in one phrase for a batch's report: which clock
/// stamped its onsets and every refresh that went wrong, so that none passes unseen.
public enum BlockDisplaySummary {
    /// `onsets display-presented, 12 missed refreshes, 1 late frame`; nil for a block that
    /// reported no onset clock (a headless run, or a journal from before the figures).
    public static func of(_ figures: [String: String]) -> String? {
        guard let clock = figures["onset clock"] else { return nil }
        var parts = ["onsets \(clock)"]
        for (name, one) in [("missed refreshes", "missed refresh"), ("late frames", "late frame"), ("unreported frames", "unreported frame")] {
            guard let text = figures[name], let count = Int(text), count != 0 else { continue }
            parts.append("\(count) \(count == 1 ? one : name)")
        }
        return parts.joined(separator: ", ")
    }
}
