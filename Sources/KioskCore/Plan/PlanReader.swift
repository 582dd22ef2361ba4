/// Reads a study plan (docs/plans.md) and checks its shape: every problem at once, each at
/// the line and column of the key or table it concerns.
public enum PlanReader {
    /// The plan, or every problem in it. `kinds` are the kinds of block a plan may name.
    public static func read(_ text: String, file: String, kinds: [PlanBlockKind]) -> Result<Plan, ScenarioErrors> {
        let (plan, problems) = readEveryBlock(text, file: file, kinds: kinds)
        guard let plan, problems.isEmpty else { return .failure(ScenarioErrors(diagnostics: problems)) }
        return .success(plan)
    }

    /// Every problem, and the plan as far as it could be read (nil when the text is not TOML):
    /// the blocks that have a known kind, so that their files can be checked too.
    public static func readEveryBlock(_ text: String, file: String, kinds: [PlanBlockKind]) -> (plan: Plan?, problems: [ScenarioDiagnostic]) {
        let document: TOMLDocument
        switch TOMLDocument.parse(text) {
        case .success(let parsed): document = parsed
        case .failure(let error):
            return (nil, [ScenarioDiagnostic(file: file, line: error.line, column: error.column, severity: .error,
                                             message: "not valid in a plan: \(error.message)")])
        }
        let kindNames = kinds.map(\.name).joined(separator: ", ")
        var problems: [ScenarioDiagnostic] = []
        func problem(_ at: (line: Int, column: Int), _ message: String) {
            problems.append(ScenarioDiagnostic(file: file, line: at.line, column: at.column, severity: .error, message: message))
        }

        for entry in document.root.entries {
            problem((entry.line, entry.column), "`\(entry.key)` belongs in a table; a plan has [study], [[visit]], [[block]] and [counterbalance]")
        }
        for name in document.order where !["study", "visit", "block", "counterbalance"].contains(name) {
            let table = document.tables[name] ?? document.arrays[name]?.first
            problem((table?.line ?? 1, table?.column ?? 1), "unknown table [\(name)]; a plan has [study], [[visit]], [[block]] and [counterbalance]")
        }
        if document.tables["block"] != nil { problem((document.tables["block"]!.line, 1), "blocks are written [[block]], one per block") }
        if document.tables["visit"] != nil { problem((document.tables["visit"]!.line, 1), "visits are written [[visit]], one per visit") }
        let visits = readVisits(document.arrays["visit"] ?? [], problem: problem)

        var studyName = ""
        var kiosk = false
        var timingCertificateMaxAgeDays: Int?
        var timingPatch: CornerPatchSettings?
        if let study = document.tables["study"] {
            if let name = study["name"]?.string, !name.isEmpty {
                if let problemText = Self.studyNameProblem(name) { problem(study.place(of: "name") ?? (study.line, study.column), problemText) }
                studyName = name
            } else {
                problem(study.place(of: "name") ?? (study.line, study.column), "[study] needs a `name`, e.g. name = \"workload-pilot\"")
            }
            if let value = study["kiosk"] {
                if let flag = value.boolean { kiosk = flag } else { problem(study.place(of: "kiosk") ?? (study.line, study.column), "`kiosk` is true or false") }
            }
            if let value = study["timing_certificate_max_age_days"] {
                if case .integer(let days) = value.kind, (1...3650).contains(days) {
                    timingCertificateMaxAgeDays = days
                } else {
                    problem((value.line, value.column), "`timing_certificate_max_age_days` is the oldest the kiosk's timing certificate may be, "
                        + "a whole number of days from 1 to 3650; got \(value.text)")
                }
            }
            timingPatch = readTimingPatch(study, problem: problem)
            for entry in study.entries where !(["name", "kiosk", "timing_certificate_max_age_days"] + timingPatchKeys).contains(entry.key) {
                problem((entry.line, entry.column), "unknown key `\(entry.key)` in [study]; it has `name`, `kiosk`, `timing_certificate_max_age_days`, "
                    + timingPatchKeys.map { "`\($0)`" }.joined(separator: ", "))
            }
        } else {
            problem((1, 1), "a plan starts with [study] and its `name`")
        }

        var blocks: [PlanBlock] = []
        let tables = document.arrays["block"] ?? []
        if tables.isEmpty && document.tables["block"] == nil { problem((1, 1), "a plan needs at least one [[block]]") }
        for table in tables {
            let here = (line: table.line, column: table.column)
            func at(_ key: String) -> (line: Int, column: Int) { table.place(of: key) ?? here }
            guard let kindText = table["kind"]?.string else {
                problem(table.place(of: "kind") ?? here, "this [[block]] needs a `kind`: \(kindNames)")
                continue
            }
            guard let kind = kinds.first(where: { $0.name == kindText }) else {
                problem(at("kind"), "unknown block kind `\(kindText)`; expected one of \(kindNames)")
                continue
            }
            var entry = PlanBlock(kind: kind, line: table.line)
            var allowed: Set<String> = ["kind", "group", "language", "speed", "visit", "flag_missed_refreshes", "timing_patch"]
            if let fileKey = kind.fileKey {
                allowed.insert(fileKey)
                if let path = table[fileKey]?.string, !path.isEmpty {
                    entry.file = path
                    (entry.fileLine, entry.fileColumn) = at(fileKey)
                } else {
                    problem(here, "a `\(kind.name)` block needs `\(fileKey)`, the file it runs")
                }
            } else {
                allowed.formUnion(["seconds", "minimum-seconds"])
                switch (table["seconds"]?.number, table["minimum-seconds"]?.number) {
                case (let s?, nil) where s > 0 && s <= PauseBlock.longestSeconds: entry.seconds = s
                case (nil, let m?) where m >= 0 && m <= PauseBlock.longestSeconds:
                    entry.seconds = m
                    entry.selfPaced = true
                default: problem(here, "a break needs either `seconds` (timed, above 0) or `minimum-seconds` (self-paced, 0 or more), at most 86400 (a day)")
                }
            }
            if let group = table["group"] {
                if let name = group.string, !name.isEmpty { entry.group = name } else { problem(at("group"), "`group` is a name, e.g. group = \"conditions\"") }
            }
            if let visit = table["visit"] {
                if let name = visit.string, visits.contains(where: { $0.name == name }) { entry.visit = name } else {
                    problem(at("visit"), visits.isEmpty ? "`visit` names one of the plan's [[visit]] tables, and it has none"
                        : "`visit` is one of the plan's visits: \(visits.map(\.name).joined(separator: ", "))")
                }
            } else if !visits.isEmpty {
                problem(here, "this plan has visits, so each block names the one it belongs to: visit = \"\(visits[0].name)\"")
            }
            if let language = table["language"] {
                if let code = language.string, let parsed = Language(rawValue: code) { entry.language = parsed } else {
                    problem(at("language"), "`language` is one of \(Language.allCases.map(\.rawValue).joined(separator: ", "))")
                }
            }
            if let speed = table["speed"] {
                if let value = speed.number, BlockSpeed.range.contains(value) { entry.speed = value } else {
                    problem(at("speed"), "`speed` is block seconds per real second, \(BlockSpeed.rangeText)")
                }
            }
            if let flag = table["flag_missed_refreshes"] {
                if let value = flag.boolean { entry.flagMissedRefreshes = value } else {
                    problem(at("flag_missed_refreshes"), "`flag_missed_refreshes` is true or false: whether a missed refresh flags the block's data")
                }
            }
            if let corner = table["timing_patch"] {
                if corner.string == "none" {
                    entry.timingPatchCorner = .some(nil)
                } else if let name = corner.string, let parsed = OnsetPatchCorner(rawValue: name) {
                    entry.timingPatchCorner = parsed
                } else {
                    problem(at("timing_patch"), "`timing_patch` is one of \(CornerPatchSettings.cornerNames) or \"none\", found \(corner.text)")
                }
            }
            if kind.takesRules, let rules = table["rules"] {
                allowed.insert("rules")
                if let path = rules.string, !path.isEmpty {
                    entry.rules = path
                    (entry.rulesLine, entry.rulesColumn) = at("rules")
                } else {
                    problem(at("rules"), "`rules` names the block's adaptive rules file")
                }
            }
            if kind.takesStickSettings {
                allowed.formUnion(PlanBlock.inputKeys)
                for key in PlanBlock.inputKeys {
                    guard let value = table[key] else { continue }
                    if let warning = SettingsReader.readInput(key: key, value: value.text, into: &entry.input) { problem(at(key), warning) }
                }
            }
            if kind.figures != .none {
                allowed.formUnion(["repeat_until", "max_repeats"])
                readCriterion(table, kind: kind, into: &entry, at: at, problem: problem)
            }
            for key in table.keys where !allowed.contains(key) {
                problem(at(key), "`\(key)` is not a setting of a `\(kind.name)` block; it takes \(allowed.sorted().joined(separator: ", "))")
            }
            blocks.append(entry)
        }

        var counterbalance: [String: CounterbalanceMethod] = [:]
        if let table = document.tables["counterbalance"] {
            let groups = Set(blocks.compactMap(\.group))
            for entry in table.entries {
                let at = (entry.line, entry.column)
                guard let text = entry.value.string, let method = CounterbalanceMethod(rawValue: text) else {
                    problem(at, "`\(entry.key)` is ordered by one of \(CounterbalanceMethod.allCases.map(\.rawValue).joined(separator: ", "))")
                    continue
                }
                guard groups.contains(entry.key) else {
                    problem(at, "no block is in group `\(entry.key)`")
                    continue
                }
                counterbalance[entry.key] = method
            }
        }
        for visit in visits where !blocks.contains(where: { $0.visit == visit.name }) {
            problem((visit.line, 1), "visit `\(visit.name)` has no block; a block joins it with visit = \"\(visit.name)\"")
        }
        for group in Set(blocks.compactMap(\.group)).sorted() {
            let groupVisits = Set(blocks.filter { $0.group == group }.compactMap(\.visit))
            if groupVisits.count > 1, let first = blocks.first(where: { $0.group == group }) {
                problem((first.line, 1), "group `\(group)` has blocks in visits \(groupVisits.sorted().joined(separator: " and ")); "
                    + "a counterbalanced group is ordered within one visit")
            }
        }
        var plan = Plan(studyName: studyName, blocks: blocks, counterbalance: counterbalance, kiosk: kiosk, visits: visits,
                        timingCertificateMaxAgeDays: timingCertificateMaxAgeDays)
        plan.timingPatch = timingPatch
        return (plan, problems)
    }

