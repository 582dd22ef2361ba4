import Testing

@testable import KioskCore

@Suite struct PresentationAccountTests {
    @Test func oneFramePerRefreshMissesNothing() {
        let display = FakeDisplay(hertz: 59.95)
        var account = PresentationAccount()
        for n in 0..<600 { #expect(account.record(display.report(refresh: n)) == nil) }
        #expect(account.presentedCount == 600)
        #expect(account.missedRefreshCount == 0)
        #expect(account.lateFrameCount == 0)
        let stats = account.intervalStatistics
        #expect(stats.sampleCount == 599)
        #expect(stats.p99Nanoseconds == display.refreshNanoseconds)
        #expect(stats.lateCount == 0)
    }

    @Test func skippedSequenceNumbersAreMissedRefreshesWithTheirTimes() {
        let display = FakeDisplay(hertz: 59.95)
        var account = PresentationAccount()
        for n in 0..<10 { account.record(display.report(refresh: n)) }
        let late = account.record(display.report(refresh: 13))
        #expect(late?.plannedSequence == display.firstSequence + 10)
        #expect(late?.missed == (10...12).map { MissedRefresh(sequence: display.firstSequence + UInt64($0), time: display.time(ofRefresh: $0)) })
        #expect(late?.lateNanoseconds == 3 * display.refreshNanoseconds)
        #expect(account.missedRefreshCount == 3)
        #expect(account.lateFrameCount == 1)
        // The gap does not disturb the period: it is measured over refreshes, not frames.
        #expect(account.schedule.refreshNanoseconds == display.refreshNanoseconds)
        #expect(account.record(display.report(refresh: 14)) == nil)
        #expect(account.plannedSequence == display.firstSequence + 15)
    }

    @Test func everyLateFrameIsCountedAndTheRecentOnesKept() {
        let display = FakeDisplay(hertz: 60)
        var account = PresentationAccount(lateFrameHistory: 2)
        var n = 0
        for skip in [2, 1, 3, 1, 5] {
            n += skip
            account.record(display.report(refresh: n))
        }
        // The first report opens the count; then gaps of 1, 3, 1 and 5 refreshes.
        #expect(account.lateFrameCount == 2)
        #expect(account.missedRefreshCount == 2 + 4)
        #expect(account.recentLateFrames.map(\.missed.count) == [2, 4])
        #expect(account.recentLateFrames.last?.logText.hasPrefix("4 missed refreshes 1008-1011 from 5.133333 s") == true)
    }

    @Test func everyRefreshWhileTheDisplayWasSilentIsMissed() {
        // Xvfb kept off the processor: two frames wait 100 ms each for a report that does not
        // come, then the display reports refresh 30. A frame was due at each of refreshes 10-29;
        // whether either unreported frame was shown at one of them cannot be told (their copies
        // may have landed together, with the next frame's), so all twenty are missed.
        let display = FakeDisplay(hertz: 60)
        var account = PresentationAccount()
        for n in 0..<10 { account.record(display.report(refresh: n)) }
        for _ in 0..<2 {
            account.recordUnreported()
            account.displayFellSilent()
            #expect(account.plannedSequence == nil)
        }
        #expect(account.unreportedCount == 2)
        let late = account.record(display.report(refresh: 30))
        #expect(late?.plannedSequence == display.firstSequence + 10)
        #expect(late?.missed == (10...29).map { MissedRefresh(sequence: display.firstSequence + UInt64($0), time: display.time(ofRefresh: $0)) })
        #expect(account.missedRefreshCount == 20)
        #expect(account.lateFrameCount == 1)
        #expect(account.presentedCount == 11)
        // The span over the silence is not one frame's presentation interval.
        #expect(account.intervalStatistics.sampleCount == 9)
        #expect(account.plannedSequence == display.firstSequence + 31)
        #expect(account.record(display.report(refresh: 31)) == nil)
        #expect(account.intervalStatistics.sampleCount == 10)
    }

    @Test func aSilenceWithNoFrameSentMissesEveryRefreshInIt() {
        let display = FakeDisplay(hertz: 60)
        var account = PresentationAccount()
        account.record(display.report(refresh: 0))
        account.displayFellSilent()
        #expect(account.record(display.report(refresh: 5))?.missed.count == 4)
        #expect(account.missedRefreshCount == 4)
    }

    @Test func aFrameTheDisplayDiscardedTookNoRefresh() {
        // Wayland's `discarded`: a later commit replaced the frame before a refresh showed it.
        let display = FakeDisplay(hertz: 60)
        var account = PresentationAccount()
        for n in 0..<5 { account.record(display.report(refresh: n)) }
        account.recordUnreported()
        let late = account.record(display.report(refresh: 6))
        #expect(late?.missed.map(\.sequence) == [display.firstSequence + 5])
        #expect(account.unreportedCount == 1)
        #expect(account.missedRefreshCount == 1)
    }

    @Test func aCounterThatStartsAgainAfterASilenceIsNotAGap() {
        let display = FakeDisplay(hertz: 60)
        var account = PresentationAccount()
        for n in 0..<5 { account.record(display.report(refresh: n)) }
        account.recordUnreported()
        account.displayFellSilent()
        var restarted = display.report(refresh: 50)
        restarted.sequence = 2
        #expect(account.record(restarted) == nil)
        #expect(account.missedRefreshCount == 0)
    }

    @Test func aCounterThatStartsAgainIsNotAGap() {
        let display = FakeDisplay(hertz: 60)
        var account = PresentationAccount()
        for n in 0..<5 { account.record(display.report(refresh: n)) }
        var restarted = display.report(refresh: 6)
        restarted.sequence = 3
        #expect(account.record(restarted) == nil)
        #expect(account.missedRefreshCount == 0)
        #expect(account.intervalStatistics.sampleCount == 4)
    }
}
