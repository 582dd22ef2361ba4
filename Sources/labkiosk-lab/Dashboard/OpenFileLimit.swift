import Glibc

/// How many files the dashboard may hold open: each browser's connection is one, and the
/// usual soft limit of 1024 is reached by a few hundred browsers' keep-alive connections, past
/// which no one is answered. The hard limit is what the administrator allows (the unit's
/// LimitNOFILE); the soft one is raised to it.
enum OpenFileLimit {
    static func raise() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) != 0 {
            logLine("labkiosk-lab: cannot raise the open-file limit: \(String(cString: strerror(errno)))")
        }
    }
}
