import FoundationEssentials
import Glibc
import KioskCore

/// A batch session's folder and its journal file (``BatchJournal``): created once, reopened
/// only to append when the batch resumes, each entry written and synced before the batch
/// goes on. While a process runs the batch it holds a lock on the journal, so a second
/// process (a double start, or `sessions` asking whether it runs) can tell.
public final class BatchJournalFile {
    public static let fileName = "batch.txt"

    /// The session folder, which holds the journal and every file the batch's blocks write.
    public let folder: String
    public let path: String
    private let descriptor: Int32

    private init(folder: String, descriptor: Int32) {
        self.folder = folder
        self.path = folder + "/" + Self.fileName
        self.descriptor = descriptor
    }

    deinit {
        _ = close(descriptor)
    }

    /// Creates a new session folder, `<participant folder>/<study>_<yyyy-MM-dd>_<HHmmss>` (or
    /// ` (2)`… when taken), with an empty journal, and takes its lock.
    /// - Parameter opening: the journal's first lines. They are written, synced and locked in a
    ///   hidden file that is then linked into place, so no other process ever reads the
    ///   journal empty or half begun (`sessions --rebuild` during a batch's start).
    public static func create(in participantFolder: String, study: String, date: LocalDateTime, opening: String) throws(DataFileError) -> BatchJournalFile {
        try RunFiles.makeDirectories(participantFolder)
        // `2026-11-24 18:05:12` → `…_2026-11-24_180512`
        let stem = InteractLogNames.safeFileName(study) + "_"
            + BatchJournal.time(date).replacing(" ", with: "_").replacing(":", with: "")
        for copy in 1...10_000 {
            let folder = participantFolder + "/" + stem + (copy > 1 ? " (\(copy))" : "")
            guard mkdir(folder, RunFiles.dataFolderMode) == 0 else {
                if errno == EEXIST { continue }
                throw .directoryNotWritable(path: folder, reason: FileDescriptorIO.describe(errno: errno))
            }
            let path = folder + "/" + fileName
            let hidden = folder + "/." + fileName + ".\(getpid()).opening"
            let descriptor = open(hidden, O_CREAT | O_EXCL | O_APPEND | O_WRONLY | O_CLOEXEC, RunFiles.dataFileMode)
            guard descriptor >= 0 else { throw .cannotCreate(path: path, reason: FileDescriptorIO.describe(errno: errno)) }
            _ = flock(descriptor, LOCK_EX | LOCK_NB)
            let journal = BatchJournalFile(folder: folder, descriptor: descriptor)
            do {
                try journal.append(opening)
            } catch {
                unlink(hidden)
                throw error
            }
            guard link(hidden, path) == 0 else {
                let reason = FileDescriptorIO.describe(errno: errno)
                unlink(hidden)
                throw .cannotCreate(path: path, reason: reason)
            }
            unlink(hidden)
            syncFolder(participantFolder)
            syncFolder(folder)
            return journal
        }
        throw .cannotCreate(path: participantFolder, reason: "every name for a \(study) session is taken")
    }

    /// Reopens an existing journal to append to it (a resume), taking its lock.
    /// - Throws: when another process holds the lock (the batch is running there).
    public static func reopen(_ path: String) throws -> BatchJournalFile {
        let descriptor = open(path, O_APPEND | O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DataFileError.cannotCreate(path: path, reason: FileDescriptorIO.describe(errno: errno)) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            _ = close(descriptor)
            throw ShellError("\(path): this batch is running in another labkiosk process")
        }
        let folder = FilePaths.folder(of: path)
        return BatchJournalFile(folder: folder, descriptor: descriptor)
    }

    /// Whether a process holds the journal's lock, i.e. runs that batch now.
    public static func isRunning(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { _ = close(descriptor) }
        return flock(descriptor, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }

    /// Appends `text` (whole lines) and syncs it, so what it says survives a power cut.
    public func append(_ text: String) throws(DataFileError) {
        guard FileDescriptorIO.writeAll(Array(text.utf8), to: descriptor) == nil else {
            throw .writeFailed(path: path, reason: FileDescriptorIO.describe(errno: errno))
        }
        guard fsync(descriptor) == 0 else { throw .syncFailed(path: path, reason: FileDescriptorIO.describe(errno: errno)) }
    }

    /// Makes new entries of a folder durable.
    private static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = close(descriptor)
    }

    /// The seals of the files that can be read (one that cannot is left unsealed, and the
    /// catalogue then takes its checksum when it indexes it, as for older journals).
    public static func seals(of files: [String], in folder: String) -> [(file: String, seal: BatchJournal.Seal)] {
        files.compactMap { file in
            (try? FileChecksum.of(FilePaths.resolve(file, in: folder))).map { (file, BatchJournal.Seal(bytes: $0.bytes, sha256: $0.sha256)) }
        }
    }
}
