import Testing

@testable import KioskCore

@Suite struct RefreshCounterTests {
    private let period: Int64 = 16_683_333   // 59.94 Hz

    private func time(_ nanoseconds: Int64) -> MonotonicTime { MonotonicTime(nanoseconds: 5_000_000_000 + nanoseconds) }

    @Test func aHardwareCounterIsTakenAsReported() {
        var counter = RefreshCounter()
        #expect(counter.sequence(reported: 900, trusted: true, at: time(0), refreshNanoseconds: period) == 900)
        // A gap the hardware counted stays a gap, whatever the times say.
        #expect(counter.sequence(reported: 903, trusted: true, at: time(period), refreshNanoseconds: period) == 903)
    }

    @Test func aRepaintCounterIsReplacedByRefreshesCountedFromTheTimes() {
        var counter = RefreshCounter()
        #expect(counter.sequence(reported: 40, trusted: false, at: time(0), refreshNanoseconds: period) == 40)
        // The compositor counted one repaint; three refreshes passed, so two showed nothing new.
        #expect(counter.sequence(reported: 41, trusted: false, at: time(3 * period), refreshNanoseconds: period) == 43)
        // Reports up to a fifth of a period early or late still count the nearest refresh.
        #expect(counter.sequence(reported: 42, trusted: false, at: time(4 * period - period / 5), refreshNanoseconds: period) == 44)
        #expect(counter.sequence(reported: 43, trusted: false, at: time(5 * period + period / 5), refreshNanoseconds: period) == 45)
    }

    @Test func twoReportsCloserThanARefreshStillAdvanceByOne() {
        var counter = RefreshCounter()
        _ = counter.sequence(reported: 7, trusted: false, at: time(0), refreshNanoseconds: period)
        #expect(counter.sequence(reported: 8, trusted: false, at: time(period / 4), refreshNanoseconds: period) == 8)
    }

    @Test func withoutAPeriodEachReportIsTheNextRefresh() {
        var counter = RefreshCounter()
        _ = counter.sequence(reported: 0, trusted: false, at: time(0), refreshNanoseconds: 0)
        #expect(counter.sequence(reported: 0, trusted: false, at: time(5 * period), refreshNanoseconds: 0) == 1)
    }
}
