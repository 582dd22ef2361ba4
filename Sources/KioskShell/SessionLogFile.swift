import Dispatch
import FoundationEssentials
import Glibc
import KioskCore
import Synchronization

/// One session's OpenMATB CSV log on disk, `sessions/<YYYY-MM-DD>/<N>_<yymmdd>_<HHMMSS>.csv`,
/// appended by a background writer so the frame loop never waits for the disk.
///
/// Use from the frame loop's thread only: `append` rows as they come, `flush()` once per
/// frame, `sync()` at pauses and block ends, `close()` at the end. The file is created with
/// `O_EXCL`, so an existing file is never truncated or overwritten, and every batch handed
/// over by `flush()` is written with `write(2)` right away: a crash of the program after a
/// frame's `flush()` leaves that frame's rows in the file (the kernel holds them), and
/// `sync()` makes them survive a power cut too.
///
/// The writer is a serial `DispatchQueue` rather than a hand-made thread and condition
/// variable: it keeps batches in order, `async` only enqueues (the frame loop never waits),
/// and `sync` on the queue is exactly "wait until everything handed over is written".
public final class SessionLogFile {
    /// The log file's path.
    public let path: String
    /// The session number chosen for this log (it also seeds the pseudo-random draws).
    public let sessionNumber: Int

    private let descriptor: Int32
    /// This frame's formatted rows, not yet handed to the writer.
    private var pending: [UInt8] = []
    private let queue = DispatchQueue(label: "labkiosk.session-log-writer", qos: .utility)
    /// Headless runs have no frame deadline and end thousands of virtual frames a second:
    /// they write on the calling thread instead of waking the writer, and only once this
    /// many bytes are pending (`sync` and `close` still write everything). Windowed runs
    /// keep the default, every frame handed to the writer at once.
    public var headlessBatchBytes: Int?
    private let status = WriterStatus()
    private var isClosed = false

    /// Wraps an open, writable descriptor; `create(sessionsDirectory:date:)` is the usual
    /// way in, tests use this with `/dev/full`.
    init(descriptor: Int32, path: String, sessionNumber: Int) {
        self.descriptor = descriptor
        self.path = path
        self.sessionNumber = sessionNumber
    }

    deinit {
        guard !isClosed else { return }
        flush(force: true)
        let descriptor = descriptor
        queue.sync {
            _ = fsync(descriptor)
            _ = Glibc.close(descriptor)
        }
    }

