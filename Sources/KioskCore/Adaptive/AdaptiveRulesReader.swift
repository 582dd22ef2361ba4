/// Reads an adaptive rules file (docs/adaptive.md): TOML with one `[[rule]]` per rule. Every
/// problem at once, each at the line and column of the key or value it concerns, saying what
/// was expected; the commands a rule runs are checked as scenario lines are, and against the
/// scenario the rules go with.
public enum AdaptiveRulesReader {
    static let rootKeys = ["evaluation_seconds"]
    static let triggerKeys = ["metric", "key", "button", "stream", "stream_type"]
    /// The longest label an on-screen button takes: it must fit its place below pump status.
    static let longestButtonLabel = 16
    static let streamKeys = ["channel", "smoothing_seconds", "quiet_seconds", "fallback", "wait_seconds", "missing"]
    static let actionKeys = ["engage", "release", "engage_level", "release_level", "engage_message", "release_message", "message_seconds"]
    static let ruleKeys = ["name"] + triggerKeys + ["window_seconds"] + streamKeys
        + ["engage_above", "engage_below", "release_above", "release_below", "min_seconds_between"] + actionKeys
    /// The longest message a rule shows: one line across the top of the screen.
    static let longestMessage = 80
    /// The triggers, as messages list them.
    static let triggers = "a `metric` with its `window_seconds`, a participant's `key` or on-screen `button`, or an LSL `stream` (or `stream_type`)"
    /// An hour: a longer window or pause between changes is a typing mistake.
    static let longestSeconds = 3_600.0
    static let mostRules = 100

    /// - Parameter scenario: the scenario the rules go with: every task a rule reads or
    ///   commands must be one it runs.
    public static func read(_ text: String, file: String, scenario: Scenario, catalog: PluginCatalog = .openMATB) -> Result<AdaptiveRules, ScenarioErrors> {
        let document: TOMLDocument
        switch TOMLDocument.parse(text, file: file, what: "a rules file") {
        case .success(let parsed): document = parsed
        case .failure(let errors): return .failure(errors)
        }
        var reading = Reading(file: file, scenario: scenario, catalog: catalog)
        let rules = reading.rules(from: document)
        return reading.problems.isEmpty ? .success(rules) : .failure(ScenarioErrors(diagnostics: reading.problems))
    }

    private struct Reading {
        typealias Table = TOMLDocument.Table
        typealias Value = TOMLDocument.Value
        let file: String
        let scenario: Scenario
        let catalog: PluginCatalog
        var problems: [ScenarioDiagnostic] = []

        mutating func problem(_ line: Int, _ column: Int, _ message: String) {
            problems.append(ScenarioDiagnostic(file: file, line: line, column: column, severity: .error, message: message))
        }

        mutating func problem(_ value: Value, _ message: String) { problem(value.line, value.column, message) }

        mutating func seconds(_ value: Value, _ key: String, _ range: ClosedRange<Double>) -> Double? {
            if let number = value.number, range.contains(number) { return number }
            problem(value, "`\(key)` is seconds, from \(AdaptiveController.figureText(range.lowerBound)) to \(AdaptiveController.figureText(range.upperBound)) (found `\(value.text)`)")
            return nil
        }

