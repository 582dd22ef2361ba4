import KioskCore
import Testing
@testable import KioskData

@Suite struct WallClockTests {
    @Test func fieldsAreInCalendarRanges() {
        let now = WallClock.localDateTime()
        #expect(now.year >= 2024)
        #expect((1...12).contains(now.month))
        #expect((1...31).contains(now.day))
        #expect((0...23).contains(now.hour))
        #expect((0...59).contains(now.minute))
        #expect((0...60).contains(now.second))
    }
}
