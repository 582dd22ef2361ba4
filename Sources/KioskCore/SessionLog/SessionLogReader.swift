/// Reads a session log (OpenMATB's CSV, as labkiosk or OpenMATB wrote it) back into rows.
///
/// A last line without its line end is a row a crash cut short: it is set aside, not read.
/// Anything else that is not six CSV columns is an error at its line and column.
public enum SessionLogReader {
    /// The rows of a log, and what was left out.
    public struct Contents: Hashable, Sendable {
        public var rows: [SessionLogRow]
        /// The text of a last line that had no line end, if any.
        public var cutShortLine: String?
    }

    /// A log that cannot be read as one.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var column: Int
        public var message: String

        public var description: String { "\(file):\(line):\(column): error: \(message)" }
    }

    /// Reads the bytes of a log file.
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - file: The file's path, for messages.
    public static func read(_ bytes: [UInt8], file: String) throws(Failure) -> Contents {
        var fields: [String] = []
        var field: [UInt8] = []
        var rows: [SessionLogRow] = []
        var line = 1
        var rowLine = 1
        var column = 1
        var inQuotes = false
        var quotedField = false
        var sawHeader = false
        var index = 0

        func fail(_ message: String, column: Int) -> Failure {
            Failure(file: file, line: line, column: column, message: message)
        }

        func endRow() throws(Failure) {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            defer { fields.removeAll(keepingCapacity: true) }
            if !sawHeader {
                guard fields == SessionLogFormat.columns else {
                    throw Failure(file: file, line: rowLine, column: 1,
                                  message: "expected the header `\(SessionLogFormat.columns.joined(separator: ","))`; this is not a session log")
                }
                sawHeader = true
                return
            }
            if fields == [""] { return }
            guard fields.count == SessionLogFormat.columns.count else {
                throw Failure(file: file, line: rowLine, column: 1,
                              message: "expected 6 columns (\(SessionLogFormat.columns.joined(separator: ", "))), found \(fields.count)")
            }
            rows.append(SessionLogRow(line: rowLine, logtime: fields[0], scenarioTime: fields[1], type: fields[2],
                                      module: fields[3], address: fields[4], value: fields[5]))
        }

        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    if index < bytes.count && bytes[index] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                        column += 2
                        continue
                    }
                    inQuotes = false
                    column += 1
                    continue
                }
                field.append(byte)
                if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                guard field.isEmpty && !quotedField else {
                    throw fail("a quote inside an unquoted field; expected quotes around the whole field", column: column)
                }
                inQuotes = true
                quotedField = true
                column += 1
            case UInt8(ascii: ","):
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
                quotedField = false
                column += 1
            case UInt8(ascii: "\r") where index < bytes.count && bytes[index] == UInt8(ascii: "\n"):
                continue
            case UInt8(ascii: "\n"):
                try endRow()
                quotedField = false
                line += 1
                rowLine = line
                column = 1
            default:
                guard !quotedField else {
                    throw fail("text after a closing quote; expected `,` or the end of the line", column: column)
                }
                field.append(byte)
                column += 1
            }
        }
        if !sawHeader {
            throw Failure(file: file, line: 1, column: 1, message: "the file is empty or has no complete header line; this is not a session log")
        }
        let rest = fields.isEmpty && field.isEmpty && !inQuotes ? nil : (fields + [String(decoding: field, as: UTF8.self)]).joined(separator: ",")
        return Contents(rows: rows, cutShortLine: rest)
    }
}