    static let timingPatchKeys = CornerPatchSettings.keys

    /// [study]'s corner patch keys; nil when it has none. The sensor may come from the
    /// machine's settings instead, so none is required here.
    private static func readTimingPatch(_ study: TOMLDocument.Table, problem: ((line: Int, column: Int), String) -> Void) -> CornerPatchSettings? {
        guard timingPatchKeys.contains(where: { study[$0] != nil }) else { return nil }
        var patch = CornerPatchSettings()
        for key in timingPatchKeys {
            guard let value = study[key] else { continue }
            if let why = patch.read(key: key, text: value.string ?? value.text, isString: value.string != nil) {
                problem(study.place(of: key) ?? (study.line, study.column), why)
            }
        }
        return patch
    }

    /// A practice block's `repeat_until` and `max_repeats`.
    private static func readCriterion(_ table: TOMLDocument.Table, kind: PlanBlockKind, into entry: inout PlanBlock,
                                      at: (String) -> (line: Int, column: Int), problem: ((line: Int, column: Int), String) -> Void) {
        if let value = table["repeat_until"] {
            let expected = RepeatCriterion.Problem(message: "expected a text, e.g. repeat_until = \"accuracy >= 0.8\"")
            switch value.string.map(RepeatCriterion.parse) ?? .failure(expected) {
            case .success(let criterion):
                if case .named(let names) = kind.figures, !names.contains(criterion.figure) {
                    problem(at("repeat_until"), "a `\(kind.name)` block reports \(names.joined(separator: ", ")); "
                        + "`\(criterion.figure)` is not one of them")
                } else {
                    entry.repeatUntil = criterion
                }
            case .failure(let failure): problem(at("repeat_until"), "`repeat_until`: \(failure.message)")
            }
        }
        if let value = table["max_repeats"] {
            if table["repeat_until"] == nil { problem(at("max_repeats"), "`max_repeats` goes with `repeat_until`, the criterion the block repeats until") }
            if case .integer(let runs) = value.kind, (1...PlanBlock.mostRuns).contains(runs) { entry.maxRuns = Int(runs) } else {
                problem(at("max_repeats"), "`max_repeats` is the most times the block runs in all, a whole number from 1 to \(PlanBlock.mostRuns), found \(value.text)")
            }
        }
    }

