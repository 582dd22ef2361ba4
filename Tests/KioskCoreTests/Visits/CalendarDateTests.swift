import Testing
@testable import KioskCore

@Suite struct CalendarDateTests {
    private func date(_ text: String) -> CalendarDate { CalendarDate(parsing: text)! }

    @Test func daysAreCountedAcrossMonthAndYearEnds() {
        #expect(date("2026-11-27").adding(days: 7) == date("2026-12-04"))
        #expect(date("2026-12-29").adding(days: 7) == date("2027-01-05"))
        #expect(date("2028-02-27").adding(days: 2) == date("2028-02-29"))
        #expect(date("2027-02-27").adding(days: 2) == date("2027-03-01"))
        #expect(date("2026-03-01").adding(days: -1) == date("2026-02-28"))
        #expect(date("2026-01-31").days(to: date("2026-03-01")) == 29)
    }

    /// Europe's clocks go back on 2026-10-25 and forward on 2026-03-29, the US's on 2026-11-01
    /// and 2026-03-08: a visit a week after any of these falls on the same weekday.
    @Test func aDaylightSavingChangeDoesNotMoveAVisit() {
        #expect(date("2026-10-22").adding(days: 7) == date("2026-10-29"))
        #expect(date("2026-03-26").adding(days: 7) == date("2026-04-02"))
        #expect(date("2026-10-31").adding(days: 1) == date("2026-11-01"))
        #expect(date("2026-03-07").adding(days: 2) == date("2026-03-09"))
    }

    @Test func dayNumbersRoundTripAndStartAtTheEpoch() {
        #expect(date("1970-01-01").dayNumber == 0)
        #expect(date("2000-03-01").dayNumber == 11_017)
        for number in stride(from: -800_000, through: 2_900_000, by: 997) {
            #expect(CalendarDate(dayNumber: number).map(\.dayNumber) ?? number == number)
        }
    }

    @Test func onlyRealDaysAreRead() {
        #expect(CalendarDate(parsing: "2026-02-29") == nil)
        #expect(CalendarDate(parsing: "2026-13-01") == nil)
        #expect(CalendarDate(parsing: "2026-1-01") == nil)
        #expect(CalendarDate(parsing: "２０２６-01-01") == nil)
        #expect(CalendarDate(parsing: "2026-11-27 10:00:00")?.description == "2026-11-27")
        #expect(CalendarDate(parsing: "9999-12-31")?.adding(days: 1) == nil)
        #expect(date("2026-01-01").adding(days: .max) == nil)
    }
}
