/// A prompts log read back, for reports and export: its header and every row. A last line a
/// crash cut short is set aside; any other line that is not a row is an error at its line.
public struct PromptsLogFile: Hashable, Sendable {
    public var header: PromptsLogHeader
    public var rows: [PromptsRow]
    /// Whether the file ended in the middle of a line (a crash while writing), which was left out.
    public var endsCutShort: Bool

    /// The file name's ending after the run number and date.
    public static let suffix = "_prompts.tsv"

    /// A file that cannot be read as a prompts log.
    public typealias Failure = DataFileReadFailure

    public static func read(_ text: String, file: String) throws(Failure) -> PromptsLogFile {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // Every line ends with a line feed; whatever follows the last one was cut short.
        let cutShort = !lines.removeLast().isEmpty
        guard lines.first == Substring(PromptsLogHeader.firstLine) else {
            throw Failure(file: file, line: 1, message: "expected `\(PromptsLogHeader.firstLine)`; this is not a prompts log")
        }
        var comments: [Substring] = []
        var rows: [PromptsRow] = []
        var columnsAt: Int?
        var hasFrameEarliest = true
        for (index, line) in lines.enumerated() {
            let number = index + 1
            if columnsAt == nil {
                if line.hasPrefix("#") {
                    comments.append(line)
                    continue
                }
                let names = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                hasFrameEarliest = names == PromptsRow.columns
                guard hasFrameEarliest || names == PromptsRow.columnsBeforeFrameEarliest else {
                    throw Failure(file: file, line: number, message: "expected the header `\(PromptsRow.columns.joined(separator: " "))` (tab-separated)")
                }
                columnsAt = number
            } else if let row = PromptsRow(line: line, hasFrameEarliest: hasFrameEarliest) {
                rows.append(row)
            } else {
                throw Failure(file: file, line: number, message: "expected \((hasFrameEarliest ? PromptsRow.columns : PromptsRow.columnsBeforeFrameEarliest).count) tab-separated columns: two times in seconds with 6 decimals, an event, then the rest as the header names them")
            }
        }
        guard let columnsAt else { throw Failure(file: file, line: lines.count + 1, message: "no header line of column names; the file ends in its `#` lines") }
        let header: PromptsLogHeader
        do {
            header = try PromptsLogHeader.read(comments)
        } catch {
            throw Failure(file: file, line: columnsAt, message: "no readable `# \(error.name): …` line before the column names")
        }
        return PromptsLogFile(header: header, rows: rows, endsCutShort: cutShort)
    }
}
