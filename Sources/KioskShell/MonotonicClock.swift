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
}
