/// Turns the bytes of a scenario file into event lines (docs/openmatb-behaviour.md: Scenario lines),
/// reporting every malformed line instead of stopping at the first.
public enum ScenarioReader {
    /// Files larger than this are refused before decoding: a real scenario is a few KB.
    public static let maximumByteCount = 8 * 1024 * 1024
    /// The latest scenario time (about 146 years): half of what Int64 nanoseconds hold, so
    /// that a time plus a span of the session still fits.
    public static let maximumSeconds = Int64.max / 1_000_000_000 / 2

    /// The lines of `bytes`, or diagnostics for the file and each malformed line.
    public static func read(_ bytes: [UInt8], file: String) -> (lines: [ScenarioLine], diagnostics: [ScenarioDiagnostic]) {
        if let problem = fileProblem(bytes, file: file) { return ([], [problem]) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return ([], [invalidEncoding(bytes, file: file)])
        }
        var lines: [ScenarioLine] = []
        var diagnostics: [ScenarioDiagnostic] = []
        for (index, rawLine) in physicalLines(text).enumerated() {
            let lineNumber = index + 1
            switch parse(rawLine, lineNumber: lineNumber, file: file) {
            case .skip: continue
            case .line(let line): lines.append(line)
            case .problem(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        if lines.isEmpty && diagnostics.isEmpty {
            diagnostics.append(error(file, 0, 0, "the scenario has no event lines (expected lines such as `0:00:00;sysmon;start`)"))
        }
        return (lines, diagnostics)
    }

    private enum LineResult {
        case skip
        case line(ScenarioLine)
        case problem(ScenarioDiagnostic)
    }

    private static func parse(_ raw: Substring, lineNumber: Int, file: String) -> LineResult {
        let trimmed = raw.trimmingWhitespace()
        if trimmed.isEmpty || raw.first == "#" { return .skip }
        if trimmed.first == "#" {
            let column = raw.distance(from: raw.startIndex, to: raw.firstIndex(of: "#") ?? raw.startIndex) + 1
            return .problem(error(file, lineNumber, column,
                "a comment must start in the first column: remove the spaces before `#` (OpenMATB cannot read this line either)"))
        }
        let leading = raw.distance(from: raw.startIndex, to: trimmed.startIndex)
        var fields: [ScenarioLine.Field] = []
        var column = leading + 1
        for piece in trimmed.split(separator: ";", omittingEmptySubsequences: false) {
            fields.append(.init(String(piece), column: column))
            column += piece.count + 1
        }
        guard fields.count >= 2 else {
            return .problem(error(file, lineNumber, leading + 1,
                "expected `H:MM:SS;plugin;command` or `H:MM:SS;plugin;parameter;value`, found `\(trimmed)`"))
        }
        guard let seconds = ScenarioTimeFormat.seconds(from: fields[0].text) else {
            return .problem(error(file, lineNumber, fields[0].column,
                "expected a time `H:MM:SS` (whole numbers, e.g. `0:01:30`), found `\(fields[0].text)`"))
        }
        // `-0:00:01` adds up to +1 s (Python's int("-0") is 0, and OpenMATB runs it so): a sign
        // on any part is a mistake, never a time.
        guard seconds >= 0, !fields[0].text.contains("-") else {
            return .problem(error(file, lineNumber, fields[0].column, "a scenario time cannot be negative (found `\(fields[0].text)`)"))
        }
        guard seconds <= maximumSeconds else {
            return .problem(error(file, lineNumber, fields[0].column,
                "a scenario time must be at most \(ScenarioTimeFormat.hoursMinutesSeconds(maximumSeconds)) (found `\(fields[0].text)`)"))
        }
        return .line(ScenarioLine(lineNumber: lineNumber, time: .seconds(seconds), plugin: fields[1], command: Array(fields.dropFirst(2))))
    }

    private static func fileProblem(_ bytes: [UInt8], file: String) -> ScenarioDiagnostic? {
        if bytes.isEmpty {
            return error(file, 0, 0, "the file is empty (expected scenario lines such as `0:00:00;sysmon;start`)")
        }
        if bytes.count > maximumByteCount {
            return error(file, 0, 0, "the file is \(bytes.count) bytes; a scenario is text of at most \(maximumByteCount) bytes")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return error(file, 1, 1, "the file starts with a UTF-8 byte-order mark, which OpenMATB cannot read; save it as UTF-8 without BOM")
        }
        if let nul = bytes.firstIndex(of: 0) {
            let (line, column) = position(of: nul, in: bytes)
            return error(file, line, column, "the file contains a NUL byte: it is binary, not a scenario text file")
        }
        return nil
    }

    private static func invalidEncoding(_ bytes: [UInt8], file: String) -> ScenarioDiagnostic {
        var offset = 0
        // Find the first byte where decoding fails, to point at it.
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var consumed = 0
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): consumed += UTF8.width(scalar)
            case .emptyInput: break loop
            case .error:
                offset = consumed
                break loop
            }
        }
        let (line, column) = position(of: offset, in: bytes)
        return error(file, line, column, "the file is not valid UTF-8 text (byte 0x\(String(bytes[min(offset, bytes.count - 1)], radix: 16)) at offset \(offset)); save it as UTF-8")
    }

    /// 1-based line and byte column of a byte offset.
    private static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        for i in 0..<min(offset, bytes.count) where bytes[i] == 0x0A {
            line += 1
            lineStart = i + 1
        }
        return (line, offset - lineStart + 1)
    }

    /// Lines split on LF, CRLF or CR, so files saved on any system read the same.
    private static func physicalLines(_ text: String) -> [Substring] {
        // Swift reads CRLF as one Character; Python's universal newlines also accept a lone CR.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    private static func error(_ file: String, _ line: Int, _ column: Int, _ message: String) -> ScenarioDiagnostic {
        ScenarioDiagnostic(file: file, line: line, column: column, severity: .error, message: message)
    }
}

extension Substring {
    /// The substring without leading and trailing Unicode whitespace, as Python's `strip()`.
    func trimmingWhitespace() -> Substring {
        guard let start = firstIndex(where: { !$0.isWhitespace }) else { return self[endIndex...] }
        guard let end = lastIndex(where: { !$0.isWhitespace }) else { return self[endIndex...] }
        return self[start...end]
    }
}
