/// A trial list (docs/judge.md: Trial lists): a CSV file with one row per trial, its `image`,
/// the right `answer` (choice) or `target` flag (go/no-go), and any columns the lab wants
/// carried to the log as they are.
public struct JudgeTrialList: Sendable {
    public struct Trial: Hashable, Sendable {
        /// The image's path as the list writes it, relative to the list's folder.
        public var image: String
        /// The right answer for a choice; "go" (a target) or "nogo" for go/no-go.
        public var expected: String
        /// The values of the lab's own columns, in ``JudgeTrialList/extraColumns`` order.
        public var extras: [String]
        /// The row's line in the file.
        public var line: Int
        /// Where its image is named.
        public var imageColumn: Int
    }

    public var file: String
    /// The lab's own columns, in file order.
    public var extraColumns: [String]
    public var trials: [Trial]

    /// The columns a trial list may not use for its own: the log's, and those its BIDS events file adds.
    public static let reservedColumns = Set(JudgeTrialRow.columns + ["onset", "duration", "trial_type", "response_time"])
    static let targetWords: [String: Bool] = ["1": true, "yes": true, "true": true, "go": true, "target": true,
                                              "0": false, "no": false, "false": false, "nogo": false, "no-go": false, "lure": false]

    public static func read(_ text: String, file: String, configuration: JudgeConfiguration) -> Result<JudgeTrialList, ScenarioErrors> {
        let table: CSVTable
        switch CSVTable.parse(text) {
        case .success(let parsed): table = parsed
        case .failure(let error):
            return .failure(ScenarioErrors(diagnostics: [ScenarioDiagnostic(file: file, line: error.line, column: error.column, severity: .error, message: error.message)]))
        }
        var problems: [ScenarioDiagnostic] = []
        func problem(_ line: Int, _ column: Int, _ message: String) {
            problems.append(ScenarioDiagnostic(file: file, line: line, column: column, severity: .error, message: message))
        }
        let names = table.columns.map { $0.text.trimmingSpacesAndTabs() }
        let answerColumn = configuration.paradigm == .choice ? "answer" : "target"
        for required in ["image", answerColumn] where !names.contains(required) {
            problem(1, 0, "the header row has no `\(required)` column; a \(configuration.paradigm.rawValue) trial list needs `image` and `\(answerColumn)`, found \(names.joined(separator: ", "))")
        }
        var seen = Set<String>()
        for (index, name) in names.enumerated() {
            let place = table.columns[index]
            if name.isEmpty { problem(place.line, place.column, "column \(index + 1) has no name") }
            if !seen.insert(name).inserted { problem(place.line, place.column, "the column `\(name)` appears twice") }
        }
        let known: Set<String> = ["image", answerColumn]
        let extraIndices = names.indices.filter { !known.contains(names[$0]) && !names[$0].isEmpty }
        for index in extraIndices where reservedColumns.contains(names[index]) {
            let place = table.columns[index]
            problem(place.line, place.column, "`\(names[index])` is a column the log writes itself; rename this column")
        }
        if let condition = configuration.conditionColumn, !names.contains(condition) {
            problem(1, 0, "the configuration's `condition` names the column `\(condition)`, which this list does not have (it has \(names.joined(separator: ", ")))")
        }
        guard problems.isEmpty, let imageIndex = names.firstIndex(of: "image"), let answerIndex = names.firstIndex(of: answerColumn) else {
            return .failure(ScenarioErrors(diagnostics: problems))
        }
        let answers = configuration.responses.map(\.answer)
        var trials: [Trial] = []
        for row in table.rows {
            let image = row.fields[imageIndex]
            let answer = row.fields[answerIndex]
            let imagePath = image.text.trimmingSpacesAndTabs()
            if imagePath.isEmpty { problem(image.line, image.column, "this trial has no image") }
            var trial = Trial(image: imagePath, expected: "", extras: extraIndices.map { row.fields[$0].text },
                              line: row.line, imageColumn: image.column)
            let value = answer.text.trimmingSpacesAndTabs()
            switch configuration.paradigm {
            case .choice:
                if answers.contains(value) { trial.expected = value } else {
                    problem(answer.line, answer.column, "the answer \"\(value)\" is none of the configuration's answers (\(answers.joined(separator: ", ")))")
                }
            case .goNoGo:
                if let flag = targetWords[value.lowercased()] {
                    trial.expected = flag ? "go" : "nogo"
                } else {
                    problem(answer.line, answer.column, "`target` is 1 or 0 (yes/no, true/false, go/nogo), found \"\(value)\"")
                }
            }
            trials.append(trial)
        }
        if table.rows.isEmpty { problem(1, 0, "the list has a header but no trials") }
        if !problems.isEmpty { return .failure(ScenarioErrors(diagnostics: problems)) }
        return .success(JudgeTrialList(file: file, extraColumns: extraIndices.map { names[$0] }, trials: trials))
    }
}
