/// Puts evdev timestamps on labkiosk's monotonic clock, keeping each event's kernel time.
///
/// A device whose clock was switched with EVIOCSCLOCKID stamps on CLOCK_MONOTONIC, which
/// is used as is. Otherwise the kernel stamps on CLOCK_REALTIME; the reader measures
/// `realtime − monotonic` at each read, which converts exactly unless the wall clock is
/// stepped between the event and the read. A timestamp more than ``maximumAgeNanoseconds``
/// before the read or more than ``maximumLeadNanoseconds`` after it cannot be the event's
/// (a stepped clock, a recording from another day, garbage): the read time stands in, and
/// the first such event is reported.
public struct EvdevClockMapping: Hashable, Sendable {
    /// The oldest an event may be when read: a reader that stalls longer has bigger problems.
    public static let maximumAgeNanoseconds: Int64 = 10_000_000_000
    /// How far after the read an event may claim to be, for the clocks' reading order.
    public static let maximumLeadNanoseconds: Int64 = 5_000_000

    public let clock: EvdevDeviceInfo.TimestampClock
    /// How many events had an implausible timestamp.
    public private(set) var implausibleCount = 0

    public init(clock: EvdevDeviceInfo.TimestampClock) {
        self.clock = clock
    }

    /// The event's time on the monotonic clock, and a problem text the first time a
    /// timestamp is implausible.
    ///
    /// - Parameters:
    ///   - readTime: the monotonic time of the read that returned the event.
    ///   - realtimeMinusMonotonicNanoseconds: CLOCK_REALTIME − CLOCK_MONOTONIC at that read.
    public mutating func time(of event: EvdevEvent, readTime: MonotonicTime, realtimeMinusMonotonicNanoseconds offset: Int64) -> (time: MonotonicTime, problem: String?) {
        if let stamp = event.timestampNanoseconds {
            let (monotonic, overflow) = clock == .monotonic ? (stamp, false) : stamp.subtractingReportingOverflow(offset)
            if !overflow, monotonic <= readTime.nanoseconds + Self.maximumLeadNanoseconds,
               readTime.nanoseconds - monotonic <= Self.maximumAgeNanoseconds {
                return (MonotonicTime(nanoseconds: min(monotonic, readTime.nanoseconds)), nil)
            }
        }
        implausibleCount += 1
        let problem = implausibleCount == 1
            ? "event timestamps are not plausible on the \(clock.rawValue) clock (\(event.seconds) s \(event.microseconds) µs); the read time stands in for them"
            : nil
        return (readTime, problem)
    }
}
