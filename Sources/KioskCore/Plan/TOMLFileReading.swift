/// One TOML file being read by a reader that reports every problem at once (a consent form, a
/// judgement configuration): its document, the problems found so far, and its top-level keys
/// with what each takes, for messages that say what was expected.
final class TOMLFileReading {
    let file: String
    let document: TOMLDocument
    let keys: [(name: String, expected: String)]
    private(set) var problems: [ScenarioDiagnostic] = []

    private init(file: String, document: TOMLDocument, keys: [(name: String, expected: String)]) {
        self.file = file
        self.document = document
        self.keys = keys
    }

    /// `text` parsed as `what` ("a consent form"), or the parser's problem.
    static func start(_ text: String, file: String, what: String, keys: [(name: String, expected: String)]) -> Result<TOMLFileReading, ScenarioErrors> {
        TOMLDocument.parse(text, file: file, what: what).map { TOMLFileReading(file: file, document: $0, keys: keys) }
    }

    func problem(_ at: (line: Int, column: Int), _ message: String) {
        problems.append(ScenarioDiagnostic(file: file, line: at.line, column: at.column, severity: .error, message: message))
    }

    /// Where a top-level key's value is, for a problem with it (the file's start when it is absent).
    func at(_ key: String) -> (line: Int, column: Int) { document.root[key].map { ($0.line, $0.column) } ?? (1, 1) }

    /// What a top-level key takes.
    func expected(_ key: String) -> String { keys.first { $0.name == key }?.expected ?? "" }

    /// `value`, unless a problem was found.
    func result<Value>(_ value: Value) -> Result<Value, ScenarioErrors> {
        problems.isEmpty ? .success(value) : .failure(ScenarioErrors(diagnostics: problems))
    }
}
