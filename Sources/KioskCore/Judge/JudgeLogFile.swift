/// A judgement log (docs/judge.md: The log): `#` lines describing the block, a header line,
/// then one line per trial. Written by the judgement host, read back by reports and export.
public struct JudgeLogFile: Sendable {
    /// The `# name: value` lines, in order.
    public var information: [(name: String, value: String)]
    public var extraColumns: [String]
    public var rows: [JudgeTrialRow]

    /// The first line, which says what the file is.
    public static let firstLine = "# labkiosk judgement log"
    /// The file name's ending after the run number and date.
    public static let suffix = "_judge.tsv"
    /// The summary's, written beside it when the block ends.
    public static let summarySuffix = "_judge-summary.tsv"

    public typealias Failure = DataFileReadFailure

    /// The opening lines: what the file is, the block's description, and the header.
    public static func opening(information: [(name: String, value: String)], extraColumns: [String]) -> String {
        var text = firstLine + "\n"
        for (name, value) in information { text += "# \(name): \(TabSeparated.cell(value))\n" }
        return text + JudgeTrialRow.headerLine(extraColumns: extraColumns)
    }

    /// The value of an information line.
    public func value(_ name: String) -> String? { information.first { $0.name == name }?.value }

    /// Reads a log; a last line a crash cut short is set aside, any other malformed line is
    /// an error at its line.
    public static func read(_ text: String, file: String) throws(Failure) -> JudgeLogFile {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast()
        guard lines.first.map({ $0 == firstLine }) ?? false else {
            throw Failure(file: file, line: 1, message: "not a labkiosk judgement log (its first line is not `\(firstLine)`)")
        }
        var information: [(String, String)] = []
        var extras: [String]?
        var hasOnsetEarliest = false
        var rows: [JudgeTrialRow] = []
        for (index, line) in lines.enumerated().dropFirst() {
            if line.hasPrefix("# ") {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let value = line[line.index(after: colon)...].drop { $0 == " " }
                information.append((String(line[line.index(line.startIndex, offsetBy: 2)..<colon]), String(value)))
                continue
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard let extraColumns = extras else {
                var names = fields.map(String.init)
                hasOnsetEarliest = names.last == JudgeTrialRow.onsetEarliestColumn
                if hasOnsetEarliest { names.removeLast() }
                let lead = JudgeTrialRow.leadingColumns.count, trail = JudgeTrialRow.trailingColumns.count
                guard names.count >= lead + trail, Array(names.prefix(lead)) == JudgeTrialRow.leadingColumns,
                      Array(names.suffix(trail)) == JudgeTrialRow.trailingColumns else {
                    throw Failure(file: file, line: index + 1, message: "expected the header line (\(JudgeTrialRow.leadingColumns.joined(separator: ", ")), …)")
                }
                extras = Array(names[lead..<(names.count - trail)])
                continue
            }
            guard let row = JudgeTrialRow(fields: fields, extraCount: extraColumns.count, hasOnsetEarliest: hasOnsetEarliest) else {
                let count = JudgeTrialRow.columns.count - (hasOnsetEarliest ? 0 : 1) + extraColumns.count
                throw Failure(file: file, line: index + 1, message: "not a trial row: expected \(count) tab-separated fields")
            }
            rows.append(row)
        }
        guard let extraColumns = extras else { throw Failure(file: file, line: lines.count, message: "the header line is missing") }
        return JudgeLogFile(information: information, extraColumns: extraColumns, rows: rows)
    }
}
