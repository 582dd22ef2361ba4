/// A frame the display showed later than the refresh it was planned for, with the refreshes
/// that passed without it.
public struct LateFrame: Hashable, Sendable {
    /// The refresh the frame was due at: the one after the previous frame's.
    public var plannedSequence: UInt64
    /// The refresh that showed it.
    public var presented: PresentationRecord
    /// Every refresh from the planned one to the one before it was shown.
    public var missed: [MissedRefresh]

    public init(plannedSequence: UInt64, presented: PresentationRecord, missed: [MissedRefresh]) {
        self.plannedSequence = plannedSequence
        self.presented = presented
        self.missed = missed
    }

    /// How much later than planned it was shown: the time from the first missed refresh to
    /// the refresh that showed it.
    public var lateNanoseconds: Int64 { presented.presentedTime.since(missed.first?.time ?? presented.presentedTime) }
}

extension LateFrame {
    /// One line for a log or the terminal: which refreshes were missed, from when, and how
    /// late the frame was shown (times in seconds on CLOCK_MONOTONIC, six decimals).
    public var logText: String {
        let first = missed.first?.sequence ?? plannedSequence, last = missed.last?.sequence ?? plannedSequence
        let range = first == last ? "refresh \(first)" : "refreshes \(first)-\(last)"
        let from = missed.first?.time ?? presented.presentedTime
        return "\(missed.count) missed \(range) from \(TabSeparated.decimal(from.seconds, places: 6)) s, "
            + "frame shown at \(TabSeparated.decimal(presented.presentedTime.seconds, places: 6)) s "
            + "(\(TabSeparated.decimal(Double(lateNanoseconds) / 1e6, places: 3)) ms late)"
    }
}
