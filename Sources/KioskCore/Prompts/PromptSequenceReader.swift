/// Reads a prompt sequence file (docs/prompts.md) and checks it: every problem at once, each
/// at the line and column of the key, value or table it concerns, saying what was expected.
public enum PromptSequenceReader {
    static let rootKeys = ["title", "trial_order", "pause_every", "repeat", "lab_streaming_layer", "parallel_port"]
    static let preparationKeys = ["text", "image"]
    static let helpKeys = ["question", "answer"]
    static let phaseKeys = ["name", "text", "image", "speech", "seconds", "until", "marker", "code"]
    static let tableNames = ["preparation", "help", "phase", "trial"]
    /// A day: longer phases are typing mistakes, and nanoseconds of it must fit in 64 bits.
    static let longestPhaseSeconds = 86_400.0
    /// The most `repeat` and `pause_every` may be: far more than a person goes through, and few
    /// enough that a sequence's trials always fit in memory.
    static let largestCount = 1_000

    public static func read(_ text: String, file: String) -> Result<PromptSequence, ScenarioErrors> {
        switch TOMLDocument.parse(text, file: file, what: "a sequence file") {
        case .success(let document):
            var reading = Reading(file: file)
            let sequence = reading.sequence(from: document)
            if reading.problems.isEmpty, let sequence { return .success(sequence) }
            return .failure(ScenarioErrors(diagnostics: reading.problems))
        case .failure(let errors): return .failure(errors)
        }
    }

    /// One file's reading, collecting its problems.
    private struct Reading {
        typealias Place = (line: Int, column: Int)
        typealias Table = TOMLDocument.Table
        let file: String
        var problems: [ScenarioDiagnostic] = []

        mutating func problem(_ at: Place, _ message: String) {
            problems.append(ScenarioDiagnostic(file: file, line: at.line, column: at.column, severity: .error, message: message))
        }

        /// A list of keys for messages: "`a`, `b` and `c`".
        static func listed(_ keys: [String]) -> String {
            let quoted = keys.map { "`\($0)`" }
            guard let last = quoted.last, quoted.count > 1 else { return quoted.first ?? "" }
            return quoted.dropLast().joined(separator: ", ") + " and " + last
        }

        mutating func sequence(from document: TOMLDocument) -> PromptSequence? {
            var sequence = PromptSequence(phases: [])
            readRoot(document.root, into: &sequence)
            for name in document.order {
                let known = PromptSequenceReader.tableNames.contains(name)
                if let table = document.tables[name] {
                    problem((table.line, table.column), known ? "[\(name)] is written [[\(name)]], one table per \(name)"
                                                              : "unknown table [\(name)]; a sequence has \(Self.tables)")
                } else if !known, let table = document.arrays[name]?.first {
                    problem((table.line, table.column), "unknown table [[\(name)]]; a sequence has \(Self.tables)")
                }
            }
            sequence.preparation = (document.arrays["preparation"] ?? []).compactMap { preparationStep($0) }
            sequence.help = (document.arrays["help"] ?? []).compactMap { helpItem($0) }
            let trialTables = document.arrays["trial"] ?? []
            let trials = trialTables.map { trial($0) }
            sequence.trials = trials.isEmpty ? [PromptTrial(variables: [])] : trials

            let phaseTables = document.arrays["phase"] ?? []
            if phaseTables.isEmpty { problem((1, 1), "a sequence needs at least one [[phase]], with its `name`, what it shows and how long it lasts") }
            var namedAt: [String: Int] = [:]
            var imagePlaces: [Place?] = []
            for table in phaseTables {
                let read = phase(table)
                if let name = table["name"]?.string, !name.isEmpty {
                    if let earlier = namedAt[name] {
                        problem(table.place(of: "name") ?? (table.line, table.column), "a phase named `\(name)` is already at line \(earlier); phase names are unique")
                    } else {
                        namedAt[name] = table.line
                    }
                }
                checkVariables(of: table, definedBy: trials, trialTables: trialTables)
                if let read {
                    sequence.phases.append(read.phase)
                    imagePlaces.append(read.imagePlace)
                }
            }
            // In reading order, as an editor lists them.
            problems = problems.enumerated().sorted { a, b in
                (a.element.line, a.element.column, a.offset) < (b.element.line, b.element.column, b.offset)
            }.map(\.element)
            guard problems.isEmpty else { return nil }
            sequence.images = Self.images(of: sequence, preparation: document.arrays["preparation"] ?? [], phaseImagePlaces: imagePlaces)
            return sequence
        }

        static let tables = "[[preparation]], [[help]], [[phase]] and [[trial]]"

