/// The bytes of OpenMATB's session CSV (spec §8.2): header, rows, rounding and quoting,
/// exactly as Python's `csv.writer` writes them for OpenMATB 1.4.5.
public enum SessionLogFormat {
    /// The column names, in order.
    public static let columns = ["logtime", "scenario_time", "type", "module", "address", "value"]

    /// The header line, CRLF-terminated: `logtime,scenario_time,type,module,address,value`.
    public static let header = columns.joined(separator: ",") + "\r\n"

    /// One CSV line for a record, CRLF-terminated.
    ///
    /// `logtime` is the monotonic time in seconds and `scenario_time` the scenario time in
    /// seconds, both rounded to six decimals and written as floats (`445.473999`, `0.0`);
    /// a missing scenario time is the integer `0` OpenMATB logs before the first frame.
    /// - Parameter record: The row to format.
    /// - Returns: The line, ready to append to the file.
    public static func line(for record: LogRecord) -> String {
        let scenarioTime: PyValue = record.scenarioTime.map { .float($0.seconds) } ?? .int(0)
        let fields = [
            fieldText(.float(record.logtime.seconds)),
            fieldText(scenarioTime),
            record.kind.rawValue,
            record.module,
            record.address,
            fieldText(record.value),
        ]
        return fields.map(quotedIfNeeded).joined(separator: ",") + "\r\n"
    }

    /// The UTF-8 bytes of several records' lines, in order.
    /// - Parameter records: The rows to format.
    /// - Returns: The concatenated lines.
    public static func bytes(for records: [LogRecord]) -> [UInt8] {
        var result: [UInt8] = []
        for record in records { result.append(contentsOf: line(for: record).utf8) }
        return result
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
        // Scalars, not Characters: Swift treats "\r\n" as one Character, which would hide a CR.
        let needsQuotes = field.unicodeScalars.contains { scalar in
            scalar == "," || scalar == "\"" || scalar == "\r" || scalar == "\n"
        }
        guard needsQuotes else { return field }
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in field.unicodeScalars {
            if scalar == "\"" { quoted.append("\"") }
            quoted.append(scalar)
        }
        quoted.append("\"")
        return String(quoted)
    }
}
