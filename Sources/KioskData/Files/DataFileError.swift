/// Why a data file could not be created, written or synced; every case names the path.
public enum DataFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The data folder or its day folder could not be created or is not writable.
    case directoryNotWritable(path: String, reason: String)
    /// The file itself could not be created.
    case cannotCreate(path: String, reason: String)
    /// A `write(2)` failed (disk full, I/O error); later bytes were not written.
    case writeFailed(path: String, reason: String)
    /// An `fsync(2)` failed, so the data may not be on disk.
    case syncFailed(path: String, reason: String)
    /// A data file could not be read back (to checksum or resume it).
    case cannotRead(path: String, reason: String)
    /// Data was appended after `close()`; it was dropped.
    case appendAfterClose(path: String)

    /// A sentence for the operator, naming the path and the system's reason.
    public var description: String {
        switch self {
        case .directoryNotWritable(let path, let reason):
            "Cannot write data files in \(path): \(reason)"
        case .cannotCreate(let path, let reason):
            "Cannot create data file \(path): \(reason)"
        case .writeFailed(let path, let reason):
            "Writing data file \(path) failed: \(reason)"
        case .syncFailed(let path, let reason):
            "Saving data file \(path) to disk failed: \(reason)"
        case .cannotRead(let path, let reason):
            "Cannot read data file \(path): \(reason)"
        case .appendAfterClose(let path):
            "Data was written after \(path) was closed"
        }
    }
}
