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

    /// The signal received, if one was.
    public static var receivedSignal: Int32? {
        let number = received.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }
}
