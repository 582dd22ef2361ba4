import Testing

@testable import KioskCore

@Suite struct FirstShowingRefreshTests {
    private let display = FakeDisplay(hertz: 59.95)

    private func at(_ refresh: Int, plus nanoseconds: Int64) -> MonotonicTime {
        MonotonicTime(nanoseconds: display.time(ofRefresh: refresh).nanoseconds + nanoseconds)
    }

    @Test func aReportAskedForInTimeIsTheRefreshThatShowedTheFrame() {
        // Copied 5 ms after refresh 9; refresh 10 is the first to show it, and was reported.
        let shown = FirstShowingRefresh.of(display.report(refresh: 10), inPlace: at(9, plus: 5_000_000),
                                           previous: display.report(refresh: 9), refreshNanoseconds: display.refreshNanoseconds)
        #expect(shown == display.report(refresh: 10))
    }

    @Test func aRefreshThatPassedBeforeTheRequestIsTheOneThatShowedTheFrame() {
        // Copied 16 ms after refresh 9, asked about after refresh 10 had passed: 11 was reported,
        // 10 showed it.
        let shown = FirstShowingRefresh.of(display.report(refresh: 11), inPlace: at(9, plus: 16_000_000),
                                           previous: display.report(refresh: 9), refreshNanoseconds: display.refreshNanoseconds)
        #expect(shown.sequence == display.report(refresh: 10).sequence)
        #expect(shown.presentedTime == display.time(ofRefresh: 10))
        #expect(shown.flags == .vsync && shown.clock == .displayPresented)
    }

    @Test func aFrameCopiedLateStaysLate() {
        // Copied after refresh 10 (the frame missed it): 11 showed it, as reported.
        let shown = FirstShowingRefresh.of(display.report(refresh: 11), inPlace: at(10, plus: 1_000_000),
                                           previous: display.report(refresh: 9), refreshNanoseconds: display.refreshNanoseconds)
        #expect(shown == display.report(refresh: 11))
    }

    @Test func neverTheRefreshThatShowedThePreviousFrame() {
        // A copy stamped before the previous frame's refresh (a clock read early) cannot move
        // the frame onto that refresh or before it.
        let shown = FirstShowingRefresh.of(display.report(refresh: 12), inPlace: at(8, plus: 0),
                                           previous: display.report(refresh: 10), refreshNanoseconds: display.refreshNanoseconds)
        #expect(shown.sequence == display.report(refresh: 11).sequence)
    }
}
