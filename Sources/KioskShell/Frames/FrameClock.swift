import Glibc
import KioskCore
import KioskData

/// Where a run's frames come from: the one thing a windowed and a headless run do not share.
public protocol FrameClock {
    /// Waits for the next frame, or makes it up, and returns its time.
    mutating func nextFrame() -> MonotonicTime
    /// Frames returned so far.
    var frameCount: Int { get }
    /// The time on this clock of `time` on the machine's monotonic clock, the clock a
    /// device's own timestamps keep (an LSL sample's).
    func frameTime(ofMonotonic time: MonotonicTime) -> MonotonicTime
}

/// Real frames at 60 Hz on the monotonic clock, paced by a ``FramePacer``.
public struct PacedFrameClock: FrameClock {
    public private(set) var pacer = FramePacer(rate: 60)

    public init() {}

    public mutating func nextFrame() -> MonotonicTime { pacer.waitForNextFrame() }
    public var frameCount: Int { pacer.frameCount }
    /// Real frames keep the monotonic clock.
    public func frameTime(ofMonotonic time: MonotonicTime) -> MonotonicTime { time }
}

/// Virtual 60 Hz frames, as fast as the machine allows, or at `speed` times real time.
///
/// The first frame is the clock's start; each later one is ``frameNanoseconds`` (1/60 s cut
/// to whole nanoseconds) after the one before, so a block sees the same times however fast
/// the machine is.
public struct VirtualFrameClock: FrameClock {
    /// The frame step; with the fixed cadence logs do not depend on it.
    public static let frameNanoseconds: Int64 = 1_000_000_000 / 60

    public let start: MonotonicTime
    /// Virtual seconds per real second; `nil` runs as fast as possible.
    public let speed: Double?
    public private(set) var frameCount = 0

    public init(start: MonotonicTime, speed: Double?) {
        self.start = start
        self.speed = speed
    }

    public mutating func nextFrame() -> MonotonicTime {
        let time = MonotonicTime(nanoseconds: start.nanoseconds + Int64(frameCount) * Self.frameNanoseconds)
        frameCount += 1
        if let speed { Self.sleep(untilRealTimeCatchesUp: time.since(start), speed: speed, start: start) }
        return time
    }

    /// At a speed, virtual time runs `speed` times as fast as real time from the start (as
    /// fast as possible, it keeps no real time at all: the monotonic time as it is).
    public func frameTime(ofMonotonic time: MonotonicTime) -> MonotonicTime {
        guard let speed else { return time }
        return MonotonicTime(nanoseconds: start.nanoseconds + Int64((Double(time.since(start)) * speed).rounded()))
    }

    /// Sleeps until real time catches up with `virtualElapsed / speed`.
    private static func sleep(untilRealTimeCatchesUp virtualElapsed: Int64, speed: Double, start: MonotonicTime) {
        let due = start.nanoseconds + Int64(Double(virtualElapsed) / speed)
        guard due > MonotonicClock.now().nanoseconds else { return }
        var request = timespec(tv_sec: Int(due / 1_000_000_000), tv_nsec: Int(due % 1_000_000_000))
        _ = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &request, nil)
    }
}
