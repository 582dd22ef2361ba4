import Glibc

/// A short exclusive hold on a data folder, for a decision two processes must not make at the
/// same moment: which run number comes next, whether a participant's session resumes or starts.
/// A `flock(2)` on a hidden file in the folder (`.labkiosk-<purpose>.lock`), which the kernel
/// lets go if the process dies; held only while the decision is made and its files created.
public final class DataFolderLock {
    private var descriptor: Int32

    /// How long to wait for another process's hold before giving up.
    static let patienceMilliseconds = 10_000

    /// Waits for the hold on `folder` (which must exist) for `purpose`.
    public init(folder: String, purpose: String) throws(DataFileError) {
        let path = folder + "/.labkiosk-\(purpose).lock"
        descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, RunFiles.dataFileMode)
        guard descriptor >= 0 else { throw .cannotCreate(path: path, reason: FileDescriptorIO.describe(errno: errno)) }
        var waited = 0
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, waited < Self.patienceMilliseconds else {
                let reason = errno == EWOULDBLOCK ? "another labkiosk process has held it for \(waited / 1000) s" : FileDescriptorIO.describe(errno: errno)
                _ = close(descriptor)
                throw .cannotCreate(path: path, reason: reason)
            }
            usleep(5_000)
            waited += 5
        }
    }

    /// Lets the hold go; other processes waiting for it go on.
    public func release() {
        guard descriptor >= 0 else { return }
        _ = close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
