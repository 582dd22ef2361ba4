import Testing
@testable import KioskCore

@Suite struct InteractLogNamesTests {
    @Test func aHeaderDateReadsBackAsWritten() {
        let date = LocalDateTime(year: 2026, month: 11, day: 25, hour: 19, minute: 5, second: 7)
        #expect(InteractLogNames.parseHeaderDate(InteractLogNames.headerDate(date)) == date)
    }

    /// Found by the pad-journal fuzz target: a damaged journal's day of 10^17 overflowed the
    /// calendar when `recover` estimated the trial's end.
    @Test func aFieldOutsideTheCalendarIsNoDate() {
        #expect(InteractLogNames.parseHeaderDate("100000000000000000/11/2026 - 10:00:00") == nil)
        #expect(InteractLogNames.parseHeaderDate("25/13/2026 - 10:00:00") == nil)
        #expect(InteractLogNames.parseHeaderDate("25/11/2026 - 24:00:00") == nil)
        #expect(InteractLogNames.parseHeaderDate("25/11/0000 - 10:00:00") == nil)
    }
}
