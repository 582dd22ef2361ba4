import Glibc
import KioskCore

/// The shell's one reader of the local wall-clock date, used only to name session logs.
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
}
