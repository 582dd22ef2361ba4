import Testing

@testable import KioskCore

@Suite struct FirstShowingRefreshTests {
    private let display = FakeDisplay(hertz: 59.95)

    private func counter(atRefresh n: Int) -> UInt64 { display.report(refresh: n).sequence }

    @Test func aCounterThatDidNotStepDuringTheCopyKnowsTheRefresh() {
        // Read 9 before the copy, 10 reported: the first refresh after the copy showed it.
        let finding = FirstShowingRefresh.of(display.report(refresh: 10), counterBeforeCopy: counter(atRefresh: 9))
        #expect(finding == .known(display.report(refresh: 10)))
    }

    @Test func aFrameDrawnForARefreshAndCopiedAfterItIsKnownLate() {
        // Drawing took past refresh 10, so the counter read 10 before the copy: 11 showed it.
        // A take-back from the report's time alone would have moved it to 10, before its light.
        let finding = FirstShowingRefresh.of(display.report(refresh: 11), counterBeforeCopy: counter(atRefresh: 10))
        #expect(finding == .known(display.report(refresh: 11)))
    }

    @Test func aCounterThatSteppedDuringTheCopyLeavesTheRefreshUncertainAndKeepsTheReported() {
        // Read 9 before the copy, 11 reported: 10 or 11 showed it; the onset is never put
        // before its light, so 11 is kept and the frame is counted as uncertain.
        let finding = FirstShowingRefresh.of(display.report(refresh: 11), counterBeforeCopy: counter(atRefresh: 9))
        #expect(finding == .uncertain(display.report(refresh: 11), refreshesEarlier: 1))
        #expect(finding.record == display.report(refresh: 11))
    }

    @Test func aFrameWithNoReadingBeforeItIsTheReportedRefresh() {
        // Nothing was copied (an unchanged frame): the report is the refresh.
        let finding = FirstShowingRefresh.of(display.report(refresh: 12), counterBeforeCopy: nil)
        #expect(finding == .known(display.report(refresh: 12)))
    }

    @Test func anUncertainRecordCarriesTheEarliestRefreshThatMayHaveShownIt() {
        // Read 8 before the copy, 11 reported: 9, 10 or 11 showed it; the record keeps 11's
        // time and carries 9's, counted back by the measured period.
        let finding = FirstShowingRefresh.of(display.report(refresh: 11), counterBeforeCopy: counter(atRefresh: 8))
        let record = finding.record(refreshNanoseconds: display.refreshNanoseconds)
        #expect(record.presentedTime == display.report(refresh: 11).presentedTime)
        #expect(record.earliestPossibleTime == display.report(refresh: 9).presentedTime)
    }

    @Test func aKnownRecordCarriesNoEarlierTime() {
        let finding = FirstShowingRefresh.of(display.report(refresh: 10), counterBeforeCopy: counter(atRefresh: 9))
        #expect(finding.record(refreshNanoseconds: display.refreshNanoseconds).earliestPossibleTime == nil)
    }
}
