import KioskCore

/// Times as the lab database gives them back: `YYYY-MM-DD HH:MM:SS…` in UTC (PostgreSQL's
/// `timestamptz` with the connection's zone set to UTC, SQLite's `CURRENT_TIMESTAMP`).
public enum LabTime {
    /// Seconds since 1970 of the first 19 characters, or nil.
    public static func seconds(fromUTC text: String) -> Int64? {
        let scalars = Array(text.unicodeScalars.prefix(19))
        guard scalars.count == 19, let day = CalendarDate(parsing: text), scalars[13] == ":", scalars[16] == ":" else { return nil }
        func two(_ at: Int) -> Int64? {
            let digits = scalars[at...at + 1].map { Int64($0.value) - 48 }
            guard digits.allSatisfy({ (0...9).contains($0) }) else { return nil }
            return digits[0] * 10 + digits[1]
        }
        guard let hour = two(11), let minute = two(14), let second = two(17) else { return nil }
        return Int64(day.dayNumber) * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// `text` without its fraction and zone: `2026-11-27 10:05:00`.
    public static func shown(_ text: String) -> String { String(text.prefix(19)) }

    /// How long ago, as staff read it: `12 s`, `4 min`, `3 h`, `2 days`.
    public static func age(seconds: Int64) -> String {
        switch max(0, seconds) {
        case ..<120: "\(max(0, seconds)) s"
        case ..<7200: "\(seconds / 60) min"
        case ..<172_800: "\(seconds / 3600) h"
        default: "\(seconds / 86_400) days"
        }
    }
}