        mutating func rules(from document: TOMLDocument) -> AdaptiveRules {
            for entry in document.root.entries where !AdaptiveRulesReader.rootKeys.contains(entry.key) {
                problem(entry.line, entry.column, "unknown key `\(entry.key)` at the top of a rules file; it takes `evaluation_seconds`")
            }
            for name in document.order where name != "rule" {
                let table = document.tables[name] ?? document.arrays[name]?.first
                problem(table?.line ?? 1, table?.column ?? 1, name == "rule" ? "[rule] is written [[rule]], one table per rule"
                                                                             : "unknown table `\(name)`; a rules file has one [[rule]] per rule")
            }
            if let table = document.tables["rule"] { problem(table.line, table.column, "[rule] is written [[rule]], one table per rule") }
            var rules = AdaptiveRules(path: file, rules: [])
            if let value = document.root["evaluation_seconds"], let read = seconds(value, "evaluation_seconds", 0.1...60) {
                rules.evaluationMilliseconds = Int((read * 1000).rounded())
            }
            let tables = document.arrays["rule"] ?? []
            if tables.isEmpty && document.tables["rule"] == nil { problem(1, 1, "a rules file needs at least one [[rule]]") }
            if tables.count > AdaptiveRulesReader.mostRules, let extra = tables.dropFirst(AdaptiveRulesReader.mostRules).first {
                problem(extra.line, extra.column, "at most \(AdaptiveRulesReader.mostRules) rules")
            }
            var names: [String: Int] = [:]
            for table in tables.prefix(AdaptiveRulesReader.mostRules) {
                if let name = table["name"], let text = name.string {
                    if let earlier = names[text] {
                        problem(name, "a rule named `\(text)` is already at line \(earlier); rule names are unique")
                    } else {
                        names[text] = table.line
                    }
                }
                if let rule = rule(table) { rules.rules.append(rule) }
            }
            return rules
        }

        mutating func rule(_ table: Table) -> AdaptiveRule? {
            for entry in table.entries where !AdaptiveRulesReader.ruleKeys.contains(entry.key) {
                problem(entry.line, entry.column, "unknown key `\(entry.key)` in a [[rule]]; it takes " + AdaptiveRulesReader.ruleKeys.map { "`\($0)`" }.joined(separator: ", "))
            }
            let before = problems.count
            var name = ""
            if let value = table["name"], let text = value.string, !text.isEmpty, !text.contains(where: { $0.isNewline || $0 == "," }) {
                name = text
            } else {
                let place = table["name"].map { ($0.line, $0.column) } ?? (table.line, table.column)
                problem(place.0, place.1, "a [[rule]] needs a `name` (text without commas or line breaks), which its log rows carry")
            }
            let trigger = self.trigger(table)
            var rule = AdaptiveRule(name: name, line: table.line, trigger: trigger ?? .request(key: ""), engage: [], release: [])
            switch trigger {
            case .metric?, .stream?: thresholds(table, into: &rule)
            case .request?, .button?:
                for key in ["engage_above", "engage_below", "release_above", "release_below"] {
                    if let place = table.place(of: key) { problem(place.line, place.column, "`\(key)` goes with a `metric` or a stream; a `key` or `button` rule changes at each press") }
                }
            case nil: break
            }
            if let value = table["min_seconds_between"], let read = seconds(value, "min_seconds_between", 0...AdaptiveRulesReader.longestSeconds) {
                rule.minimumSecondsBetween = read
            }
            (rule.engage, rule.engageMessage) = actions(table, "engage")
            (rule.release, rule.releaseMessage) = actions(table, "release")
            if let value = table["message_seconds"], let read = seconds(value, "message_seconds", 1...600) { rule.messageSeconds = read }
            return problems.count == before ? rule : nil
        }

