/// Why a session log could not be created, written or synced; every case names the path.
public enum SessionLogFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The day folder could not be created or is not writable.
    case directoryNotWritable(path: String, reason: String)
    /// The log file itself could not be created.
    case cannotCreate(path: String, reason: String)
    /// A `write(2)` failed (disk full, I/O error); later rows were not written.
    case writeFailed(path: String, reason: String)
    /// An `fsync(2)` failed, so rows may not be on disk.
    case syncFailed(path: String, reason: String)
    /// Rows were appended after `close()`; they were dropped.
    case appendAfterClose(path: String)

    /// A sentence for the operator, naming the path and the system's reason.
    public var description: String {
        switch self {
        case .directoryNotWritable(let path, let reason):
            "Cannot write session logs in \(path): \(reason)"
        case .cannotCreate(let path, let reason):
            "Cannot create session log \(path): \(reason)"
        case .writeFailed(let path, let reason):
            "Writing session log \(path) failed: \(reason)"
        case .syncFailed(let path, let reason):
            "Saving session log \(path) to disk failed: \(reason)"
        case .appendAfterClose(let path):
            "Rows were logged after session log \(path) was closed"
        }
    }
}
