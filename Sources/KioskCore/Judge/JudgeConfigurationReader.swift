/// Reads an image-judgement configuration (docs/judge.md): every problem at once, each at the
/// line and column of the key or table it concerns, with what was expected. The trial lists
/// it names are read by ``JudgeTrialList``.
public enum JudgeConfigurationReader {
    /// The keys of the file's top level, each with what it takes.
    static let keys: [(name: String, expected: String)] = [
        ("title", "a text"), ("paradigm", "\"choice\" or \"go-nogo\""), ("instructions", "a text"),
        ("trials", "the trial list's file, e.g. \"trials.csv\""), ("practice", "the practice list's file"),
        ("order", "\"shuffle\" or \"file\""), ("condition", "a column of the trial list"),
        ("fixation_seconds", "a number of seconds ≥ 0"), ("image_seconds", "a number of seconds ≥ 0 (0: until the answer)"),
        ("response_seconds", "a number of seconds > 0"), ("interval_seconds", "a number of seconds ≥ 0"),
        ("interval_jitter_seconds", "a number of seconds ≥ 0"), ("feedback", "true or false"),
        ("feedback_seconds", "a number of seconds > 0"), ("points_correct", "a whole number"),
        ("points_wrong", "a whole number"), ("trials_per_block", "a whole number ≥ 0 (0: no breaks)"),
    ]
    static let responseKeys = ["answer", "label", "key", "button"]

    /// Whether a TOML file reads as a judgement configuration rather than a plan or a prompt
    /// sequence: it names a trial list and answers.
    public static func looksLikeConfiguration(_ document: TOMLDocument) -> Bool {
        document.root["trials"] != nil || document.arrays["response"] != nil
    }

    public static func read(_ text: String, file: String) -> Result<JudgeConfiguration, ScenarioErrors> {
        let reading: TOMLFileReading
        switch TOMLFileReading.start(text, file: file, what: "a judgement configuration", keys: keys) {
        case .success(let started): reading = started
        case .failure(let errors): return .failure(errors)
        }
        let document = reading.document, root = document.root
        // Problems with a value point at the value.
        let problem = reading.problem, at = reading.at, expected = reading.expected
        func string(_ key: String) -> String? {
            guard let value = root[key] else { return nil }
            guard let string = value.string else {
                problem(at(key), "`\(key)` is \(expected(key))")
                return nil
            }
            return string
        }
        func seconds(_ key: String, positive: Bool) -> Double? {
            guard let value = root[key] else { return nil }
            guard let number = value.number, number.isFinite, positive ? number > 0 : number >= 0, number < 86_400 else {
                problem(at(key), "`\(key)` is \(expected(key)), found \(value.text)")
                return nil
            }
            return number
        }
        func whole(_ key: String, atLeast minimum: Int?) -> Int? {
            guard let value = root[key] else { return nil }
            guard case .integer(let number) = value.kind, minimum.map({ number >= $0 }) ?? true, (-999_999...999_999).contains(number) else {
                problem(at(key), "`\(key)` is \(expected(key)), found \(value.text)")
                return nil
            }
            return number
        }

        for name in document.order where name != "response" {
            let table = document.tables[name] ?? document.arrays[name]?.first
            problem((table?.line ?? 1, table?.column ?? 1), "unknown table [\(name)]; a judgement configuration has [[response]] tables only")
        }
        if let table = document.tables["response"] { problem((table.line, table.column), "answers are written [[response]], one per answer") }
        for entry in root.entries where !keys.contains(where: { $0.name == entry.key }) {
            problem((entry.line, entry.column), "unknown key `\(entry.key)`; expected one of \(keys.map(\.name).joined(separator: ", "))")
        }

        var configuration = JudgeConfiguration()
        if let title = string("title") {
            configuration.title = title
            if let titleProblem = ScreenTitle.problem(title), let entry = root.entries.first(where: { $0.key == "title" }) {
                problem((entry.line, entry.column), titleProblem)
            }
        }
        if let instructions = string("instructions") { configuration.instructions = instructions }
        if let paradigm = string("paradigm") {
            if let parsed = JudgeConfiguration.Paradigm(rawValue: paradigm) { configuration.paradigm = parsed } else {
                problem(at("paradigm"), "`paradigm` is \(expected("paradigm")), found \"\(paradigm)\"")
            }
        }
        if let order = string("order") {
            if let parsed = JudgeConfiguration.Order(rawValue: order) { configuration.order = parsed } else {
                problem(at("order"), "`order` is \(expected("order")), found \"\(order)\"")
            }
        }
        if let trials = string("trials"), !trials.isEmpty {
            configuration.trials = trials
            configuration.trialsPlace = at("trials")
        } else if root["trials"] == nil {
            problem((1, 1), "a judgement configuration needs `trials`, the trial list's file, e.g. trials = \"trials.csv\"")
        }
        if let practice = string("practice"), !practice.isEmpty {
            configuration.practice = practice
            configuration.practicePlace = at("practice")
        }
        if let condition = string("condition"), !condition.isEmpty { configuration.conditionColumn = condition }
        if let value = seconds("fixation_seconds", positive: false) { configuration.fixationSeconds = value }
        if let value = seconds("image_seconds", positive: false) { configuration.imageSeconds = value }
        if let value = seconds("response_seconds", positive: true) { configuration.responseSeconds = value }
        if let value = seconds("interval_seconds", positive: false) { configuration.intervalSeconds = value }
        if let value = seconds("interval_jitter_seconds", positive: false) { configuration.intervalJitterSeconds = value }
        if let value = seconds("feedback_seconds", positive: true) { configuration.feedbackSeconds = value }
        if let value = root["feedback"] {
            if let flag = value.boolean { configuration.feedback = flag } else { problem(at("feedback"), "`feedback` is true or false") }
        }
        if let value = whole("points_correct", atLeast: nil) { configuration.pointsCorrect = value }
        if let value = whole("points_wrong", atLeast: nil) { configuration.pointsWrong = value }
        if let value = whole("trials_per_block", atLeast: 0) { configuration.trialsPerBlock = value }
        if configuration.imageSeconds > configuration.responseSeconds, root["image_seconds"] != nil {
            problem(at("image_seconds"), "`image_seconds` (\(root["image_seconds"]!.text)) is longer than `response_seconds`; the response window must cover the image")
        }

        configuration.responses = readResponses(document.arrays["response"] ?? [], paradigm: configuration.paradigm, problem: problem)
        return reading.result(configuration)
    }

