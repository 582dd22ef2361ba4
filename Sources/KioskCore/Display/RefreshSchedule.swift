/// Decides which refresh the next frame targets and when it is due, from the display's
/// recent reports.
///
/// The refresh period is measured, not assumed: a panel sold as 60 Hz may run at 59.95 Hz,
/// and a 1/60 s timer then drifts through a whole frame every 20 s. The estimate is the
/// time between the oldest and newest of the recent reports over the refreshes between
/// them, so the jitter of one report's time is divided by the whole window, and a gap in the
/// sequence (missed refreshes) costs it nothing. A period the display reports itself
/// (Wayland does) is taken as it is.
public struct RefreshSchedule: Sendable {
    /// The period assumed until two reports have been seen.
    public let nominalRefreshNanoseconds: Int64
    /// Reports the estimate spans, at most.
    public let windowSize: Int
    private var window: [PresentationRecord] = []
    private var oldest = 0

    /// - Parameters:
    ///   - nominalRefreshNanoseconds: the period to assume before any report (the display
    ///     mode's, or 1/60 s).
    ///   - windowSize: reports the estimate spans (the default is 4 s at 60 Hz).
    public init(nominalRefreshNanoseconds: Int64 = 16_666_667, windowSize: Int = 240) {
        self.nominalRefreshNanoseconds = max(nominalRefreshNanoseconds, 1)
        self.windowSize = max(windowSize, 2)
        window.reserveCapacity(self.windowSize)
    }

    /// The latest report.
    public var latest: PresentationRecord? {
        guard !window.isEmpty else { return nil }
        return window[(oldest + window.count - 1) % window.count]
    }

    /// The refresh period: the display's own figure, else the estimate, else the nominal one.
    public var refreshNanoseconds: Int64 {
        if let reported = latest?.reportedRefreshNanoseconds, reported > 0 { return reported }
        guard window.count >= 2, let newest = latest else { return nominalRefreshNanoseconds }
        let first = window[oldest]
        guard newest.sequence > first.sequence, newest.presentedTime > first.presentedTime else { return nominalRefreshNanoseconds }
        let refreshes = Int64(newest.sequence - first.sequence)
        return (newest.presentedTime.since(first.presentedTime) + refreshes / 2) / refreshes
    }

    /// Takes in the display's report of a frame. A report whose sequence does not move on
    /// (a display restarted its counter) starts the estimate afresh.
    public mutating func record(_ presentation: PresentationRecord) {
        if let latest, presentation.sequence <= latest.sequence || presentation.presentedTime <= latest.presentedTime {
            restart()
        }
        if window.count < windowSize {
            window.append(presentation)
        } else {
            window[oldest] = presentation
            oldest = (oldest + 1) % windowSize
        }
    }

    /// Forgets every report, as when the display changes.
    public mutating func restart() {
        window.removeAll(keepingCapacity: true)
        oldest = 0
    }

    /// The refresh the next frame targets: the one after the latest report (one frame per
    /// refresh), and when it is expected. With no report yet, nothing can be said.
    ///
    /// The shell asks the display for exactly this refresh and lets the display say when it
    /// has passed: a prediction from here of whether a refresh has begun would be wrong by as
    /// much as a report's jitter (milliseconds under Xvfb, docs/timing.md), and would skip a
    /// refresh the frame was in time for.
    public var nextRefresh: (sequence: UInt64, expectedTime: MonotonicTime)? {
        guard let latest else { return nil }
        return (latest.sequence + 1, MonotonicTime(nanoseconds: latest.presentedTime.nanoseconds + refreshNanoseconds))
    }
}