    /// Creates the next session's log under `sessionsDirectory` and writes its header.
    ///
    /// The session number is one more than the highest number among the `*.csv` files
    /// anywhere under `sessionsDirectory` (never a reused gap). If that file name exists
    /// anyway, the next number is tried.
    /// - Parameters:
    ///   - sessionsDirectory: The `sessions` folder; it and the day folder are created as needed.
    ///   - date: The local date and time, which names the day folder and the file.
    /// - Returns: The open log, its header handed to the writer.
    /// - Throws: `SessionLogFileError.directoryNotWritable` naming the folder when it cannot be
    ///   created or written to, `.cannotCreate` naming the file when opening it fails.
    public static func create(
        sessionsDirectory: String, date: LocalDateTime
    ) throws(SessionLogFileError) -> SessionLogFile {
        let existing = existingFilePaths(under: sessionsDirectory)
        let folder = sessionsDirectory + "/" + SessionFileNaming.folderName(for: date)
        try makeDirectories(folder)
        guard access(folder, W_OK) == 0 else {
            throw .directoryNotWritable(path: folder, reason: FileDescriptorIO.describe(errno: errno))
        }
        let firstNumber = SessionFileNaming.nextSessionNumber(existingPaths: existing)
        let opened = try openExclusive(in: folder, firstNumber: firstNumber, date: date)
        // Make the new directory entry durable; this runs once, before the frame loop.
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            _ = Glibc.close(folderDescriptor)
        }
        let file = SessionLogFile(descriptor: opened.descriptor, path: opened.path, sessionNumber: opened.number)
        file.pending = Array(SessionLogFormat.header.utf8)
        file.flush()
        return file
    }

    /// The first write or sync failure, if any; check it once per frame or at block ends.
    ///
    /// After a failure nothing more is written, so the file ends at the last good batch.
    public var lastError: SessionLogFileError? { status.error }

    /// Formats records into this frame's batch; nothing reaches the writer until `flush()`.
    /// - Parameter records: Rows in log order.
    public func append(_ records: [LogRecord]) {
        guard !isClosed else {
            status.record(.appendAfterClose(path: path))
            return
        }
        pending.append(contentsOf: SessionLogFormat.bytes(for: records))
    }

    /// Hands this frame's batch to the writer, which writes it at once; returns immediately.
    public func flush() {
        flush(force: false)
    }

    private func flush(force: Bool) {
        guard !isClosed, !pending.isEmpty else { return }
        if let minimum = headlessBatchBytes, !force, pending.count < minimum { return }
        let batch = pending
        pending = []
        let (descriptor, status, path) = (descriptor, status, path)
        let write: @Sendable () -> Void = {
            guard status.error == nil else { return }
            if let code = FileDescriptorIO.writeAll(batch, to: descriptor) {
                status.record(.writeFailed(path: path, reason: FileDescriptorIO.describe(errno: code)))
            }
        }
        // `sync` on the idle serial queue runs on this thread and keeps batches in order.
        if headlessBatchBytes != nil { queue.sync(execute: write) } else { queue.async(execute: write) }
    }

    /// Flushes, waits until every batch handed over is written, then `fsync`s the file.
    ///
    /// This blocks until the disk answers, so call it at pauses and block ends, not per frame.
    /// - Throws: The first write or sync failure since the log was created.
    public func sync() throws(SessionLogFileError) {
        if !isClosed {
            flush(force: true)
            let (descriptor, status, path) = (descriptor, status, path)
            queue.sync {
                guard status.error == nil else { return }
                if fsync(descriptor) != 0 {
                    status.record(.syncFailed(path: path, reason: FileDescriptorIO.describe(errno: errno)))
                }
            }
        }
        if let error = status.error { throw error }
    }

    /// Syncs and closes the file.
    ///
    /// Later `append`s are reported as errors. Closing twice is harmless.
    /// - Throws: The first write or sync failure since the log was created; the file is
    ///   closed either way.
    public func close() throws(SessionLogFileError) {
        guard !isClosed else { return }
        defer {
            isClosed = true
            let descriptor = descriptor
            queue.sync { _ = Glibc.close(descriptor) }
        }
        try sync()
    }

    /// Opens `<N>_<yymmdd>_<HHMMSS>.csv` in `folder` with `O_CREAT | O_EXCL`, moving on to the
    /// next number while the name is taken, so no existing file is ever opened.
    static func openExclusive(
        in folder: String, firstNumber: Int, date: LocalDateTime
    ) throws(SessionLogFileError) -> (descriptor: Int32, path: String, number: Int) {
        var number = firstNumber
        // A bound only so that a pathological folder cannot loop forever.
        for _ in 0..<10_000 {
            let path = folder + "/" + SessionFileNaming.fileName(sessionNumber: number, date: date)
            let descriptor = open(path, O_CREAT | O_EXCL | O_APPEND | O_WRONLY | O_CLOEXEC, 0o666)
            if descriptor >= 0 { return (descriptor, path, number) }
            let code = errno
            guard code == EEXIST else { throw .cannotCreate(path: path, reason: FileDescriptorIO.describe(errno: code)) }
            number += 1
        }
        throw .cannotCreate(path: folder, reason: "every session number from \(firstNumber) on is taken")
    }

    /// Paths of every file and folder under `directory`, relative to it; none if it is missing.
    ///
    /// Symbolic links are listed, not followed. A folder that cannot be read is listed without
    /// its contents, so that it does not hide the session numbers in the others.
    private static func existingFilePaths(under directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.flatMap { name in
            let path = directory + "/" + name
            var info = stat()
            let isFolder = lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            return [name] + (isFolder ? existingFilePaths(under: path).map { name + "/" + $0 } : [])
        }
    }

    /// `mkdir -p`, reporting the first component that is not a usable directory.
    private static func makeDirectories(_ path: String) throws(SessionLogFileError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            if !prefix.isEmpty && !prefix.hasSuffix("/") { prefix += "/" }
            prefix += component
            if mkdir(prefix, 0o777) == 0 { continue }
            let code = errno
            if code == EEXIST && isDirectory(prefix) { continue }
            let reason = code == EEXIST ? "it exists and is not a directory" : FileDescriptorIO.describe(errno: code)
            throw .directoryNotWritable(path: prefix, reason: reason)
        }
    }

    /// Whether `path` names a directory (following symbolic links).
    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}

/// The writer's first failure, shared between the frame loop and the writer queue.
private final class WriterStatus: Sendable {
    private let firstError = Mutex<SessionLogFileError?>(nil)

    var error: SessionLogFileError? { firstError.withLock { $0 } }

    /// Keeps `error` unless one is already recorded: the first failure is the one to report.
    func record(_ error: SessionLogFileError) {
        firstError.withLock { current in
            if current == nil { current = error }
        }
    }
}
