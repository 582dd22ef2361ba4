import KioskCore
import KioskData

/// Paces the main loop to absolute frame deadlines (60 Hz by default) and records each
/// frame's interval.
///
/// Deadlines are `start + k × 1 s / rate` in integer nanoseconds, so they never drift,
/// and a frame that ends a little late is followed by a shorter wait rather than shifting
/// every later frame. A frame more than one period late (a stall) restarts the schedule
/// from now instead of rushing out the missed frames back to back. The software
/// renderer's simulated vsync runs at 62.5 Hz, so it is never used for pacing.
public struct FramePacer {
    /// Frames per second.
    public let rate: Int
    /// Nominal frame period in nanoseconds (rounded; deadlines themselves are exact).
    public let periodNanoseconds: Int64
    /// Frames returned so far.
    public private(set) var frameCount = 0
    /// Frames whose interval exceeded 1.5 periods, over the whole run.
    public private(set) var lateCount = 0
    /// Frames whose interval exceeded 33 ms, over the whole run.
    public private(set) var over33msCount = 0
    /// Times the schedule restarted after a stall longer than one period.
    public private(set) var resyncCount = 0

    private let now: () -> MonotonicTime
    private let sleepUntil: (MonotonicTime) -> Void
    private var start: MonotonicTime?
    private var frameIndex: Int64 = 0
    private var lastFrame = MonotonicTime(nanoseconds: 0)
    // Ring of the most recent intervals, for percentiles. Its storage is reserved but only
    // touched as frames come, so a short session keeps no unused history resident.
    private var intervals: [Int64] = []
    private let historyCapacity: Int
    private var nextSlot = 0

    /// A pacer on the real monotonic clock.
    ///
    /// - Parameters:
    ///   - rate: frames per second.
    ///   - historyCapacity: intervals kept for percentiles (the default holds 18 min at 60 Hz).
    ///   - now: the clock (tests pass a fake).
    ///   - sleepUntil: sleeps to an absolute time on that clock.
    public init(
        rate: Int = 60, historyCapacity: Int = 1 << 16,
        now: @escaping () -> MonotonicTime = MonotonicClock.now,
        sleepUntil: @escaping (MonotonicTime) -> Void = MonotonicClock.sleep(until:)
    ) {
        self.rate = max(rate, 1)
        self.periodNanoseconds = 1_000_000_000 / Int64(max(rate, 1))
        self.now = now
        self.sleepUntil = sleepUntil
        self.historyCapacity = max(historyCapacity, 1)
        intervals.reserveCapacity(self.historyCapacity)
    }

    /// Sleeps until the next frame is due and returns the time the frame starts.
    ///
    /// The first call returns at once and starts the schedule.
    public mutating func waitForNextFrame() -> MonotonicTime {
        let before = now()
        guard let start else {
            self.start = before
            frameIndex = 0
            lastFrame = before
            frameCount = 1
            return before
        }
        frameIndex += 1
        let deadline = MonotonicTime(nanoseconds: start.nanoseconds + frameIndex * 1_000_000_000 / Int64(rate))
        if before.nanoseconds - deadline.nanoseconds > periodNanoseconds {
            // A stall: start a new schedule now rather than bursting out the missed frames.
            self.start = before
            frameIndex = 0
            resyncCount += 1
        } else if before < deadline {
            sleepUntil(deadline)
        }
        let frameTime = now()
        record(frameTime.nanoseconds - lastFrame.nanoseconds)
        lastFrame = frameTime
        frameCount += 1
        return frameTime
    }

    /// Interval statistics over the most recent `historyCapacity` frames; the late counts
    /// in the result cover the same frames (the pacer's own counters cover the whole run).
    public var statistics: FrameStatistics {
        FrameStatistics(intervalsNanoseconds: intervals, periodNanoseconds: periodNanoseconds)
    }

    /// Forgets the schedule and the recorded intervals, as after a pause screen.
    public mutating func reset() {
        start = nil
        nextSlot = 0
        intervals.removeAll(keepingCapacity: true)
        frameCount = 0
        lateCount = 0
        over33msCount = 0
        resyncCount = 0
    }

    private mutating func record(_ interval: Int64) {
        if intervals.count < historyCapacity {
            intervals.append(interval)
        } else {
            intervals[nextSlot] = interval
            nextSlot = (nextSlot + 1) % historyCapacity
        }
        if interval > periodNanoseconds * 3 / 2 { lateCount += 1 }
        if interval > 33_000_000 { over33msCount += 1 }
    }
}
