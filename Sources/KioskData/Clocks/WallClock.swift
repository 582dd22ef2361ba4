import Glibc
import KioskCore

/// The shell's one reader of the local wall-clock date: it names data files and shows staff
/// the time of day.
///
/// Everything that is timed uses `MonotonicClock`; a wall clock can jump (NTP, DST).
public enum WallClock {
    /// The current local date and time, to the second, in the process's time zone (`TZ`);
    /// from `LABKIOSK_NOW` on when it is set (``fixedStart``).
    public static func localDateTime() -> LocalDateTime {
        var seconds = now()
        var parts = tm()
        localtime_r(&seconds, &parts)
        return LocalDateTime(
            year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
            hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }

    /// The moment, in seconds since the epoch: the system's, or `LABKIOSK_NOW` plus the time
    /// this process has run, so that a test can run a study's visits on the days they are due.
    public static func now() -> time_t {
        guard let (start, startedAt) = fixedStart else { return time(nil) }
        return start + time_t(MonotonicClock.now().since(startedAt) / 1_000_000_000)
    }

    /// `LABKIOSK_NOW=2026-12-04T10:00:00` (local time), read once, with the monotonic moment it was read.
    private static let fixedStart: (time_t, MonotonicTime)? = {
        guard let text = getenv("LABKIOSK_NOW").map({ String(cString: $0) }), let date = CalendarDate(parsing: text) else { return nil }
        let clock = text.dropFirst(11).split(separator: ":").compactMap { Int($0) }
        var parts = tm()
        parts.tm_year = Int32(date.year - 1900)
        parts.tm_mon = Int32(date.month - 1)
        parts.tm_mday = Int32(date.day)
        parts.tm_hour = Int32(clock.count == 3 ? clock[0] : 12)
        parts.tm_min = Int32(clock.count == 3 ? clock[1] : 0)
        parts.tm_sec = Int32(clock.count == 3 ? clock[2] : 0)
        parts.tm_isdst = -1
        return (mktime(&parts), MonotonicClock.now())
    }()

    /// The local time of day of a moment (seconds since the epoch): `14:05`, or `14:05:09`.
    public static func clockText(_ moment: Int64, seconds: Bool) -> String {
        var value = time_t(moment)
        var parts = tm()
        localtime_r(&value, &parts)
        let text = ScenarioTimeFormat.clockText(Int64(parts.tm_hour * 3600 + parts.tm_min * 60 + parts.tm_sec))
        return seconds ? text : String(text.prefix(5))
    }
}