        mutating func readRoot(_ root: Table, into sequence: inout PromptSequence) {
            for entry in root.entries where !PromptSequenceReader.rootKeys.contains(entry.key) {
                problem((entry.line, entry.column),
                        "unknown key `\(entry.key)` at the top of the file; it takes \(Self.listed(PromptSequenceReader.rootKeys)), then tables")
            }
            if let value = root["title"] {
                if let title = value.string {
                    sequence.title = title
                    if let titleProblem = ScreenTitle.problem(title) { problem((value.line, value.column), titleProblem) }
                } else { problem((value.line, value.column), "`title` is a string, e.g. title = \"Guided imagery\"") }
            }
            if let value = root["trial_order"] {
                if let name = value.string, let order = PromptTrialOrder(rawValue: name) { sequence.trialOrder = order } else {
                    problem((value.line, value.column), "unknown `trial_order` \(value.string.map { "\"\($0)\"" } ?? value.text); expected \"file\" or \"shuffle\"")
                }
            }
            if let count = wholeNumber(root, "pause_every", "`pause_every` is a whole number of trials, 0 to \(PromptSequenceReader.largestCount) (0 never pauses)") {
                sequence.pauseEvery = count
            }
            if let count = wholeNumber(root, "repeat", "`repeat` is how many times the [[trial]] list runs, a whole number from 0 to \(PromptSequenceReader.largestCount)") {
                sequence.passes = count
            }
            for key in ["lab_streaming_layer", "parallel_port"] {
                guard let value = root[key] else { continue }
                guard let on = value.boolean else {
                    problem((value.line, value.column), "`\(key)` is true or false")
                    continue
                }
                if key == "parallel_port" { sequence.parallelPort = on } else { sequence.labStreamingLayer = on }
            }
        }

        mutating func wholeNumber(_ table: Table, _ key: String, _ expected: String) -> Int? {
            guard let value = table[key] else { return nil }
            guard case .integer(let count) = value.kind, (0...PromptSequenceReader.largestCount).contains(count) else {
                problem((value.line, value.column), expected)
                return nil
            }
            return count
        }

        mutating func unknownKeys(of table: Table, allowed: [String], in name: String) {
            for entry in table.entries where !allowed.contains(entry.key) {
                problem((entry.line, entry.column), "unknown key `\(entry.key)` in [[\(name)]]; it takes \(Self.listed(allowed))")
            }
        }

        /// A non-empty string, or nil (with a problem if it is there but not one).
        mutating func string(_ table: Table, _ key: String) -> String? {
            guard let value = table[key] else { return nil }
            guard let text = value.string, !text.isEmpty else {
                problem((value.line, value.column), value.string == nil ? "`\(key)` is a string in quotes, e.g. \(key) = \"…\"" : "`\(key)` is empty; give it a value or leave the key out")
                return nil
            }
            return text
        }

        mutating func template(_ table: Table, _ key: String) -> PromptTemplate? {
            guard let text = string(table, key), let value = table[key] else { return nil }
            do {
                return try PromptTemplate(parsing: text)
            } catch {
                problem((value.line, value.column + 1 + error.offset), error.message)
                return nil
            }
        }

        mutating func preparationStep(_ table: Table) -> PromptPreparationStep? {
            unknownKeys(of: table, allowed: PromptSequenceReader.preparationKeys, in: "preparation")
            let step = PromptPreparationStep(text: string(table, "text"), image: string(table, "image"))
            guard step.text != nil || step.image != nil else {
                if table["text"] == nil && table["image"] == nil { problem((table.line, table.column), "a [[preparation]] step needs `text`, `image` or both") }
                return nil
            }
            return step
        }

        mutating func helpItem(_ table: Table) -> PromptHelpItem? {
            unknownKeys(of: table, allowed: PromptSequenceReader.helpKeys, in: "help")
            let question = string(table, "question"), answer = string(table, "answer")
            for (key, value) in [("question", question), ("answer", answer)] where value == nil && table[key] == nil {
                problem((table.line, table.column), "this [[help]] needs `\(key)`")
            }
            guard let question, let answer else { return nil }
            return PromptHelpItem(question: question, answer: answer)
        }

        mutating func trial(_ table: Table) -> PromptTrial {
            var variables: [PromptTrial.Variable] = []
            for entry in table.entries {
                guard entry.key.allSatisfy(PromptTemplate.isNameCharacter) else {
                    problem((entry.line, entry.column), "`\(entry.key)` cannot be a variable's name; names are letters, digits, `_` and `-`")
                    continue
                }
                variables.append(PromptTrial.Variable(name: entry.key, value: entry.value.text))
            }
            return PromptTrial(variables: variables, line: table.line)
        }

        mutating func phase(_ table: Table) -> (phase: PromptPhase, imagePlace: Place?)? {
            let header = (line: table.line, column: table.column)
            unknownKeys(of: table, allowed: PromptSequenceReader.phaseKeys, in: "phase")
            let name = string(table, "name")
            if name == nil && table["name"] == nil { problem(header, "this [[phase]] needs a `name`, e.g. name = \"close\"") }
            let text = template(table, "text"), image = template(table, "image"), speech = template(table, "speech")
            let marker = template(table, "marker")
            if table["text"] == nil && table["image"] == nil && table["speech"] == nil {
                problem(header, "a [[phase]] needs `text`, `image` or `speech`: something to show or say")
            }
            var code: UInt8?
            if let value = table["code"] {
                if case .integer(let number) = value.kind, (1...255).contains(number) { code = UInt8(number) } else {
                    problem((value.line, value.column), "`code` is the parallel-port byte, a whole number from 1 to 255")
                }
            }
            let ending = self.ending(table, header: header, hasSpeech: table["speech"] != nil)
            guard let name, let ending else { return nil }
            let place = table["image"].map { (line: $0.line, column: $0.column) }
            return (PromptPhase(name: name, text: text, image: image, speech: speech, ending: ending, marker: marker, code: code, line: table.line), place)
        }

        mutating func ending(_ table: Table, header: Place, hasSpeech: Bool) -> PromptPhase.Ending? {
            switch (table["seconds"], table["until"]) {
            case (nil, nil):
                problem(header, "a [[phase]] needs `seconds = N` or `until = \"speech\"` or `until = \"continue\"`, to say when it ends")
                return nil
            case (.some, .some(let until)):
                problem((until.line, until.column), "give either `seconds` or `until`, not both")
                return nil
            case (.some(let seconds), nil):
                guard let number = seconds.number, number > 0, number <= PromptSequenceReader.longestPhaseSeconds else {
                    problem((seconds.line, seconds.column), "`seconds` is a number of seconds above 0 (and at most a day), e.g. seconds = 5")
                    return nil
                }
                return .seconds(number)
            case (nil, .some(let until)):
                switch until.string {
                case "speech":
                    guard hasSpeech else {
                        problem((until.line, until.column), "`until = \"speech\"` ends the phase when its speech ends; give the phase `speech`")
                        return nil
                    }
                    return .speechEnds
                case "continue": return .participantContinues
                default:
                    problem((until.line, until.column), "`until` is \"speech\" (the phase ends when its speech ends) or \"continue\" (the participant continues)")
                    return nil
                }
            }
        }

        /// Every `{name}` of the phase's values must be defined by every trial.
        mutating func checkVariables(of table: Table, definedBy trials: [PromptTrial], trialTables: [Table]) {
            for key in ["text", "image", "speech", "marker"] {
                guard let value = table[key], let raw = value.string, let template = try? PromptTemplate(parsing: raw) else { continue }
                for name in template.variables {
                    let place = (line: value.line, column: value.column + 1 + Self.offset(of: "{\(name)}", in: raw))
                    guard !trialTables.isEmpty else {
                        problem(place, "`{\(name)}` needs a value, but there are no [[trial]] tables to give one")
                        continue
                    }
                    let lacking = trials.filter { trial in !trial.variables.contains { $0.name == name } }.map(\.line)
                    guard let first = lacking.first else { continue }
                    let lines = lacking.count == 1 ? "line \(first)" : "lines " + lacking.map(String.init).joined(separator: ", ")
                    problem(place, "`{\(name)}` is not defined in the [[trial]] at \(lines); every trial needs `\(name) = …`")
                }
            }
        }

        /// Characters from the start of `text` to the first `needle`; 0 when it is not there.
        static func offset(of needle: String, in text: String) -> Int {
            let haystack = Array(text), wanted = Array(needle)
            guard wanted.count <= haystack.count else { return 0 }
            for start in 0...(haystack.count - wanted.count) where Array(haystack[start..<start + wanted.count]) == wanted { return start }
            return 0
        }

        static func images(of sequence: PromptSequence, preparation: [Table], phaseImagePlaces: [Place?]) -> [PromptImageReference] {
            var references: [PromptImageReference] = []
            func add(_ reference: PromptImageReference) {
                if !references.contains(reference) { references.append(reference) }
            }
            for (step, table) in zip(sequence.preparation, preparation) {
                if let path = step.image, let value = table["image"] { add(PromptImageReference(path: path, line: value.line, column: value.column)) }
            }
            for (phase, place) in zip(sequence.phases, phaseImagePlaces) {
                guard let image = phase.image, let place else { continue }
                for trial in sequence.trials { add(PromptImageReference(path: image.filled(with: trial.values), line: place.line, column: place.column)) }
            }
            return references
        }
    }
}
