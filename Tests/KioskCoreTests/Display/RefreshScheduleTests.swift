import Testing

@testable import KioskCore

@Suite struct RefreshScheduleTests {
    @Test func measuresADriftingPanelThatATimerWouldSlipAgainst() {
        let display = FakeDisplay(hertz: 59.95)
        var schedule = RefreshSchedule()
        #expect(schedule.refreshNanoseconds == 16_666_667)  // nominal until reports come
        for n in 0...1200 { schedule.record(display.report(refresh: n)) }
        #expect(schedule.refreshNanoseconds == display.refreshNanoseconds)
        // After 20 s a 1/60 s timer is a whole refresh ahead of this panel; the schedule still
        // targets the refresh that follows the send.
        let sent = MonotonicTime(nanoseconds: display.time(ofRefresh: 1200).nanoseconds + 4_000_000)
        let target = schedule.target(sentAt: sent)
        #expect(target?.sequence == display.firstSequence + 1201)
        #expect(target?.expectedTime == display.time(ofRefresh: 1201))
        let timerFrames = Int(display.time(ofRefresh: 1200).since(display.start) / 16_666_667)
        #expect(timerFrames == 1201)
    }

    @Test func aFrameSentAfterItsRefreshBeganTargetsALaterOne() {
        let display = FakeDisplay(hertz: 60)
        var schedule = RefreshSchedule()
        #expect(schedule.target(sentAt: display.start) == nil)  // no report: nothing to plan from
        for n in 0..<10 { schedule.record(display.report(refresh: n)) }
        let justAfter = MonotonicTime(nanoseconds: display.time(ofRefresh: 11).nanoseconds + 1)
        #expect(schedule.target(sentAt: justAfter)?.sequence == display.firstSequence + 12)
        #expect(schedule.target(sentAt: display.time(ofRefresh: 11))?.sequence == display.firstSequence + 12)
        let before = MonotonicTime(nanoseconds: display.time(ofRefresh: 11).nanoseconds - 1)
        #expect(schedule.target(sentAt: before)?.sequence == display.firstSequence + 11)
    }

    @Test func jitteryReportsAverageOutOverTheWindow() {
        // Xvfb's Present reports the moment its timer fired, milliseconds off the refresh.
        let display = FakeDisplay(hertz: 60, jitter: [0, 2_100_000, -1_700_000, 4_300_000, 900_000, -2_500_000, 3_000_000])
        var schedule = RefreshSchedule(windowSize: 240)
        for n in 0..<1000 { schedule.record(display.report(refresh: n)) }
        #expect(abs(schedule.refreshNanoseconds - display.refreshNanoseconds) < 40_000)
    }

    @Test func aReportedPeriodIsTakenAsItIs() {
        var schedule = RefreshSchedule()
        schedule.record(PresentationRecord(sequence: 7, presentedTime: MonotonicTime(nanoseconds: 1_000), reportedRefreshNanoseconds: 6_944_444,
                                           flags: [.vsync, .hardwareClock, .hardwareCompletion, .zeroCopy], clock: .displayPresented))
        #expect(schedule.refreshNanoseconds == 6_944_444)
        #expect(schedule.latest?.flags.logText == "vsync+hw-clock+hw-completion+zero-copy")
        #expect(PresentationFlags().logText == "none")
    }
}
