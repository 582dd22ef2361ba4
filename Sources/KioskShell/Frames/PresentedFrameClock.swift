import KioskCore
import KioskData

/// Frames on the display's schedule, one per refresh, each stamped with the refresh that
/// showed it as the X server reports it (X11 Present, ``X11Present``).
///
/// After a frame is sent, the server is asked to report the refresh that frame is planned
/// for, the one after the previous frame's (or the next one, if that has passed already);
/// ``nextFrame()`` waits for that report, which is both the previous frame's presentation
/// and the start of the next frame. A gap in the refresh counter between two reports is a
/// late frame and the refreshes in it are missed (``PresentationAccount``). A report that
/// does not come within ``reportTimeoutNanoseconds`` (a hidden window) makes the frame
/// unreported: its onset falls back to the moment it was sent, and says so.
public struct PresentedFrameClock: FrameClock {
    /// How long a frame waits for the display's report before it is called unreported.
    public static let reportTimeoutNanoseconds: Int64 = 100_000_000

    private let present: X11Present
    public private(set) var account = PresentationAccount()
    public private(set) var frameCount = 0
    public private(set) var lastPresentation: PresentationRecord?
    /// Late frames found since the runner last took them, to be printed as they happen.
    private var unannounced: [LateFrame] = []
    private var untaken: PresentationRecord?
    private var pendingSerial: UInt32?
    private var sentAt: MonotonicTime?
    private var previousFrame: MonotonicTime?

    init(present: X11Present) {
        self.present = present
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

    public mutating func frameSent(at time: MonotonicTime) {
        sentAt = time
        pendingSerial = present.requestCompletion(atSequence: account.plannedSequence ?? 0)
    }

    public mutating func takePresentation() -> PresentationRecord? {
        defer { untaken = nil }
        return untaken
    }

    public mutating func awaitPresentation() -> PresentationRecord? {
        guard pendingSerial != nil else { return takePresentation() }
        _ = awaitReport()
        return takePresentation()
    }

    public mutating func takeLateFrames() -> [LateFrame] {
        defer { unannounced.removeAll(keepingCapacity: true) }
        return unannounced
    }

    /// Waits for the report of the request outstanding (asking for the next refresh when
    /// none is), and enters it in the account.
    private mutating func awaitReport() -> PresentationRecord? {
        let serial = pendingSerial ?? present.requestCompletion(atSequence: 0)
        let wasFrame = pendingSerial != nil
        pendingSerial = nil
        let deadline = MonotonicTime(nanoseconds: MonotonicClock.now().nanoseconds + Self.reportTimeoutNanoseconds)
        guard let completion = present.waitForCompletion(serial: serial, until: deadline) else {
            if wasFrame, let sentAt {
                account.recordUnreported()
                let fallback = PresentationRecord(sequence: account.plannedSequence ?? 0, presentedTime: sentAt, flags: [], clock: .softwareTimer)
                lastPresentation = fallback
                untaken = fallback
            }
            // The refreshes until the display reports again were not due any frame it knows of.
            account.restartSequence()
            return nil
        }
        // X11 Present says nothing of hardware clocks or copies: its report is the refresh counter's.
        let record = PresentationRecord(sequence: completion.sequence, presentedTime: completion.time, flags: .vsync, clock: .displayPresented)
        if let late = account.record(record) { unannounced.append(late) }
        if wasFrame {
            lastPresentation = record
            untaken = record
        }
        return record
    }
}
