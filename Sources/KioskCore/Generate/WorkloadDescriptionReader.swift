/// Reads a workload description (docs/generate.md): a TOML file of top-level settings and one
/// `[[block]]` table per block. Every problem at once, each at the line and column of the key
/// or value it concerns, saying what was expected.
public enum WorkloadDescriptionReader {
    static let rootKeys = ["name", "seed", "refractory_seconds", "own_share", "prompt_seconds", "alert_timeout_ms", "order"]
    static let blockKeys = ["title", "seconds"] + WorkloadDescription.Task.allCases.map(\.rawValue)
    /// A day of blocks: longer is a typing mistake, and far longer than any session.
    static let longestSeconds = 86_400
    static let mostBlocks = 100
    /// Seeds are whole numbers a TOML integer and a double both hold exactly.
    static let largestSeed = 1 << 53

    /// - Parameter defaultName: the name when the file gives none (the file's stem).
    public static func read(_ text: String, file: String, defaultName: String) -> Result<WorkloadDescription, ScenarioErrors> {
        let document: TOMLDocument
        switch TOMLDocument.parse(text, file: file, what: "a workload description") {
        case .success(let parsed): document = parsed
        case .failure(let errors): return .failure(errors)
        }
        var reading = Reading(file: file)
        let description = reading.description(from: document, defaultName: defaultName)
        if reading.problems.isEmpty, let description { return .success(description) }
        // Found table by table, settings last; listed in the file's order (at one place, as found).
        let inFileOrder = reading.problems.enumerated().sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }
        return .failure(ScenarioErrors(diagnostics: inFileOrder.map(\.element)))
    }

    /// Whether a TOML file `check` was given is a workload description rather than a plan: no
    /// `[study]`, and `[[block]]` tables without a `kind`.
    public static func looksLikeDescription(_ document: TOMLDocument) -> Bool {
        guard document.tables["study"] == nil, let blocks = document.arrays["block"], !blocks.isEmpty else { return false }
        return blocks.allSatisfy { $0["kind"] == nil }
    }

    /// Whether a name can name files as it is: letters, digits, `.`, `_` and `-`, not
    /// starting with a dot, at most 64 characters.
    public static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)) }
    }

    private struct Reading {
        typealias Table = TOMLDocument.Table
        typealias Value = TOMLDocument.Value
        let file: String
        var problems: [ScenarioDiagnostic] = []

        mutating func problem(_ line: Int, _ column: Int, _ message: String) {
            problems.append(ScenarioDiagnostic(file: file, line: line, column: column, severity: .error, message: message))
        }

        mutating func problem(_ value: Value, _ message: String) { problem(value.line, value.column, message) }

        /// A whole number in `range`, or nil with a problem at the value.
        mutating func whole(_ value: Value, _ key: String, _ range: ClosedRange<Int>, _ meaning: String) -> Int? {
            if case .integer(let number) = value.kind, range.contains(number) { return number }
            problem(value, "`\(key)` is \(meaning), a whole number from \(range.lowerBound) to \(range.upperBound) (found `\(value.text)`)")
            return nil
        }

        /// A number in 0…1, or nil with a problem at the value.
        mutating func unit(_ value: Value, _ key: String, _ meaning: String) -> Double? {
            if let number = value.number, number >= 0, number <= 1 { return number }
            problem(value, "`\(key)` is \(meaning), a number from 0 to 1 (found `\(value.text)`)")
            return nil
        }

        mutating func unknownKeys(of table: Table, allowed: [String], in place: String) {
            for entry in table.entries where !allowed.contains(entry.key) {
                problem(entry.line, entry.column, "unknown key `\(entry.key)` \(place); it takes " + allowed.map { "`\($0)`" }.joined(separator: ", "))
            }
        }

        mutating func description(from document: TOMLDocument, defaultName: String) -> WorkloadDescription? {
            let root = document.root
            unknownKeys(of: root, allowed: WorkloadDescriptionReader.rootKeys, in: "at the top of a workload description")
            for name in document.order where name != "block" {
                let table = document.tables[name] ?? document.arrays[name]?.first
                problem(table?.line ?? 1, table?.column ?? 1, "unknown table `\(name)`; a workload description has its settings at the top and one [[block]] per block")
            }
            if let table = document.tables["block"] { problem(table.line, table.column, "[block] is written [[block]], one table per block") }

            var name = defaultName
            if let value = root["name"] {
                if let text = value.string, WorkloadDescriptionReader.isSafeName(text) { name = text } else {
                    problem(value, "`name` names the scenario's files: letters, digits, `.`, `_` and `-`, at most 64, not starting with a dot (found `\(value.text)`)")
                }
            } else if !WorkloadDescriptionReader.isSafeName(name) {
                problem(1, 1, "the file's name `\(name)` cannot name the scenario's files; give a `name` (letters, digits, `.`, `_` and `-`)")
            }
            var seed: UInt64 = 1
            if let value = root["seed"], let read = whole(value, "seed", 0...WorkloadDescriptionReader.largestSeed, "the seed of every draw") {
                seed = UInt64(read)
            }
            var blocks: [WorkloadDescription.Block] = []
            let tables = document.arrays["block"] ?? []
            if tables.isEmpty && document.tables["block"] == nil {
                problem(1, 1, "a workload description needs at least one [[block]], with its `seconds` and a difficulty for each task it runs")
            }
            if tables.count > WorkloadDescriptionReader.mostBlocks, let table = tables.dropFirst(WorkloadDescriptionReader.mostBlocks).first {
                problem(table.line, table.column, "at most \(WorkloadDescriptionReader.mostBlocks) blocks")
            }
            for table in tables.prefix(WorkloadDescriptionReader.mostBlocks) {
                if let block = block(table) { blocks.append(block) }
            }
            let total = blocks.reduce(0) { $0 + $1.seconds }
            if total > WorkloadDescriptionReader.longestSeconds, let table = tables.last {
                problem(table.line, table.column, "the blocks last \(total) s in all, more than a day (\(WorkloadDescriptionReader.longestSeconds) s)")
            }
            var description = WorkloadDescription(name: name, seed: seed, blocks: blocks)
            if let value = root["refractory_seconds"],
               let read = whole(value, "refractory_seconds", 0...60, "the seconds kept free after a failure or prompt") { description.refractorySeconds = read }
            if let value = root["own_share"], let read = unit(value, "own_share", "the share of prompts for the own callsign") { description.ownShare = read }
            if let value = root["prompt_seconds"], let read = whole(value, "prompt_seconds", 1...120, "a prompt's length") { description.promptSeconds = read }
            if let value = root["alert_timeout_ms"],
               let read = whole(value, "alert_timeout_ms", 1000...600_000, "system monitoring's `alerttimeout` in milliseconds") {
                description.alertTimeoutMilliseconds = read
            }
            if let value = root["order"] {
                if let text = value.string, let order = WorkloadDescription.Order(rawValue: text) { description.order = order } else {
                    problem(value, "`order` is how a plan orders the blocks: " + WorkloadDescription.Order.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
                                   + " (found `\(value.text)`)")
                }
            }
            // Each event must fit its block at least once, or a difficulty above 0 would give none.
            for (table, block) in zip(tables, blocks) {
                let slot = description.eventSeconds(of: .sysmon)
                if block.difficulties[.sysmon] != nil, block.seconds < slot, let place = table.place(of: "seconds") {
                    problem(place.line, place.column, "a block with system monitoring lasts at least \(slot) s, a failure's time to answer and the refractory time")
                }
            }
            return problems.isEmpty ? description : nil
        }

        mutating func block(_ table: Table) -> WorkloadDescription.Block? {
            unknownKeys(of: table, allowed: WorkloadDescriptionReader.blockKeys, in: "in a [[block]]")
            var block = WorkloadDescription.Block(seconds: 0, difficulties: [:])
            var valid = true
            if let value = table["title"] {
                if let text = value.string, WorkloadDescriptionReader.isSafeName(text) { block.title = text } else {
                    problem(value, "`title` names the block's scenario file: letters, digits, `.`, `_` and `-`, at most 64 (found `\(value.text)`)")
                    valid = false
                }
            }
            if let value = table["seconds"] {
                if let seconds = whole(value, "seconds", 10...WorkloadDescriptionReader.longestSeconds, "the block's length") { block.seconds = seconds } else { valid = false }
            } else {
                problem(table.line, table.column, "a [[block]] needs `seconds`, its length")
                valid = false
            }
            for task in WorkloadDescription.Task.allCases {
                guard let value = table[task.rawValue] else { continue }
                if let difficulty = unit(value, task.rawValue, "\(task.rawValue)'s difficulty") { block.difficulties[task] = difficulty } else { valid = false }
            }
            if block.difficulties.isEmpty, !table.keys.contains(where: { WorkloadDescription.Task(rawValue: $0) != nil }) {
                problem(table.line, table.column, "a [[block]] runs at least one task: give a difficulty for "
                        + WorkloadDescription.Task.allCases.map { "`\($0.rawValue)`" }.joined(separator: ", "))
                valid = false
            }
            return valid ? block : nil
        }
    }
}
