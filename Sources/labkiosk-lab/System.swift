import Glibc
import KioskData

func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count) == 0 else { return "kiosk" }
    return String(cString: buffer)
}

/// One line of the server's log on standard output, written at once: a log (systemd's journal,
/// a file) gets each line as it happens, not when a buffer fills.
func logLine(_ line: String) {
    _ = FileDescriptorIO.writeAll(Array((line + "\n").utf8), to: 1)
}
