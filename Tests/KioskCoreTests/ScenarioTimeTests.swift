import Testing
@testable import KioskCore

@Suite struct ScenarioTimeTests {
    @Test func wholeSecondsTruncate() {
        #expect(ScenarioTime(nanoseconds: 65_700_000_000).wholeSeconds == 65)
        #expect(ScenarioTime.milliseconds(200).seconds == 0.2)
    }
}