    private static func readResponses(_ tables: [TOMLDocument.Table], paradigm: JudgeConfiguration.Paradigm,
                                      problem: ((line: Int, column: Int), String) -> Void) -> [JudgeConfiguration.Response] {
        switch paradigm {
        case .choice where !(2...4).contains(tables.count):
            problem(tables.count > 4 ? (tables[4].line, tables[4].column) : (1, 1),
                    "a choice paradigm has 2 to 4 [[response]] tables (one per answer); found \(tables.count)")
        case .goNoGo where tables.count != 1:
            problem(tables.count > 1 ? (tables[1].line, tables[1].column) : (1, 1),
                    "a go-nogo paradigm has exactly one [[response]] (the go response); found \(tables.count)")
        default: break
        }
        var responses: [JudgeConfiguration.Response] = []
        var keysUsed: [String: Int] = [:]
        for table in tables {
            let here = (line: table.line, column: table.column)
            func at(_ key: String) -> (line: Int, column: Int) { table[key].map { ($0.line, $0.column) } ?? here }
            for entry in table.entries where !responseKeys.contains(entry.key) {
                problem((entry.line, entry.column), "unknown key `\(entry.key)` in [[response]]; it has \(responseKeys.joined(separator: ", "))")
            }
            var response = JudgeConfiguration.Response(answer: paradigm == .goNoGo ? "go" : "", label: "")
            if let answer = table["answer"] {
                if let text = answer.string, !text.trimmingSpacesAndTabs().isEmpty { response.answer = text.trimmingSpacesAndTabs() } else {
                    problem(at("answer"), "`answer` is the text the trial list's `answer` column uses for it, e.g. answer = \"friend\"")
                }
            } else if paradigm == .choice {
                problem(here, "this [[response]] needs an `answer`: the text the trial list's `answer` column uses for it")
            }
            if responses.contains(where: { $0.answer == response.answer }) {
                problem(at("answer"), "the answer \"\(response.answer)\" is given twice")
            }
            if let label = table["label"] {
                if let text = label.string, !text.isEmpty { response.label = text } else { problem(at("label"), "`label` is the text on the answer's button") }
            }
            if response.label.isEmpty { response.label = response.answer.prefix(1).uppercased() + response.answer.dropFirst() }
            if let key = table["key"] {
                if let name = key.string?.uppercased(), KeyNames.isKeyboardKey(name) {
                    response.key = name
                    if let other = keysUsed[name] { problem(at("key"), "the key \(name) is already the answer of the [[response]] at line \(other)") }
                    keysUsed[name] = table.line
                } else {
                    problem(at("key"), "`key` is a key name: a letter (\"F\"), a digit (\"_1\"), SPACE, LEFT, RIGHT, ENTER…; found \(key.text)")
                }
            }
            if let button = table["button"] {
                if case .integer(let number) = button.kind, (1...32).contains(number) { response.joystickButton = number } else {
                    problem(at("button"), "`button` is a joystick button number from 1 to 32, found \(button.text)")
                }
            }
            responses.append(response)
        }
        return responses
    }
}
