/// A comma-separated table as spreadsheets write it (RFC 4180): a header row naming the
/// columns, fields optionally in double quotes (`""` for a quote inside), CRLF or LF line
/// ends, a UTF-8 byte-order mark ignored. Every field keeps the line and column where it
/// starts, so a problem in a lab's trial list is reported where the lab can see it.
public struct CSVTable: Sendable {
    public struct Field: Hashable, Sendable {
        public var text: String
        public var line: Int
        public var column: Int
    }

    public struct Row: Sendable {
        /// Where the row starts (1-based).
        public var line: Int
        public var fields: [Field]
    }

    public struct SyntaxError: Error, Hashable, Sendable {
        public var line: Int
        public var column: Int
        public var message: String
    }

    public var columns: [Field]
    public var rows: [Row]

    /// The index of the column named `name` (exactly, after trimming spaces), if any.
    public func index(of name: String) -> Int? {
        columns.firstIndex { $0.text.trimmingSpacesAndTabs() == name }
    }

    /// Reads `text`; blank lines are skipped. A row with more or fewer fields than the header
    /// is an error at its first field past the header's count, or at its end.
    public static func parse(_ text: String) -> Result<CSVTable, SyntaxError> {
        var records: [Row] = []
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var index = 0
        var line = 1, column = 1
        var fields: [Field] = []
        var rowLine = 1
        while index <= scalars.count {
            // One field, starting at `index`.
            let start = (line: line, column: column)
            var value = String.UnicodeScalarView()
            if index < scalars.count && scalars[index] == "\"" {
                index += 1
                column += 1
                var closed = false
                while index < scalars.count {
                    let scalar = scalars[index]
                    index += 1
                    if scalar == "\"" {
                        column += 1
                        if index < scalars.count && scalars[index] == "\"" {
                            value.append("\"")
                            index += 1
                            column += 1
                            continue
                        }
                        closed = true
                        break
                    }
                    value.append(scalar)
                    if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
                }
                guard closed else {
                    return .failure(SyntaxError(line: start.line, column: start.column, message: "this quoted field has no closing quote"))
                }
                if index < scalars.count, !["," as Unicode.Scalar, "\n", "\r"].contains(scalars[index]) {
                    return .failure(SyntaxError(line: line, column: column,
                                                message: "expected a comma or the end of the line after a closing quote (write \"\" for a quote inside a field)"))
                }
            } else {
                while index < scalars.count, scalars[index] != ",", scalars[index] != "\n", scalars[index] != "\r" {
                    value.append(scalars[index])
                    index += 1
                    column += 1
                }
            }
            fields.append(Field(text: String(value), line: start.line, column: start.column))
            if index < scalars.count, scalars[index] == "," {
                index += 1
                column += 1
                continue
            }
            // The end of a record: a line end or the end of the text.
            if index < scalars.count, scalars[index] == "\r" { index += 1 }
            if index < scalars.count, scalars[index] == "\n" { index += 1 }
            let blank = fields.count == 1 && fields[0].text.trimmingSpacesAndTabs().isEmpty
            if !blank { records.append(Row(line: rowLine, fields: fields)) }
            fields = []
            line += 1
            column = 1
            rowLine = line
            if index >= scalars.count { break }
        }
        guard let header = records.first else {
            return .failure(SyntaxError(line: 1, column: 1, message: "the file is empty; it needs a header row naming its columns"))
        }
        for row in records.dropFirst() where row.fields.count != header.fields.count {
            let place = row.fields.count > header.fields.count ? row.fields[header.fields.count] : row.fields[row.fields.count - 1]
            return .failure(SyntaxError(line: place.line, column: place.column,
                                        message: "this row has \(row.fields.count) fields; the header has \(header.fields.count)"))
        }
        return .success(CSVTable(columns: header.fields, rows: Array(records.dropFirst())))
    }
}