        mutating func trigger(_ table: Table) -> AdaptiveRule.Trigger? {
            let given = AdaptiveRulesReader.triggerKeys.filter { table[$0] != nil }
            guard given.count == 1, let which = given.first, let value = table[which] else {
                if given.count > 1, let second = table[given[1]] {
                    problem(second, "a rule has one trigger: " + AdaptiveRulesReader.triggers + ", not " + given.map { "`\($0)`" }.joined(separator: " and "))
                } else {
                    problem(table.line, table.column, "a [[rule]] needs a trigger: " + AdaptiveRulesReader.triggers)
                }
                return nil
            }
            for key in ["window_seconds"] where which != "metric" {
                if let place = table.place(of: key) { problem(place.line, place.column, "`\(key)` goes with a `metric`") }
            }
            for key in AdaptiveRulesReader.streamKeys where which != "stream" && which != "stream_type" {
                if let place = table.place(of: key) { problem(place.line, place.column, "`\(key)` goes with a `stream` or `stream_type`") }
            }
            switch which {
            case "metric":
                guard let text = value.string, let read = AdaptiveRule.Metric(rawValue: text) else {
                    problem(value, "`metric` is one of " + AdaptiveRule.Metric.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ") + " (found `\(value.text)`)")
                    return nil
                }
                if !scenario.plugins.contains(read.task) {
                    problem(value, "`\(read.rawValue)` reads the \(read.task) task, which \(scenario.path) does not run")
                }
                guard let window = table["window_seconds"] else {
                    problem(table.line, table.column, "a `metric` rule needs `window_seconds`, the span of scenario time its figure covers")
                    return nil
                }
                return seconds(window, "window_seconds", 1...AdaptiveRulesReader.longestSeconds).map { .metric(read, windowSeconds: $0) }
            case "key":
                guard let text = value.string, KeyNames.isKeyboardKey(text) || KeyNames.isJoystickKey(text) else {
                    problem(value, "`key` is a key or joystick button as scenarios name them (`A`, `SPACE`, `F1`, `JOY_BTN_1`…) (found `\(value.text)`)")
                    return nil
                }
                if let listener = TaskKeys.listener(of: text, in: scenario, catalog: catalog) {
                    problem(value, "`key` \(text) is what \(listener) listens to: one press would do both; choose a key no task uses")
                    return nil
                }
                return .request(key: text)
            case "button":
                guard let text = value.string, !text.isEmpty, text.count <= AdaptiveRulesReader.longestButtonLabel, !text.contains(where: \.isNewline) else {
                    problem(value, "`button` is the on-screen button's label, 1 to \(AdaptiveRulesReader.longestButtonLabel) characters on one line (found `\(value.text)`)")
                    return nil
                }
                return .button(label: text)
            default:
                return stream(table, lookup: which == "stream" ? .name : .type, value: value)
            }
        }

        /// A stream trigger's settings, each in its range.
        mutating func stream(_ table: Table, lookup: AdaptiveRule.Stream.Lookup, value: Value) -> AdaptiveRule.Trigger? {
            let before = problems.count
            guard let text = value.string, !text.isEmpty, !text.contains(where: { $0.isNewline || $0 == "," || $0 == ":" }) else {
                problem(value, "`\(lookup == .name ? "stream" : "stream_type")` is the stream's \(lookup.rawValue), text without commas, colons or line breaks")
                return nil
            }
            var stream = AdaptiveRule.Stream(lookup: lookup, value: text)
            if let channel = table["channel"] {
                if case .integer(let number) = channel.kind, (0...1023).contains(number) { stream.channel = number } else {
                    problem(channel, "`channel` is the channel's index, a whole number from 0 to 1023 (found `\(channel.text)`)")
                }
            }
            if let read = table["smoothing_seconds"].flatMap({ seconds($0, "smoothing_seconds", 0...AdaptiveRulesReader.longestSeconds) }) {
                stream.smoothingSeconds = read
            }
            if let read = table["quiet_seconds"].flatMap({ seconds($0, "quiet_seconds", 0.1...AdaptiveRulesReader.longestSeconds) }) {
                stream.quietSeconds = read
            }
            if let read = table["wait_seconds"].flatMap({ seconds($0, "wait_seconds", 0...600) }) { stream.waitSeconds = read }
            if let fallback = table["fallback"] {
                if let text = fallback.string, let read = AdaptiveRule.Stream.Fallback(rawValue: text) { stream.fallback = read } else {
                    problem(fallback, "`fallback` is what the rule does when its stream goes quiet: `engage`, `release` or `hold` (found `\(fallback.text)`)")
                }
            }
            if let missing = table["missing"] {
                switch missing.string {
                case "fallback": stream.refusesWhenMissing = false
                case "refuse": stream.refusesWhenMissing = true
                default: problem(missing, "`missing` is what happens when the stream is not found in `wait_seconds`: `fallback` (start, and fall back) or `refuse` (start nothing) (found `\(missing.text)`)")
                }
            }
            return problems.count == before ? .stream(stream) : nil
        }

        /// The engage and release thresholds, one pair, whose hysteresis is the right way round.
        mutating func thresholds(_ table: Table, into rule: inout AdaptiveRule) {
            var numbers: [String: Double] = [:]
            for key in ["engage_above", "engage_below", "release_above", "release_below"] {
                guard let value = table[key] else { continue }
                if let number = value.number, number.isFinite { numbers[key] = number } else { problem(value, "`\(key)` is a number (found `\(value.text)`)") }
            }
            switch (numbers["engage_above"], numbers["engage_below"], numbers["release_above"], numbers["release_below"]) {
            case (let engage?, nil, nil, let release?):
                rule.direction = .above
                rule.engageThreshold = engage
                rule.releaseThreshold = release
                if release > engage, let value = table["release_below"] {
                    problem(value, "`release_below` (\(value.text)) is above `engage_above` (\(table["engage_above"]?.text ?? "")): the rule would switch at every evaluation; release at or below where it engages")
                }
            case (nil, let engage?, let release?, nil):
                rule.direction = .below
                rule.engageThreshold = engage
                rule.releaseThreshold = release
                if release < engage, let value = table["release_above"] {
                    problem(value, "`release_above` (\(value.text)) is below `engage_below` (\(table["engage_below"]?.text ?? "")): the rule would switch at every evaluation; release at or above where it engages")
                }
            default:
                if problems.last?.line != table.line {
                    problem(table.line, table.column, "a `metric` or stream rule gives `engage_above` with `release_below` (a figure that rises with load), or `engage_below` with `release_above` (one that falls)")
                }
            }
        }

        /// What a rule does when it engages (or releases): its commands, a workload level's
        /// parameters, a message; at least one of them.
        mutating func actions(_ table: Table, _ key: String) -> (commands: [ScenarioEvent], message: String?) {
            var texts: [String] = []
            var place: Value?
            if let value = table[key] {
                place = value
                if let text = value.string, !text.isEmpty { texts += text.split(separator: "|").map { $0.trimmingSpacesAndTabs() } } else {
                    problem(value, "`\(key)` is text: commands as scenario lines write them after the time, `|` between two")
                }
            }
            if let value = table[key + "_level"] {
                place = place ?? value
                if let level = value.number, level >= 0, level <= 1 {
                    let commands = ScenarioGenerator.levelCommands(level, tasks: scenario.plugins)
                    if commands.isEmpty { problem(value, "`\(key)_level` sets tracking's and resources management's difficulty, and \(scenario.path) runs neither") }
                    texts += commands
                } else {
                    problem(value, "`\(key)_level` is a difficulty on labkiosk generate's scale, from 0 to 1 (found `\(value.text)`)")
                }
            }
            var message: String?
            if let value = table[key + "_message"] {
                if let text = value.string, !text.isEmpty, text.count <= AdaptiveRulesReader.longestMessage, !text.contains(where: \.isNewline) { message = text } else {
                    problem(value, "`\(key)_message` is one line the participant reads, 1 to \(AdaptiveRulesReader.longestMessage) characters (found `\(value.text)`)")
                }
            }
            if place == nil && message == nil && table[key + "_message"] == nil {
                problem(table.line, table.column, "a [[rule]] needs what it does when it \(key)s: `\(key)` (commands as scenario lines write them after the time, "
                        + "`track;automaticsolver;True`), `\(key)_level` or `\(key)_message`")
            }
            guard let place, !texts.isEmpty else { return ([], message) }
            return (commands(texts, key: key, at: place), message)
        }

        /// Commands as scenario lines write them after the time, checked as scenario lines are.
        mutating func commands(_ texts: [String], key: String, at value: Value) -> [ScenarioEvent] {
            let lines = texts.map { "0:00:00;" + $0 }
            let validator = ScenarioValidator(catalog: catalog, context: .noFiles, rules: [])
            switch validator.validate(Array((lines.joined(separator: "\n") + "\n").utf8), path: file, wholeScenario: false) {
            case .success(let parsed):
                for event in parsed.events where event.plugin != "system" && !scenario.plugins.contains(event.plugin) {
                    problem(value, "`\(key)` commands the \(event.plugin) task, which \(scenario.path) does not run")
                }
                return parsed.events.map { event in
                    var placed = event
                    placed.lineNumber = value.line
                    return placed
                }
            case .failure(let errors):
                for diagnostic in errors.diagnostics {
                    problem(value, "`\(key)` command \(diagnostic.line): \(diagnostic.message)")
                }
                return []
            }
        }
    }
}