    /// The `[[visit]]` tables: each with a unique `name`, its `day` after the first visit (the
    /// first is day 0, later ones not earlier than the one before) and an optional `window_days`.
    /// The longest study name: it begins every session folder's name, and must show whole on
    /// the desk's study button and in its lists.
    static let longestStudyName = 60

    /// Why `name` cannot name a study: the roster keeps it on one line between tabs, and
    /// session folders begin with it.
    static func studyNameProblem(_ name: String) -> String? {
        if let scalar = name.unicodeScalars.first(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) {
            return "a study's name cannot hold control characters (U+\(String(scalar.value, radix: 16, uppercase: true))): the roster "
                + "keeps it on one line between tabs"
        }
        if name.count > longestStudyName || name.utf8.count > 200 {
            return "a study's name has \(name.count) characters; at most \(longestStudyName), to show whole on the desk and begin session folders' names"
        }
        return nil
    }

    private static func readVisits(_ tables: [TOMLDocument.Table], problem: ((line: Int, column: Int), String) -> Void) -> [PlanVisit] {
        var visits: [PlanVisit] = []
        for table in tables {
            let here = (line: table.line, column: table.column)
            func at(_ key: String) -> (line: Int, column: Int) { table.place(of: key) ?? here }
            func wholeNumber(_ key: String, in range: ClosedRange<Int>, _ meaning: String) -> Int? {
                guard let value = table[key] else { return nil }
                if let number = value.number, number == number.rounded(), number >= Double(range.lowerBound), number <= Double(range.upperBound) {
                    return Int(number)
                }
                problem(at(key), "`\(key)` is \(meaning), a whole number from \(range.lowerBound) to \(range.upperBound)")
                return nil
            }
            for key in table.keys where !["name", "day", "window_days"].contains(key) {
                problem(at(key), "`\(key)` is not a setting of a visit; it takes name, day, window_days")
            }
            guard let name = table["name"]?.string, !name.isEmpty else {
                problem(at("name"), "a [[visit]] needs a `name`, e.g. name = \"baseline\"")
                continue
            }
            if let problemText = ParticipantID.problem(name, what: "a visit's name") {
                problem(at("name"), problemText)
                continue
            }
            if visits.contains(where: { $0.name == name }) {
                problem(at("name"), "two visits are named `\(name)`")
                continue
            }
            guard table["day"] != nil || visits.isEmpty else {
                problem(here, "visit `\(name)` needs `day`, the days after the first visit it is due")
                continue
            }
            let readDay = wholeNumber("day", in: 0...PlanVisit.longestDay, "the days after the first visit")
            let day = readDay ?? 0
            let window = wholeNumber("window_days", in: 0...365, "the days either side of `day` the visit may run") ?? 0
            if visits.isEmpty, day != 0 { problem(at("day"), "the first visit is day 0: it fixes the others' days") }
            if let previous = visits.last, readDay != nil, day < previous.day {
                problem(at("day"), "visit `\(name)` is day \(day), before `\(previous.name)` (day \(previous.day)); visits are listed in order")
            }
            visits.append(PlanVisit(name: name, day: day, windowDays: window, line: table.line))
        }
        return visits
    }
}
