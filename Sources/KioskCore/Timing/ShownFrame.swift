/// One frame of a `timing` run as the shell saw it: when the frame was begun (what a log
/// stamped then would give) and when the display reported it shown.
public struct ShownFrame: Hashable, Sendable {
    public var index: Int
    /// The frame's start on CLOCK_MONOTONIC.
    public var softwareTime: MonotonicTime
    /// The refresh that showed it, as the display reported; nil when it reported nothing.
    public var presentedTime: MonotonicTime?
    /// The earliest refresh that may have shown it, when the display's figures cannot tell
    /// (``PresentationRecord/earliestPossibleTime``); ``presentedTime`` is then the latest.
    public var earliestPossibleTime: MonotonicTime?
    /// The display's refresh counter at that refresh (``PresentationRecord/sequence``): how many
    /// refreshes lie between two frames, however many the machine missed.
    public var refreshCounter: UInt64?

    public init(index: Int, softwareTime: MonotonicTime, presentedTime: MonotonicTime?, earliestPossibleTime: MonotonicTime? = nil,
                refreshCounter: UInt64? = nil) {
        self.index = index
        self.softwareTime = softwareTime
        self.presentedTime = presentedTime
        self.earliestPossibleTime = earliestPossibleTime
        self.refreshCounter = refreshCounter
    }
}
