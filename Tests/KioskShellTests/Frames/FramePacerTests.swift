import KioskCore
import Testing

@testable import KioskShell

/// A clock that moves only when the pacer sleeps or the test says so.
private final class FakeClock {
    var now = MonotonicTime(nanoseconds: 1_000_000_000)
    var sleeps: [MonotonicTime] = []

    func advance(milliseconds: Double) { now.nanoseconds += Int64(milliseconds * 1e6) }

    func pacer() -> FramePacer {
        FramePacer(
            rate: 60, historyCapacity: 100, now: { self.now },
            sleepUntil: { deadline in
                self.sleeps.append(deadline)
                if deadline > self.now { self.now = deadline }
            })
    }
}

@Suite struct FramePacerTests {
    @Test func sleepsToExactAbsoluteDeadlines() {
        let clock = FakeClock()
        var pacer = clock.pacer()
        let start = pacer.waitForNextFrame()
        for _ in 0..<60 {
            clock.advance(milliseconds: 3)  // work done inside the frame
            _ = pacer.waitForNextFrame()
        }
        // Exactly one second later, with no drift from the 16.666... ms period.
        #expect(clock.now.nanoseconds - start.nanoseconds == 1_000_000_000)
        #expect(clock.sleeps.count == 60)
        #expect(pacer.lateCount == 0)
        let stats = pacer.statistics
        #expect(stats.sampleCount == 60)
        #expect(stats.p50Nanoseconds == 16_666_667 || stats.p50Nanoseconds == 16_666_666)
        #expect(stats.maxNanoseconds <= 16_666_667)
    }

    /// Statistics cover the most recent `historyCapacity` (here 100) intervals: a late frame
    /// that has since left the window no longer counts.
    @Test func statisticsCoverTheMostRecentFrames() {
        let clock = FakeClock()
        var pacer = clock.pacer()
        _ = pacer.waitForNextFrame()
        clock.advance(milliseconds: 25)
        _ = pacer.waitForNextFrame()
        #expect(pacer.statistics.maxNanoseconds == 25_000_000)
        for _ in 0..<150 { _ = pacer.waitForNextFrame() }
        let stats = pacer.statistics
        #expect(stats.sampleCount == 100)
        #expect(stats.maxNanoseconds <= 16_666_667)
        #expect(pacer.lateCount == 1, "the pacer's own counter covers the whole run")
    }

    @Test func aSlightlyLateFrameKeepsTheSchedule() {
        let clock = FakeClock()
        var pacer = clock.pacer()
        let start = pacer.waitForNextFrame()
        clock.advance(milliseconds: 25)  // frame 1 due at 16.7 ms: late by 8.3 ms, less than a period
        _ = pacer.waitForNextFrame()
        _ = pacer.waitForNextFrame()  // frame 2 still due at 33.3 ms
        #expect(clock.now.nanoseconds - start.nanoseconds == 33_333_333)
        #expect(pacer.resyncCount == 0)
        #expect(pacer.lateCount == 1)  // the 25 ms interval
    }

    @Test func aStallResynchronisesInsteadOfBursting() {
        let clock = FakeClock()
        var pacer = clock.pacer()
        _ = pacer.waitForNextFrame()
        clock.advance(milliseconds: 100)  // a 100 ms stall: six frames missed
        let afterStall = pacer.waitForNextFrame()
        #expect(pacer.resyncCount == 1)
        #expect(afterStall == clock.now)
        let next = pacer.waitForNextFrame()
        // The next frame is a full period after the stall, not immediately.
        #expect(next.nanoseconds - afterStall.nanoseconds == 16_666_666)
        #expect(pacer.lateCount == 1)
        #expect(pacer.over33msCount == 1)
    }
}
