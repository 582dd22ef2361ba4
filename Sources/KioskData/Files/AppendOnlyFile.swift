import Dispatch
import Glibc
import KioskCore
import Synchronization

/// One data file on disk that only ever grows, appended by a background writer so the frame
/// loop never waits for the disk. It knows bytes, not formats: ``LogFile`` formats records
/// into it, and ``RunFiles`` creates it.
///
/// Use from the frame loop's thread only: `append` bytes as they come, `flush()` once per
/// frame, `sync()` at pauses and block ends, `close()` at the end. The file is created with
/// `O_EXCL`, so an existing file is never truncated or overwritten, and every batch handed
/// over by `flush()` is written with `write(2)` right away: a crash of the program after a
/// frame's `flush()` leaves that frame's bytes in the file (the kernel holds them), and
/// `sync()` makes them survive a power cut too.
///
/// The writer is a serial `DispatchQueue` rather than a hand-made thread and condition
/// variable: it keeps batches in order, `async` only enqueues (the frame loop never waits),
/// and `sync` on the queue is exactly "wait until everything handed over is written".
public final class AppendOnlyFile {
    /// The file's path.
    public let path: String

    private let descriptor: Int32
    /// This frame's bytes, not yet handed to the writer.
    private var pending: [UInt8] = []
    private let queue = DispatchQueue(label: "labkiosk.data-file-writer", qos: .utility)
    /// At most this many batches wait for the writer; a flush beyond it waits for one to be
    /// written. Headless runs set it: their simulation outruns the disk and memory would
    /// grow. Windowed runs keep none, so a stalled disk never holds up a frame.
    public var maximumQueuedBatches: Int? {
        didSet { queueSlots = maximumQueuedBatches.map { DispatchSemaphore(value: $0) } }
    }
    private var queueSlots: DispatchSemaphore?
    private let status = WriterStatus()
    private let backgroundSyncs = BackgroundSyncRequests()
    private var isClosed = false

    /// Whether the file still takes data (`close()` not called yet).
    public var isOpen: Bool { !isClosed }

    /// Wraps an open, writable descriptor; ``RunFiles/create(in:date:suffixes:)`` is the
    /// usual way in, tests use this with `/dev/full`.
    public init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
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

    /// The first write or sync failure, if any; check it once per frame or at block ends.
    ///
    /// After a failure nothing more is written, so the file ends at the last good batch.
    public var lastError: DataFileError? { status.error }

    /// Adds bytes to this frame's batch; nothing reaches the writer until `flush()`.
    public func append(_ bytes: [UInt8]) {
        guard !isClosed else {
            status.record(.appendAfterClose(path: path))
            return
        }
        pending.append(contentsOf: bytes)
    }

    /// Adds bytes to this frame's batch through `write`, which appends to the pending buffer
    /// in place (a format writing records straight into it, without a copy).
    public func append(_ write: (inout [UInt8]) -> Void) {
        guard !isClosed else {
            status.record(.appendAfterClose(path: path))
            return
        }
        write(&pending)
    }

    /// Hands this frame's batch to the writer, which writes it at once; returns immediately.
    public func flush() {
        flush(force: false)
    }

    private func flush(force: Bool) {
        guard !isClosed, !pending.isEmpty else { return }
        let batch = pending
        pending = []
        enqueue { $0 = batch }
    }

    /// Hands the writer a batch it makes itself: `produce` runs on the writer's queue, after
    /// every batch handed over before, so a format can turn records into bytes there instead
    /// of on the frame loop (``LogFile``).
    public func flush(producing produce: @escaping @Sendable (inout [UInt8]) -> Void) {
        guard !isClosed else {
            status.record(.appendAfterClose(path: path))
            return
        }
        flush(force: true)
        enqueue(produce)
    }

    private func enqueue(_ produce: @escaping @Sendable (inout [UInt8]) -> Void) {
        let (descriptor, status, path, slots) = (descriptor, status, path, queueSlots)
        slots?.wait()
        queue.async {
            defer { slots?.signal() }
            guard status.error == nil else { return }
            var bytes: [UInt8] = []
            produce(&bytes)
            if let code = FileDescriptorIO.writeAll(bytes, to: descriptor) {
                status.record(.writeFailed(path: path, reason: FileDescriptorIO.describe(errno: code)))
            }
        }
    }

    /// Flushes, waits until every batch handed over is written, then `fsync`s the file.
    ///
    /// This blocks until the disk answers, so call it at pauses and block ends, not per frame.
    /// - Throws: The first write or sync failure since the file was created.
    public func sync() throws(DataFileError) {
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

    /// Flushes and has the writer `fsync` the file after what it has been handed, without
    /// waiting: a drawing pad syncs after every stroke this way, and the frame goes on.
    /// Requests that come while a sync waits in the queue are joined into one more sync after
    /// it, so a burst costs two `fsync`s, and everything handed over before a request is
    /// synced after it. A failure shows in `lastError`.
    public func syncInBackground() {
        guard !isClosed else { return }
        flush(force: true)
        if backgroundSyncs.request() { enqueueBackgroundSync() }
    }

    private func enqueueBackgroundSync() {
        let (descriptor, status, path, queue, requests) = (descriptor, status, path, queue, backgroundSyncs)
        @Sendable func run() {
            if status.error == nil, fsync(descriptor) != 0 {
                status.record(.syncFailed(path: path, reason: FileDescriptorIO.describe(errno: errno)))
            }
            // Batches handed over while this one waited lie behind it in the queue.
            if requests.finishWantsAnother() { queue.async(execute: run) }
        }
        queue.async(execute: run)
    }

    /// Syncs and closes the file.
    ///
    /// Later `append`s are reported as errors. Closing twice is harmless.
    /// - Throws: The first write or sync failure since the file was created; the file is
    ///   closed either way.
    public func close() throws(DataFileError) {
        guard !isClosed else { return }
        defer {
            isClosed = true
            let descriptor = descriptor
            queue.sync { _ = Glibc.close(descriptor) }
        }
        try sync()
    }
}

/// Background sync requests, shared between the frame loop and the writer queue.
private final class BackgroundSyncRequests: Sendable {
    private struct State {
        /// A sync waits in the writer's queue.
        var queued = false
        /// A request came while it waited or ran: its bytes lie behind it in the queue.
        var again = false
    }

    private let state = Mutex(State())

    /// Notes a request; true when a sync must be queued for it.
    func request() -> Bool {
        state.withLock { state in
            if state.queued {
                state.again = true
                return false
            }
            state.queued = true
            return true
        }
    }

    /// The sync is done; true when requests came while it ran, so one more must follow.
    func finishWantsAnother() -> Bool {
        state.withLock { state in
            if state.again {
                state.again = false
                return true
            }
            state.queued = false
            return false
        }
    }
}

/// The writer's first failure, shared between the frame loop and the writer queue.
private final class WriterStatus: Sendable {
    private let firstError = Mutex<DataFileError?>(nil)

    var error: DataFileError? { firstError.withLock { $0 } }

    /// Keeps `error` unless one is already recorded: the first failure is the one to report.
    func record(_ error: DataFileError) {
        firstError.withLock { current in
            if current == nil { current = error }
        }
    }
}
