import KioskCore
import KioskData

/// Frames on the display's schedule, one per refresh, each stamped with the refresh that
/// showed it as the display system reports it (``PresentationReports``: X11 Present, Wayland
/// presentation-time).
///
/// Each frame sent asks for the report of the refresh it is planned for, the one after the
/// previous frame's (or the next one, if that has passed already);
/// ``nextFrame()`` waits for that report, which is both the previous frame's presentation
/// and the start of the next frame. A gap in the refresh counter between two reports is a
/// late frame and the refreshes in it are missed (``PresentationAccount``). A report that
/// does not come within ``reportTimeoutNanoseconds`` (a hidden window) makes the frame
/// unreported: its onset falls back to the moment it was sent, and says so.
public struct PresentedFrameClock: FrameClock {
    /// How long a frame waits for the display's report before it is called unreported.
    public static let reportTimeoutNanoseconds: Int64 = 100_000_000

    private let reports: any PresentationReports
    public private(set) var account = PresentationAccount()
    public private(set) var frameCount = 0
    public private(set) var lastPresentation: PresentationRecord?
    /// Late frames found since the runner last took them, to be printed as they happen.
    private var unannounced: [LateFrame] = []
    private var untaken: PresentationRecord?
    private var pendingTicket: UInt32?
    private var sentAt: MonotonicTime?
    private var previousFrame: MonotonicTime?

    init(reports: any PresentationReports) {
        self.reports = reports
    }

    public var onsetClock: OnsetClock { .displayPresented }
    public func frameTime(ofMonotonic time: MonotonicTime) -> MonotonicTime { time }
    public var frameStatistics: FrameStatistics { account.intervalStatistics }
    public var presentationAccount: PresentationAccount? { account }

    /// Waits for the refresh that shows the frame sent last (or, with none sent, the next
    /// refresh), and returns its time: the frame that starts now will be shown one refresh
    /// later. After a stall the refresh reported may lie in the past; the frame then starts
    /// now, since its inputs and its state belong to now.
    public mutating func nextFrame() -> MonotonicTime {
        var time = MonotonicClock.now()
        if let presented = awaitReport() {
            let woke = MonotonicClock.now()
            time = woke.since(presented.presentedTime) > account.schedule.refreshNanoseconds ? woke : presented.presentedTime
        }
        // Blocks advance to each frame's time, so it must never go back, whatever a server reports.
        if let previousFrame { time = max(time, previousFrame) }
        previousFrame = time
        frameCount += 1
        return time
    }

    public mutating func frameWillBeSent() { reports.frameWillBeSent() }

    public mutating func frameSent(at time: MonotonicTime) {
        sentAt = time
        pendingTicket = reports.frameSent(plannedSequence: account.plannedSequence ?? 0)
    }

    public mutating func takePresentation() -> PresentationRecord? {
        defer { untaken = nil }
        return untaken
    }

    public mutating func awaitPresentation() -> PresentationRecord? {
        guard pendingTicket != nil else { return takePresentation() }
        _ = awaitReport()
        return takePresentation()
    }

    public mutating func takeLateFrames() -> [LateFrame] {
        defer { unannounced.removeAll(keepingCapacity: true) }
        return unannounced
    }

    /// Waits for the report of the request outstanding (asking for the next refresh when
    /// none is and the display system can say), and enters it in the account.
    private mutating func awaitReport() -> PresentationRecord? {
        let wasFrame = pendingTicket != nil
        guard let ticket = pendingTicket ?? reports.requestNextRefresh() else { return nil }
        pendingTicket = nil
        let deadline = MonotonicTime(nanoseconds: MonotonicClock.now().nanoseconds + Self.reportTimeoutNanoseconds)
        switch reports.waitForReport(ticket, until: deadline) {
        case .presented(let finding)?:
            let record = finding.record(refreshNanoseconds: account.schedule.refreshNanoseconds)
            if let late = account.record(record) { unannounced.append(late) }
            if wasFrame {
                if case .uncertain = finding { account.recordUncertainRefresh() }
                lastPresentation = record
                untaken = record
            }
            return record
        case .discarded?:
            // Never shown: the next frame's report has the refreshes it took.
            if wasFrame { recordUnreported() }
            return nil
        case nil:
            if wasFrame { recordUnreported() }
            // The next frame is planned afresh; the refreshes until the display reports again
            // count as missed (``PresentationAccount/displayFellSilent()``).
            account.displayFellSilent()
            return nil
        }
    }

    /// The frame's onset falls back to the moment it was sent, marked as the software's.
    private mutating func recordUnreported() {
        guard let sentAt else { return }
        account.recordUnreported()
        let fallback = PresentationRecord(sequence: account.plannedSequence ?? 0, presentedTime: sentAt, flags: [], clock: .softwareTimer)
        lastPresentation = fallback
        untaken = fallback
    }
}
