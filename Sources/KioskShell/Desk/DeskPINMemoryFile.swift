import Glibc
import KioskCore
import KioskData

/// The PIN pad's wrong tries and lockout kept in the data folder (`.desk-pin.txt`), so that
/// restarting the desk (a crash, cage, a power cut) starts no fresh round of tries. A lockout
/// is kept as the wall-clock moment it ends; a file that cannot be read counts as a lockout
/// just begun, since a damaged file must not open the pad.
struct DeskPINMemoryFile {
    static let fileName = ".desk-pin.txt"
    static let firstLine = "labkiosk desk pin 1"
    let path: String

    init(dataDirectory: String) {
        path = dataDirectory + "/" + Self.fileName
    }

    func read() -> DeskPINPad.Memory? {
        guard access(path, F_OK) == 0 else { return nil }
        guard case .success(let text) = FileDescriptorIO.readText(atPath: path, limit: 4096) else { return Self.damaged }
        let lines = text.split(separator: "\n").map(String.init)
        let numbers = lines.dropFirst().compactMap { line -> (String, Int64)? in
            let parts = line.split(separator: " ")
            guard parts.count == 2, let value = Int64(parts[1]) else { return nil }
            return (String(parts[0]), value)
        }
        let values = Dictionary(numbers, uniquingKeysWith: { _, last in last })
        guard lines.first == Self.firstLine, let wrong = values["wrong"], let lockouts = values["lockouts"], let until = values["locked-until"] else {
            return Self.damaged
        }
        let left = max(0, until - Int64(WallClock.now()))
        return DeskPINPad.Memory(wrongTries: Int(clamping: wrong), lockouts: Int(clamping: lockouts), secondsLocked: Int(clamping: left))
    }

    /// Replaces the file whole (a temporary file renamed over it), so it is never half written.
    func write(_ memory: DeskPINPad.Memory, log: (String) -> Void) {
        let text = "\(Self.firstLine)\nwrong \(memory.wrongTries)\nlockouts \(memory.lockouts)\nlocked-until \(Int64(WallClock.now()) + Int64(memory.secondsLocked))\n"
        let temporary = path + ".\(getpid()).partial"
        let descriptor = open(temporary, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, RunFiles.dataFileMode)
        guard descriptor >= 0 else {
            log("cannot keep the PIN pad's tries in \(path): \(FileDescriptorIO.describe(errno: errno))")
            return
        }
        let failed = FileDescriptorIO.writeAll(Array(text.utf8), to: descriptor) != nil || fsync(descriptor) != 0
        close(descriptor)
        if failed || rename(temporary, path) != 0 {
            unlink(temporary)
            log("cannot keep the PIN pad's tries in \(path)")
        }
    }

    private static let damaged = DeskPINPad.Memory(wrongTries: 0, lockouts: 1, secondsLocked: Int(DeskPINPad.firstLockoutSeconds))
}
