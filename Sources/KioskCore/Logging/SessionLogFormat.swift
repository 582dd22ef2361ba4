/// The bytes of OpenMATB's session CSV (docs/openmatb-behaviour.md: Log format): header, rows, rounding and
/// quoting, exactly as Python's `csv.writer` writes them for OpenMATB 1.4.5.
public enum SessionLogFormat {
    /// The column names, in order.
    public static let columns = ["logtime", "scenario_time", "type", "module", "address", "value"]

    /// The header line, CRLF-terminated: `logtime,scenario_time,type,module,address,value`.
    public static let headerLine = columns.joined(separator: ",") + "\r\n"

    /// One CSV line for a record, CRLF-terminated.
    ///
    /// `logtime` is the monotonic time in seconds and `scenario_time` the scenario time in
    /// seconds, both rounded to six decimals and written as floats (`445.473999`, `0.0`);
    /// a missing scenario time is the integer `0` OpenMATB logs before the first frame.
    /// - Parameter record: The row to format.
    /// - Returns: The line, ready to append to the file.
    public static func line(for record: LogRecord) -> String {
        var bytes: [UInt8] = []
        appendLine(for: record, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The UTF-8 bytes of several records' lines, in order.
    /// - Parameter records: The rows to format.
    /// - Returns: The concatenated lines.
    public static func bytes(for records: [LogRecord]) -> [UInt8] {
        var result: [UInt8] = []
        append(records, to: &result)
        return result
    }

    /// Appends one record's line straight to a byte buffer: a session writes tens of thousands
    /// of rows, and building each line as Strings first cost more than the whole simulation.
    private static func appendLine(for record: LogRecord, to bytes: inout [UInt8]) {
        let scenarioTime: PyValue = record.scenarioTime.map { .float($0.seconds) } ?? .int(0)
        appendField(fieldText(.float(record.logtime.seconds)), to: &bytes)
        bytes.append(UInt8(ascii: ","))
        appendField(fieldText(scenarioTime), to: &bytes)
        bytes.append(UInt8(ascii: ","))
        appendField(record.kind.rawValue, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        appendField(record.module, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        appendField(record.address, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        appendField(fieldText(record.value), to: &bytes)
        bytes.append(contentsOf: [UInt8(ascii: "\r"), UInt8(ascii: "\n")])
    }

    /// A value as OpenMATB's logger stores it in a column: ints, bools and floats go through
    /// Python's `round(x, 6)`, which turns a bool into the int `1`/`0` and keeps a float a
    /// float; every other value (strings, tuples, lists, dicts) is left as is, so container
    /// elements keep full precision.
    /// - Parameter value: The value handed to the logger.
    /// - Returns: The value the CSV writer sees.
    public static func columnValue(_ value: PyValue) -> PyValue {
        switch value {
        case .bool(let flag): .int(flag ? 1 : 0)
        case .float(let number): .float(PythonRounding.round6(number))
        default: value
        }
    }

    /// The unquoted text of a value's column: its rounded `str()`, and an empty field for
    /// `None`, as Python's `csv.writer` writes it.
    /// - Parameter value: The value handed to the logger.
    /// - Returns: The column text before quoting.
    public static func fieldText(_ value: PyValue) -> String {
        if case .none = value { return "" }
        return columnValue(value).pythonStr
    }

    /// A field with `csv.QUOTE_MINIMAL` quoting.
    ///
    /// The field is wrapped in `"` only when it contains a comma, a double quote, a carriage
    /// return or a line feed, with inner `"` doubled. Tabs and every other character are
    /// written raw.
    /// - Parameter field: The unquoted field text.
    /// - Returns: The text to write between the commas.
    public static func quotedIfNeeded(_ field: String) -> String {
        var bytes: [UInt8] = []
        appendField(field, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends a field's UTF-8 bytes with `csv.QUOTE_MINIMAL` quoting. Working on bytes is
    /// exact: the four special characters are ASCII, and ASCII bytes never occur inside a
    /// multi-byte UTF-8 sequence (nor does "\r\n" hide a CR, as a Character would).
    private static func appendField(_ field: String, to bytes: inout [UInt8]) {
        var field = field
        field.withUTF8 { utf8 in
            let needsQuotes = utf8.contains { byte in
                byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
            }
            guard needsQuotes else {
                bytes.append(contentsOf: utf8)
                return
            }
            bytes.append(UInt8(ascii: "\""))
            for byte in utf8 {
                if byte == UInt8(ascii: "\"") { bytes.append(byte) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }
}

extension SessionLogFormat: LogFormat {
    public static var header: [UInt8] { Array(headerLine.utf8) }

    public static func append(_ records: [LogRecord], to bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + records.count * 64)
        for record in records { appendLine(for: record, to: &bytes) }
    }
}
