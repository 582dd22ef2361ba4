import KioskCore
import TOMLKit

/// Reads a study plan written in TOML (docs/plans.md) with TOMLKit, and checks its shape:
/// every problem at once, each at the line and column of the key or table it concerns.
public enum PlanReader {
    public static func read(_ text: String, file: String) -> Result<Plan, ScenarioErrors> {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            return .failure(ScenarioErrors(diagnostics: [ScenarioDiagnostic(
                file: file, line: error.source.begin.line, column: error.source.begin.column, severity: .error,
                message: "not valid TOML: \(error.description)")]))
        } catch {
            return .failure(ScenarioErrors(diagnostics: [ScenarioDiagnostic(file: file, line: 0, column: 0, severity: .error, message: "\(error)")]))
        }
        let places = PlanKeyLocations(text)
        var problems: [ScenarioDiagnostic] = []
        func problem(_ at: (line: Int, column: Int), _ message: String) {
            problems.append(ScenarioDiagnostic(file: file, line: at.line, column: at.column, severity: .error, message: message))
        }

        for key in table.keys where !["study", "block", "counterbalance"].contains(key) {
            problem(places.top(key), "unknown table or key `\(key)`; a plan has [study], [[block]] and [counterbalance]")
        }
        var studyName = ""
        if let study = table["study"]?.table {
            if let name = study["name"]?.string, !name.isEmpty { studyName = name } else { problem(places.key("name", in: "study") ?? places.top("study"), "[study] needs a `name`, e.g. name = \"workload-pilot\"") }
            for key in study.keys where key != "name" { problem(places.key(key, in: "study") ?? places.top("study"), "unknown key `\(key)` in [study]; it has `name`") }
        } else {
            problem((1, 1), "a plan starts with [study] and its `name`")
        }

        var blocks: [PlanBlock] = []
        let blockTables = table["block"]?.array.map { Array($0) } ?? []
        if blockTables.isEmpty { problem((1, 1), "a plan needs at least one [[block]]") }
        for (index, value) in blockTables.enumerated() {
            guard let block = value.table else { continue }
            let here = places.block(index)
            func at(_ key: String) -> (line: Int, column: Int) { places.key(key, inBlock: index) ?? here }
            guard let kindText = block["kind"]?.string else {
                problem(here, "this [[block]] needs a `kind`: \(PlanBlockKind.allCases.map(\.rawValue).joined(separator: ", "))")
                continue
            }
            guard let kind = PlanBlockKind(rawValue: kindText) else {
                problem(at("kind"), "unknown block kind `\(kindText)`; expected one of \(PlanBlockKind.allCases.map(\.rawValue).joined(separator: ", "))")
                continue
            }
            var entry = PlanBlock(kind: kind, line: here.line)
            var allowed: Set<String> = ["kind", "group", "language", "speed"]
            if let fileKey = kind.fileKey {
                allowed.insert(fileKey)
                if let path = block[fileKey]?.string, !path.isEmpty {
                    entry.file = path
                    (entry.fileLine, entry.fileColumn) = at(fileKey)
                } else { problem(here, "a `\(kind.rawValue)` block needs `\(fileKey)`, the file it runs") }
            } else {
                allowed.formUnion(["seconds", "minimum-seconds"])
                let seconds = block["seconds"].flatMap(number), minimum = block["minimum-seconds"].flatMap(number)
                switch (seconds, minimum) {
                case (let s?, nil) where s > 0: entry.seconds = s
                case (nil, let m?) where m >= 0:
                    entry.seconds = m
                    entry.selfPaced = true
                default: problem(here, "a break needs either `seconds` (timed, > 0) or `minimum-seconds` (self-paced, ≥ 0)")
                }
            }
            if let group = block["group"] {
                if let name = group.string, !name.isEmpty { entry.group = name } else { problem(at("group"), "`group` is a name, e.g. group = \"conditions\"") }
            }
            if let language = block["language"] {
                if let code = language.string, let parsed = Language(rawValue: code) { entry.language = parsed } else {
                    problem(at("language"), "`language` is one of \(Language.allCases.map(\.rawValue).joined(separator: ", "))")
                }
            }
            if let speed = block["speed"] {
                if let value = number(speed), value > 0 { entry.speed = value } else { problem(at("speed"), "`speed` is a number above 0 (block seconds per real second)") }
            }
            for key in block.keys where !allowed.contains(key) {
                problem(at(key), "`\(key)` is not a setting of a `\(kind.rawValue)` block; it takes \(allowed.sorted().joined(separator: ", "))")
            }
            blocks.append(entry)
        }

        var counterbalance: [String: CounterbalanceMethod] = [:]
        if let table = table["counterbalance"]?.table {
            let groups = Set(blocks.compactMap(\.group))
            for key in table.keys {
                let at = places.key(key, in: "counterbalance") ?? places.top("counterbalance")
                guard let text = table[key]?.string, let method = CounterbalanceMethod(rawValue: text) else {
                    problem(at, "`\(key)` is ordered by one of \(CounterbalanceMethod.allCases.map(\.rawValue).joined(separator: ", "))")
                    continue
                }
                guard groups.contains(key) else {
                    problem(at, "no block is in group `\(key)`")
                    continue
                }
                counterbalance[key] = method
            }
        }
        if !problems.isEmpty { return .failure(ScenarioErrors(diagnostics: problems)) }
        return .success(Plan(studyName: studyName, blocks: blocks, counterbalance: counterbalance))
    }

    private static func number(_ value: any TOMLValueConvertible) -> Double? {
        value.double ?? value.int.map(Double.init)
    }
}

/// Where the keys and tables of a TOML plan are, found by reading its lines: TOMLKit gives
/// values, not their places. Good for the plain layout plans use (one key per line).
struct PlanKeyLocations {
    private var tables: [String: (line: Int, column: Int)] = [:]
    private var blocks: [(line: Int, column: Int)] = []
    private var keys: [String: (line: Int, column: Int)] = [:]

    init(_ text: String) {
        var section = ""
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.drop { $0 == " " || $0 == "\t" }
            let indent = raw.count - line.count
            let position = (line: index + 1, column: indent + 1)
            if line.hasPrefix("[[") {
                let name = line.dropFirst(2).prefix { $0 != "]" }.trimmingCharacters(in: " \t")
                if name == "block" {
                    section = "block#\(blocks.count)"
                    blocks.append(position)
                } else {
                    section = name
                    tables[name] = tables[name] ?? position
                }
            } else if line.hasPrefix("[") {
                section = line.dropFirst().prefix { $0 != "]" }.trimmingCharacters(in: " \t")
                tables[section] = tables[section] ?? position
            } else if let equals = line.firstIndex(of: "="), !line.hasPrefix("#") {
                let key = line[..<equals].trimmingCharacters(in: " \t").trimmingCharacters(in: "\"'")
                let scope = section.isEmpty ? key : "\(section).\(key)"
                keys[scope] = keys[scope] ?? position
            }
        }
    }

    func top(_ name: String) -> (line: Int, column: Int) { tables[name] ?? keys[name] ?? (1, 1) }
    func block(_ index: Int) -> (line: Int, column: Int) { index < blocks.count ? blocks[index] : (1, 1) }
    func key(_ key: String, in table: String) -> (line: Int, column: Int)? { keys["\(table).\(key)"] }
    func key(_ key: String, inBlock index: Int) -> (line: Int, column: Int)? { keys["block#\(index).\(key)"] }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        String(self).trimmingUnicodeScalars { set.unicodeScalars.contains($0) }
    }
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        trimmingUnicodeScalars { set.unicodeScalars.contains($0) }
    }
}
