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

    /// `LABKIOSK_NOW=2026-12-04T10:00:00` (local time), read once, with the monotonic moment it
    /// was read; nil when it is not set or is no such time (``environmentProblem`` says which).
    private static let fixedStart: (time_t, MonotonicTime)? = {
        guard let text = fixedText, let moment = moment(text) else { return nil }
        return (moment, MonotonicClock.now())
    }()

    private static let fixedText = getenv("LABKIOSK_NOW").map { String(cString: $0) }

    /// `yyyy-MM-ddTHH:mm:ss`, a real local time, as seconds since the epoch.
    private static func moment(_ text: String) -> time_t? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 19, scalars[10] == "T" else { return nil }
        let spaced = String(String.UnicodeScalarView(scalars.enumerated().map { $0.offset == 10 ? " " : $0.element }))
        guard RosterLog.isTime(spaced), let date = CalendarDate(parsing: spaced) else { return nil }
        let clock = spaced.dropFirst(11).split(separator: ":").compactMap { Int32($0) }
        var parts = tm()
        parts.tm_year = Int32(date.year - 1900)
        parts.tm_mon = Int32(date.month - 1)
        parts.tm_mday = Int32(date.day)
        parts.tm_hour = clock[0]
        parts.tm_min = clock[1]
        parts.tm_sec = clock[2]
        parts.tm_isdst = -1
        let moment = mktime(&parts)
        return moment == -1 ? nil : moment
    }

    /// Why `LABKIOSK_NOW` cannot be used, when it is set to what is no local time: a test
    /// that meant another day must not run on today's silently.
    public static var environmentProblem: String? {
        guard let text = fixedText, fixedStart == nil else { return nil }
        return "LABKIOSK_NOW=\(text) is not a local time such as 2026-12-04T10:00:00"
    }

    /// `LABKIOSK_NOW` as it stands now, for a process this one starts (the desk's batches):
    /// its clock goes on from here, rather than from the moment this process read it. Nil
    /// when the clock is the system's.
    public static var environmentNow: String? {
        guard fixedStart != nil else { return nil }
        let now = localDateTime()
        return BatchJournal.time(now).replacing(" ", with: "T")
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
