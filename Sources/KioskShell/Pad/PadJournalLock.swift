import Glibc

/// The lock on a drawing-pad trial's journal: the running trial holds it from the moment the
/// journal has its name until its files are in place, so that no other process (`recover`,
/// another `pad`, a batch resuming) takes a live journal for one a crash left behind.
///
/// An advisory `flock(2)` on a descriptor of its own: the kernel lets it go when the process
/// dies, which is what makes a journal left by a crash recoverable at once.
public final class PadJournalLock {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        _ = close(descriptor)
    }

    /// The lock on the file at `path`, taken without waiting; nil when another holder has it (a
    /// running trial), or when the journal is gone or was replaced (another process finished it).
    public static func take(_ path: String) -> PadJournalLock? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var held = stat(), named = stat()
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, fstat(descriptor, &held) == 0, stat(path, &named) == 0,
              held.st_ino == named.st_ino, held.st_dev == named.st_dev else {
            _ = close(descriptor)
            return nil
        }
        return PadJournalLock(descriptor: descriptor)
    }

    /// Whether a running trial holds the journal at `path`.
    public static func isHeld(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { _ = close(descriptor) }
        return flock(descriptor, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }
}
