/// A day of the proleptic Gregorian calendar, as staff read it (`2026-11-27`). Visits are
/// due on calendar days counted from the first visit, so a daylight-saving change (a 23- or
/// 25-hour day) never moves a visit: days are counted, not seconds.
public struct CalendarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int, month: Int, day: Int

    /// Nil when the day does not exist (`2026-02-30`) or the year is outside 1…9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    public init(_ moment: LocalDateTime) {
        year = moment.year
        month = moment.month
        day = moment.day
    }

    /// `yyyy-MM-dd` at the start of `text` (a journal's `2026-11-27 10:05:00` too).
    public init?(parsing text: some StringProtocol) {
        let scalars = Array(text.unicodeScalars.prefix(10))
        guard scalars.count == 10, scalars[4] == "-", scalars[7] == "-" else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for scalar in scalars[range] {
                guard ("0"..."9").contains(scalar) else { return nil }
                value = value * 10 + Int(scalar.value) - 48
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public var description: String {
        func padded(_ value: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(value).count)) + String(value) }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// Days since 1970-01-01 (negative before it).
    public var dayNumber: Int { LocalDateTime.daysFromCivil(year, month, day) }

    /// The date `days` days later (earlier when negative), or nil outside years 1…9999.
    public func adding(days: Int) -> CalendarDate? {
        let (sum, overflow) = dayNumber.addingReportingOverflow(days)
        guard !overflow else { return nil }
        return Self(dayNumber: sum)
    }

    /// Whole days from `self` to `other`.
    public func days(to other: CalendarDate) -> Int { other.dayNumber - dayNumber }

    public init?(dayNumber: Int) {
        guard dayNumber > -800_000_000, dayNumber < 800_000_000 else { return nil }
        let (year, month, day) = LocalDateTime.civil(fromDays: dayNumber)
        self.init(year: year, month: month, day: day)
    }

    public static func < (a: CalendarDate, b: CalendarDate) -> Bool { a.dayNumber < b.dayNumber }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
