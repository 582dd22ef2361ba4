/// The bytes of a prompts log (docs/prompts.md: Log): `#` lines naming the run, a header
/// line of column names, then one tab-separated line per ``PromptsRow``, as they happen.
///
/// The `#` lines depend on the run, so they are not the static ``header``: the host starts
/// the file with ``opening(_:)`` and appends rows after it.
public enum PromptsLogFormat: LogFormat {
    /// Empty: a prompts log opens with ``opening(_:)`` instead.
    public static var header: [UInt8] { [] }

    /// The `#` lines and the column names: what a new file starts with.
    public static func opening(_ header: PromptsLogHeader) -> [UInt8] {
        Array((header.lines + PromptsRow.columns.joined(separator: "\t") + "\n").utf8)
    }

    public static func append(_ records: [PromptsRow], to bytes: inout [UInt8]) {
        for row in records {
            bytes.append(contentsOf: row.line.utf8)
            bytes.append(UInt8(ascii: "\n"))
        }
    }
}
