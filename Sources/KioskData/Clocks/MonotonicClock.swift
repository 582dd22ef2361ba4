import Glibc
import KioskCore

/// The shell's one reader of CLOCK_MONOTONIC.
public enum MonotonicClock {
    /// The current monotonic time.
    public static func now() -> MonotonicTime {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return MonotonicTime(nanoseconds: Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec))
    }

    /// Sleeps until the clock reads `deadline` (returns at once if it already has).
    ///
    /// Sleeping to an absolute time, rather than for a duration, means time spent before
    /// the call (and a signal interrupting it) never shifts the wake-up.
    public static func sleep(until deadline: MonotonicTime) {
        var ts = timespec(
            tv_sec: Int(deadline.nanoseconds / 1_000_000_000), tv_nsec: Int(deadline.nanoseconds % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }
}
