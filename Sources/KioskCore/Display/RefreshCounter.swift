/// Numbers the refreshes that showed frames when the display system's own counter cannot be
/// trusted to count every refresh. Wayland compositors report a sequence number, but only one
/// driven by the hardware's vertical blank (flag `hardwareCompletion`) counts refreshes that
/// showed nothing new; a compositor that repaints on a timer (Weston on X11, headless) counts
/// its repaints, so a missed refresh would leave no gap. There the number is derived from the
/// times: the refreshes between two reports are their distance over the refresh period,
/// rounded, at least one; so two reports each off their refresh by under a quarter of a
/// period count right.
public struct RefreshCounter: Sendable {
    private var last: (sequence: UInt64, time: MonotonicTime)?

    public init() {}

    /// The sequence number to give the presentation reported at `time`.
    /// - Parameters:
    ///   - reported: the display system's own number.
    ///   - trusted: it comes from the hardware's refresh counter.
    ///   - refreshNanoseconds: the output's period as reported (0 or less: unknown).
    public mutating func sequence(reported: UInt64, trusted: Bool, at time: MonotonicTime, refreshNanoseconds: Int64) -> UInt64 {
        let sequence: UInt64
        if trusted {
            sequence = reported
        } else if let last, refreshNanoseconds > 0 {
            let elapsed = time.since(last.time)
            let refreshes = (Double(elapsed) / Double(refreshNanoseconds)).rounded()
            sequence = last.sequence + UInt64(max(1, min(refreshes, 1e9)))
        } else if let last {
            sequence = last.sequence + 1
        } else {
            sequence = reported
        }
        last = (sequence, time)
        return sequence
    }
}
