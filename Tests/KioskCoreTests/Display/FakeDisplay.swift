@testable import KioskCore

/// A display clock for tests: refresh `n` starts at `start + n × refresh`, whatever its
/// rate (a 59.95 Hz panel drifts from a 60 Hz timer), reported with its counter as X11
/// Present reports it, optionally with each report's time off by a fixed pattern of jitter.
struct FakeDisplay {
    var refreshNanoseconds: Int64
    var start = MonotonicTime(nanoseconds: 5_000_000_000)
    var firstSequence: UInt64 = 1_000
    /// Added to report `n`'s time: `jitter[n % jitter.count]` nanoseconds.
    var jitter: [Int64] = [0]

    init(hertz: Double, jitter: [Int64] = [0]) {
        refreshNanoseconds = Int64((1e9 / hertz).rounded())
        self.jitter = jitter
    }

    /// When refresh `n` (counted from the first) starts, without jitter.
    func time(ofRefresh n: Int) -> MonotonicTime {
        MonotonicTime(nanoseconds: start.nanoseconds + Int64(n) * refreshNanoseconds)
    }

    /// The report of a frame shown at refresh `n`.
    func report(refresh n: Int) -> PresentationRecord {
        PresentationRecord(sequence: firstSequence + UInt64(n),
                           presentedTime: MonotonicTime(nanoseconds: time(ofRefresh: n).nanoseconds + jitter[n % jitter.count]),
                           flags: .vsync, clock: .displayPresented)
    }
}
