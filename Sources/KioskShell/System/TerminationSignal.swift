import Glibc
import Synchronization

/// SIGTERM and SIGINT (systemd stopping the unit, Ctrl-C on the terminal) end a run the way
/// closing the window does — the block ends and its files are closed — even in kiosk mode,
/// where closing the window is ignored. SDL's own handlers are off (`Window`), since it would
/// turn the signal into a close request that kiosk mode ignores.
public enum TerminationSignal {
    private static let received = Atomic<Int32>(0)

    /// Installs the handlers (once per process; installing again changes nothing).
    public static func install() {
        for number in [SIGTERM, SIGINT] {
            signal(number) { number in TerminationSignal.received.store(number, ordering: .relaxed) }
        }
    }

    private static let parent = Atomic<Int32>(0)

    /// Ends the run, as SIGHUP would, when process `pid` is no longer this one's parent: a batch
    /// the desk started must not outlive the desk (killed outside systemd, it would leave the
    /// batch on screen with nobody to come back to).
    public static func endWithParent(_ pid: pid_t) {
        parent.store(pid, ordering: .relaxed)
    }

    /// The signal received, if one was; SIGHUP when the parent ``endWithParent(_:)`` names is gone.
    public static var receivedSignal: Int32? {
        let number = received.load(ordering: .relaxed)
        if number != 0 { return number }
        let watched = parent.load(ordering: .relaxed)
        return watched != 0 && getppid() != watched ? SIGHUP : nil
    }
}
