import KioskCore

/// A data file written in one ``LogFormat``: the format's header first, then records as the
/// block hands them over, through an ``AppendOnlyFile``.
public final class LogFile<Format: LogFormat> {
    /// Where the bytes go.
    public let file: AppendOnlyFile

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

    /// Formats records straight into this frame's batch.
    public func append(_ records: [Format.Record]) {
        guard !records.isEmpty else { return }
        file.append { Format.append(records, to: &$0) }
    }

    /// Hands this frame's batch to the writer (``AppendOnlyFile/flush()``).
    public func flush() { file.flush() }

    /// Waits until everything is written and on disk (``AppendOnlyFile/sync()``).
    public func sync() throws(DataFileError) { try file.sync() }

    /// Syncs and closes the file (``AppendOnlyFile/close()``).
    public func close() throws(DataFileError) { try file.close() }

    /// The first write or sync failure, if any.
    public var lastError: DataFileError? { file.lastError }
}
