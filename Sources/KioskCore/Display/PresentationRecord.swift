/// When one frame turned into light, as the display system reported it.
public struct PresentationRecord: Hashable, Sendable {
    /// The display's refresh counter at that frame (X11 Present's MSC, Wayland's `seq`):
    /// consecutive refreshes differ by one, so a gap counts the refreshes in between.
    public var sequence: UInt64
    /// The start of the refresh that showed the frame, on CLOCK_MONOTONIC.
    public var presentedTime: MonotonicTime
    /// The refresh period the display reported with it, when it reports one (Wayland does,
    /// X11 Present does not: ``RefreshSchedule`` estimates it from the sequence).
    public var reportedRefreshNanoseconds: Int64?
    public var flags: PresentationFlags
    /// The clock that stamped ``presentedTime``.
    public var clock: OnsetClock
    /// When the display's figures cannot tell whether the reported refresh or an earlier one
    /// first showed the frame (``FirstShowingRefresh/Finding/uncertain(_:refreshesEarlier:)``):
    /// the start of the earliest refresh that may have. ``presentedTime`` stays the reported
    /// one, so no onset is logged before its light, and every log that stamps an onset with
    /// this record marks it with this time. Nil when the reported refresh is known to be the first.
    public var earliestPossibleTime: MonotonicTime?

    public init(sequence: UInt64, presentedTime: MonotonicTime, reportedRefreshNanoseconds: Int64? = nil,
                flags: PresentationFlags, clock: OnsetClock, earliestPossibleTime: MonotonicTime? = nil) {
        self.sequence = sequence
        self.presentedTime = presentedTime
        self.reportedRefreshNanoseconds = reportedRefreshNanoseconds
        self.flags = flags
        self.clock = clock
        self.earliestPossibleTime = earliestPossibleTime
    }
}
