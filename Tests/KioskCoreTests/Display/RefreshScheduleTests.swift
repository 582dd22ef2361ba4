import Testing

@testable import KioskCore

@Suite struct RefreshScheduleTests {
    @Test func measuresADriftingPanelThatATimerWouldSlipAgainst() {
        let display = FakeDisplay(hertz: 59.95)
        var schedule = RefreshSchedule()
        #expect(schedule.refreshNanoseconds == 16_666_667)  // nominal until reports come
        #expect(schedule.nextRefresh == nil)  // no report: nothing to plan from
        for n in 0...1200 { schedule.record(display.report(refresh: n)) }
        #expect(schedule.refreshNanoseconds == display.refreshNanoseconds)
        // After 20 s a 1/60 s timer is a whole refresh ahead of this panel; the schedule still
        // expects the next refresh when the panel gives it.
        let timerFrames = Int(display.time(ofRefresh: 1200).since(display.start) / 16_666_667)
        #expect(timerFrames == 1201)
        #expect(schedule.nextRefresh?.sequence == display.firstSequence + 1201)
        #expect(schedule.nextRefresh?.expectedTime == display.time(ofRefresh: 1201))
    }

    @Test func aCounterThatStartsAgainRestartsTheEstimate() {
        let display = FakeDisplay(hertz: 50)
        var schedule = RefreshSchedule()
        for n in 0..<10 { schedule.record(display.report(refresh: n)) }
        var restarted = display.report(refresh: 11)
        restarted.sequence = 2
        schedule.record(restarted)
        #expect(schedule.refreshNanoseconds == 16_666_667)  // one report since: the nominal period again
        #expect(schedule.nextRefresh?.sequence == 3)
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
