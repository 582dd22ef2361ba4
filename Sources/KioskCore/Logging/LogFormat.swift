/// How one kind of data file turns a block's records into bytes: OpenMATB's session CSV now,
/// InteractLog's text and the drawing pad's sample files next. Formats are pure; the shell's
/// append-only writer puts their bytes on disk.
public protocol LogFormat {
    /// What the block logs, one value per row or line.
    associatedtype Record: Sendable
    /// The bytes that open every file of this format (a CSV header; empty when none).
    static var header: [UInt8] { get }
    /// Appends the bytes of `records`, in order, to `bytes`.
    static func append(_ records: [Record], to bytes: inout [UInt8])
}
