/// The account of a run's frames as the display reported them: one frame is due at every
/// refresh, so a gap in the refresh counter between two frames is a late frame and the
/// refreshes in it are missed, each counted with its time. Nothing here reads a clock; the
/// shell hands in each report, or says that a frame got none.
public struct PresentationAccount: Sendable {
    /// Frames the display reported.
    public private(set) var presentedCount = 0
    /// Frames sent that the display did not report in time (a hidden window, a display
    /// without reports): their onsets fell back to the software time.
    public private(set) var unreportedCount = 0
    /// Frames the display showed at the refresh reported or at one before it, which its
    /// figures cannot tell apart (``FirstShowingRefresh``): their onsets may be a refresh late.
    public private(set) var uncertainRefreshCount = 0
    /// Refreshes that passed with no new frame, over the whole run.
    public private(set) var missedRefreshCount = 0
    /// Frames shown later than planned, over the whole run.
    public private(set) var lateFrameCount = 0
    /// The most recent late frames, oldest first (``lateFrameHistory`` of them at most).
    public private(set) var recentLateFrames: [LateFrame] = []
    /// Late frames kept in ``recentLateFrames``.
    public let lateFrameHistory: Int
    /// Measures the refresh period and plans the next frame's refresh.
    public private(set) var schedule: RefreshSchedule
    /// The previous frame's report, which the next one is counted from.
    public private(set) var previous: PresentationRecord?
    /// The display fell silent since ``previous``: the next frame is planned for no particular
    /// refresh, and the span to the next report is not one frame's.
    private var silentSincePrevious = false
    // Ring of recent presentation intervals, for percentiles; filled only as frames come.
    private var intervals: [Int64] = []
    private let intervalCapacity: Int
    private var nextSlot = 0

    /// - Parameters:
    ///   - schedule: the refresh schedule to keep (its nominal period counts until reports come).
    ///   - intervalCapacity: intervals kept for percentiles (the default holds 18 min at 60 Hz).
    ///   - lateFrameHistory: late frames kept with their missed refreshes.
    public init(schedule: RefreshSchedule = RefreshSchedule(), intervalCapacity: Int = 1 << 16, lateFrameHistory: Int = 256) {
        self.schedule = schedule
        self.intervalCapacity = max(intervalCapacity, 1)
        self.lateFrameHistory = max(lateFrameHistory, 1)
        intervals.reserveCapacity(self.intervalCapacity)
    }

    /// The refresh the next frame is due at (``RefreshSchedule/nextRefresh``); none after a
    /// restart, until the display reports again.
    public var plannedSequence: UInt64? { previous == nil || silentSincePrevious ? nil : schedule.nextRefresh?.sequence }

    /// Takes in the display's report of the frame sent after the previous one.
    /// - Returns: the frame, when it was shown later than planned.
    @discardableResult
    public mutating func record(_ presentation: PresentationRecord) -> LateFrame? {
        schedule.record(presentation)
        presentedCount += 1
        let afterSilence = silentSincePrevious
        defer {
            previous = presentation
            silentSincePrevious = false
        }
        guard let previous, presentation.sequence > previous.sequence, presentation.presentedTime > previous.presentedTime else {
            return nil  // the first report, or a counter that started again: nothing to count from
        }
        let span = presentation.presentedTime.since(previous.presentedTime)
        if !afterSilence { appendInterval(span) }
        let gap = presentation.sequence - previous.sequence
        guard gap > 1 else { return nil }
        let missed = (1..<gap).map { step in
            MissedRefresh(sequence: previous.sequence + step,
                          time: MonotonicTime(nanoseconds: previous.presentedTime.nanoseconds + span * Int64(step) / Int64(gap)))
        }
        let late = LateFrame(plannedSequence: previous.sequence + 1, presented: presentation, missed: missed)
        missedRefreshCount += missed.count
        lateFrameCount += 1
        if recentLateFrames.count == lateFrameHistory { recentLateFrames.removeFirst() }
        recentLateFrames.append(late)
        return late
    }

    /// The frame just recorded may have been shown a refresh before the one reported.
    public mutating func recordUncertainRefresh() {
        uncertainRefreshCount += 1
    }

    /// A frame was sent and the display said nothing of it.
    public mutating func recordUnreported() {
        unreportedCount += 1
    }

    /// The display fell silent (a report did not come in time: a server kept off the processor,
    /// a window hidden). The next frame is planned afresh, for the next refresh; counting goes
    /// on from the last report, since a frame was due at every refresh until the next one. Each
    /// of those refreshes is missed, even one that showed a frame the display did not report:
    /// which did, if any, cannot be told (frames whose copies waited for a stalled server may
    /// all land at one refresh), and a refresh counted missed that was not errs on the side
    /// the account is for.
    public mutating func displayFellSilent() {
        silentSincePrevious = true
    }

    /// Presentation intervals (consecutive frames, however many refreshes apart) against the
    /// measured refresh period.
    public var intervalStatistics: FrameStatistics {
        FrameStatistics(intervalsNanoseconds: intervals, periodNanoseconds: schedule.refreshNanoseconds)
    }

    private mutating func appendInterval(_ interval: Int64) {
        if intervals.count < intervalCapacity {
            intervals.append(interval)
        } else {
            intervals[nextSlot] = interval
            nextSlot = (nextSlot + 1) % intervalCapacity
        }
    }
}
