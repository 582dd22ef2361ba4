/// A problem found in a scenario, located by file, 1-based line and 1-based column.
///
/// OpenMATB numbers lines from 0 in its own messages; labkiosk reports the 1-based line an
/// editor shows and keeps OpenMATB's wording for the rest (docs/compatibility.md).
public struct ScenarioDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// Errors stop the scenario from running; warnings are reported and the line is ignored.
    public enum Severity: String, Hashable, Sendable { case error, warning }

    public var file: String
    /// 1-based; 0 when the problem concerns the whole file.
    public var line: Int
    /// 1-based; 0 when the problem concerns the whole line or file.
    public var column: Int
    public var severity: Severity
    public var message: String

    public init(file: String, line: Int, column: Int, severity: Severity, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    /// `file:line:column: error: message`, the form editors and terminals link to.
    public var description: String {
        var location = file
        if line > 0 { location += ":\(line)" }
        if line > 0 && column > 0 { location += ":\(column)" }
        return "\(location): \(severity.rawValue): \(message)"
    }
}
