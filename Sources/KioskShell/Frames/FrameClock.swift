import Glibc
import KioskCore
import KioskData

/// Where a run's frames come from, and how it learns when each was shown: the one thing a
/// windowed and a headless run do not share.
///
/// The runner tells the clock when it has sent a frame to the window (``frameSent(at:)``)
/// and takes the frame's presentation once it is known (``takePresentation()``): at once
/// for the software timer, at the next refresh for the display's own report.
public protocol FrameClock {
    /// Waits for the next frame, or makes it up, and returns its time.
    mutating func nextFrame() -> MonotonicTime
    /// Frames returned so far.
    var frameCount: Int { get }
    /// The time on this clock of `time` on the machine's monotonic clock, the clock a
    /// device's own timestamps keep (an LSL sample's).
    func frameTime(ofMonotonic time: MonotonicTime) -> MonotonicTime
    /// The clock that stamps onsets: the display's report, the software timer, or virtual frames.
    var onsetClock: OnsetClock { get }
    /// The last frame whose presentation is known: when it was shown and which clock said so.
    var lastPresentation: PresentationRecord? { get }
    /// The frame drawn since the last ``nextFrame()`` is about to go to the window.
    mutating func frameWillBeSent()
    /// The frame drawn since the last ``nextFrame()`` went to the window at `time` (when the
    /// window system's copy returned).
    mutating func frameSent(at time: MonotonicTime)
    /// The presentation of a sent frame that became known since the last call, once.
    mutating func takePresentation() -> PresentationRecord?
    /// Waits until the frame last sent has been reported (a block's last frame) and returns
    /// its presentation, if it had not been taken yet.
    mutating func awaitPresentation() -> PresentationRecord?
    /// Interval figures of the run's frames, as `--frame-stats` prints them.
    var frameStatistics: FrameStatistics { get }
    /// The display's account of missed refreshes; nil where the display reports nothing.
    var presentationAccount: PresentationAccount? { get }
    /// The late frames found since the last call, each with its missed refreshes.
    mutating func takeLateFrames() -> [LateFrame]
}

extension FrameClock {
    /// Only a display system that reports on commits (Wayland) needs to hear of it first.
    public mutating func frameWillBeSent() {}
    /// Without the display's reports nothing is known to be missed.
    public var presentationAccount: PresentationAccount? { nil }
    public mutating func takeLateFrames() -> [LateFrame] { [] }
}

/// Real frames at 60 Hz on the monotonic clock, paced by a ``FramePacer``: where the
/// display reports no presentation. A frame's presentation is then the moment the window
/// system took it, which is before it was seen by an unknown part of a refresh.
public struct PacedFrameClock: FrameClock {
    public private(set) var pacer = FramePacer(rate: 60)
    public private(set) var lastPresentation: PresentationRecord?
    private var untaken: PresentationRecord?

    public init() {}

    public mutating func nextFrame() -> MonotonicTime { pacer.waitForNextFrame() }
    public var frameCount: Int { pacer.frameCount }
    /// Real frames keep the monotonic clock.
    public func frameTime(ofMonotonic time: MonotonicTime) -> MonotonicTime { time }
    public var onsetClock: OnsetClock { .softwareTimer }
    public var frameStatistics: FrameStatistics { pacer.statistics }

    /// The software stamp: the frame counts as shown when the window system took it. Its
    /// sequence is the frame's number, as no display counter is known.
    public mutating func frameSent(at time: MonotonicTime) {
        let record = PresentationRecord(sequence: UInt64(frameCount), presentedTime: time, flags: [], clock: .softwareTimer)
        lastPresentation = record
        untaken = record
    }

    public mutating func takePresentation() -> PresentationRecord? {
        defer { untaken = nil }
        return untaken
    }

    public mutating func awaitPresentation() -> PresentationRecord? { takePresentation() }
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

    public var onsetClock: OnsetClock { .virtualFrames }
    /// Nothing is shown.
    public var lastPresentation: PresentationRecord? { nil }
    public mutating func frameSent(at time: MonotonicTime) {}
    public mutating func takePresentation() -> PresentationRecord? { nil }
    public mutating func awaitPresentation() -> PresentationRecord? { nil }
    public var frameStatistics: FrameStatistics { FrameStatistics(intervalsNanoseconds: [], periodNanoseconds: Self.frameNanoseconds) }

    /// Sleeps until real time catches up with `virtualElapsed / speed`.
    private static func sleep(untilRealTimeCatchesUp virtualElapsed: Int64, speed: Double, start: MonotonicTime) {
        let due = start.nanoseconds + Int64(Double(virtualElapsed) / speed)
        guard due > MonotonicClock.now().nanoseconds else { return }
        var request = timespec(tv_sec: Int(due / 1_000_000_000), tv_nsec: Int(due % 1_000_000_000))
        _ = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &request, nil)
    }
}
