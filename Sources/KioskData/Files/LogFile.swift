import KioskCore

/// A data file written in one ``LogFormat``: the format's header first, then records as the
/// block hands them over, through an ``AppendOnlyFile``. Records are turned into bytes on the
/// file's writer queue, not on the frame loop: formatting was a quarter of a headless
/// session's time, and runs beside the simulation there on a second core.
public final class LogFile<Format: LogFormat> {
    /// Where the bytes go.
    public let file: AppendOnlyFile
    /// Records handed over since the last flush.
    private var pending: [Format.Record] = []
    /// Records go to the writer once this many are pending (headless runs, which end
    /// thousands of virtual frames a second, batch them); 1 hands over every frame's rows.
    public var batchRecords = 1

    /// Starts the file with the format's header, handed to the writer at once: a run that
    /// ends before its first frame still leaves a file its readers can open.
    public init(_ file: AppendOnlyFile) {
        self.file = file
        if !Format.header.isEmpty {
            file.append(Format.header)
            file.flush()
        }
    }

    /// The file's path.
    public var path: String { file.path }

    deinit {
        handOver(force: true)
    }

    /// Adds records to this frame's batch; after `close()` they are dropped and reported.
    public func append(_ records: [Format.Record]) {
        guard !records.isEmpty else { return }
        guard file.isOpen else { return file.append([]) }
        if pending.isEmpty {
            pending = records
        } else {
            pending.append(contentsOf: records)
        }
    }

    /// Hands this frame's batch to the writer, which formats and writes it at once
    /// (``AppendOnlyFile/flush(producing:)``); in batches of ``batchRecords``.
    public func flush() { handOver(force: false) }

    private func handOver(force: Bool) {
        guard !pending.isEmpty, force || pending.count >= batchRecords else { return }
        let records = pending
        pending = []
        file.flush { Format.append(records, to: &$0) }
    }

    /// Waits until everything is written and on disk (``AppendOnlyFile/sync()``).
    public func sync() throws(DataFileError) {
        handOver(force: true)
        try file.sync()
    }

    /// Syncs and closes the file (``AppendOnlyFile/close()``).
    public func close() throws(DataFileError) {
        handOver(force: true)
        try file.close()
    }

    /// The first write or sync failure, if any.
    public var lastError: DataFileError? { file.lastError }
}
