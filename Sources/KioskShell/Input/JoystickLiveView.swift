import Glibc
import KioskCore
import KioskData

/// The live axis view of `labkiosk devices`: one status line, redrawn in place on a
/// terminal (printed anew on each change otherwise), until Ctrl-C or a time limit.
public enum JoystickLiveView {
    /// The status line for a snapshot.
    public static func line(_ s: JoystickMonitor.Snapshot) -> String {
        func axis(_ v: Double) -> String { String(cFormat: "%+.6f", v) }
        func raw(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
        let held = s.held.isEmpty ? "-" : s.held.joined(separator: " ")
        return "\(s.label)  x \(axis(s.x)) (raw \(raw(s.rawX)))  y \(axis(s.y)) (raw \(raw(s.rawY)))  held: \(held)"
    }

    /// Shows the joystick's values every 50 ms for `seconds` (forever if `nil`), plus a line
    /// for each device notice. Ctrl-C ends the view cleanly.
    public static func run(_ monitor: JoystickMonitor, seconds: Double?, write: (String) -> Void) {
        let interactive = isatty(STDOUT_FILENO) == 1
        // Ctrl-C is held back and polled, so the view ends on a clean line.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &interrupt, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }

        let start = MonotonicClock.now()
        var last = ""
        var next = start.nanoseconds
        while seconds.map({ Double(MonotonicClock.now().since(start)) / 1e9 < $0 }) ?? true {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGINT) == 1 {
                var signal: Int32 = 0
                sigwait(&interrupt, &signal)
                break
            }
            for notice in monitor.poll() { write((interactive ? "\r\u{1B}[K" : "") + notice.logText.replacing("labkiosk: ", with: "") + "\n") }
            for message in monitor.takeMessages() { write((interactive ? "\r\u{1B}[K" : "") + message + "\n") }
            let status = monitor.snapshot.map(line) ?? "no joystick in use; waiting for one (Ctrl-C to stop)"
            if status != last {
                write(interactive ? "\r\u{1B}[K" + status : status + "\n")
                last = status
            }
            next += 50_000_000
            MonotonicClock.sleep(until: MonotonicTime(nanoseconds: next))
        }
        if interactive { write("\n") }
    }
}
