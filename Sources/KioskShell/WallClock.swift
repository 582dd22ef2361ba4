import Glibc
import KioskCore

/// The shell's one reader of the local wall-clock date: it names data files and shows staff
/// the time of day.
///
/// Everything that is timed uses `MonotonicClock`; a wall clock can jump (NTP, DST).
public enum WallClock {
    /// The current local date and time, to the second, in the process's time zone (`TZ`).
    public static func localDateTime() -> LocalDateTime {
        var seconds = time(nil)
        var parts = tm()
        localtime_r(&seconds, &parts)
        return LocalDateTime(
            year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
            hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }

    /// The local time of day of a moment (seconds since the epoch): `14:05`, or `14:05:09`.
    public static func clockText(_ moment: Int64, seconds: Bool) -> String {
        var value = time_t(moment)
        var parts = tm()
        localtime_r(&value, &parts)
        let text = ScenarioTimeFormat.clockText(Int64(parts.tm_hour * 3600 + parts.tm_min * 60 + parts.tm_sec))
        return seconds ? text : String(text.prefix(5))
    }
}
