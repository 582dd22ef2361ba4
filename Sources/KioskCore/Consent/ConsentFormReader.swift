/// Reads a consent form (docs/consent.md): every problem at once, each at the line and column
/// of the key it concerns, with what was expected. The pages' files are read by the shell.
public enum ConsentFormReader {
    static let keys: [(name: String, expected: String)] = [("title", "a text"), ("name", "true or false"), ("signature", "true or false")]
    static let tables = ["page", "statement"]
    /// The most statements a screen holds with boxes large enough for a finger.
    public static let mostStatements = 8
    /// The longest statement, in characters: two lines on the screen.
    public static let longestStatement = 200

    /// Whether a TOML file reads as a consent form rather than a plan or another block's file.
    public static func looksLikeForm(_ document: TOMLDocument) -> Bool {
        document.arrays["statement"] != nil
    }

    public static func read(_ text: String, file: String) -> Result<ConsentForm, ScenarioErrors> {
        let reading: TOMLFileReading
        switch TOMLFileReading.start(text, file: file, what: "a consent form", keys: keys) {
        case .success(let started): reading = started
        case .failure(let errors): return .failure(errors)
        }
        let document = reading.document, root = document.root
        let problem = reading.problem, at = reading.at, expected = reading.expected
        for name in document.order where !tables.contains(name) || document.tables[name] != nil {
            let table = document.tables[name] ?? document.arrays[name]?.first
            problem((table?.line ?? 1, table?.column ?? 1), "unknown table [\(name)]; a consent form has [[page]] and [[statement]] tables, one per page and statement")
        }
        for entry in root.entries where !keys.contains(where: { $0.name == entry.key }) {
            problem((entry.line, entry.column), "unknown key `\(entry.key)`; a consent form has \(keys.map(\.name).joined(separator: ", ")), and [[page]] and [[statement]] tables")
        }
        func flag(_ key: String) -> Bool {
            guard let value = root[key] else { return true }
            guard let flag = value.boolean else {
                problem(at(key), "`\(key)` is \(expected(key)), found \(value.text)")
                return true
            }
            return flag
        }
        let title = root["title"]?.string ?? "Consent"
        if let value = root["title"], value.string?.isEmpty != false { problem(at("title"), "`title` is \(expected("title"))") }
        if let titleProblem = ScreenTitle.problem(title) { problem(at("title"), titleProblem) }
        /// Each table's one key, a text.
        func texts(_ table: String, key: String, example: String) -> [(text: String, line: Int, column: Int)] {
            let found = document.arrays[table] ?? []
            if found.isEmpty {
                problem((1, 1), "a consent form needs at least one [[\(table)]] with its `\(key)`, e.g. \(key) = \(example)")
            }
            return found.enumerated().compactMap { index, item in
                for other in item.keys where other != key {
                    problem(item.place(of: other) ?? (item.line, item.column), "unknown key `\(other)` in a [[\(table)]]; it has `\(key)`")
                }
                guard let text = item[key]?.string?.trimmingSpacesTabsAndLineBreaks(), !text.isEmpty else {
                    problem(item.place(of: key) ?? (item.line, item.column), "[[\(table)]] \(index + 1) needs `\(key)`, a text, e.g. \(key) = \(example)")
                    return nil
                }
                // Problems with the file or text point at the value.
                let value = item[key]!
                return (text, value.line, value.column)
            }
        }
        let pages = texts("page", key: "file", example: "\"information.html\"").map { ConsentForm.Page(file: $0.text, line: $0.line, column: $0.column) }
        let statements = texts("statement", key: "text", example: "\"I have read the information sheet.\"")
        for (index, statement) in statements.enumerated() where statement.text.count > longestStatement {
            problem((statement.line, statement.column), "statement \(index + 1) has \(statement.text.count) characters; at most \(longestStatement) fit its box")
        }
        if statements.count > mostStatements, let extra = document.arrays["statement"]?[mostStatements] {
            problem((extra.line, extra.column), "\(statements.count) statements; at most \(mostStatements) fit one screen")
        }
        let form = ConsentForm(title: title, pages: pages, statements: statements.map(\.text), asksName: flag("name"), asksSignature: flag("signature"))
        return reading.result(form)
    }
}
