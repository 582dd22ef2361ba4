/// Reads a behaviour model (docs/simulate.md): every problem at once, each at the line and
/// column of the key or table it concerns, with what was expected. What the file leaves out
/// keeps ``BehaviourModel``'s defaults. ``BehaviourModel/problems(against:file:)`` then checks
/// it against the plan it drives.
public enum BehaviourModelReader {
    /// A key of a table: its name, what it takes, and the range a number must lie in.
    struct Key {
        var name: String
        var expected: String
        var range: ClosedRange<Double>?
        /// A count: a number with no fraction.
        var isWholeNumber = false
    }

    static let share = 0.0...1.0
    /// No response a model makes takes longer than a minute.
    static let milliseconds = 0.0...60_000.0
    static let responseTimeKeys = [
        Key(name: "rt_mu_ms", expected: "the normal part's mean, in milliseconds (0 to 60000)", range: milliseconds),
        Key(name: "rt_sigma_ms", expected: "the normal part's standard deviation, in milliseconds (0 to 60000)", range: milliseconds),
        Key(name: "rt_tau_ms", expected: "the exponential tail's mean, in milliseconds (0 to 60000)", range: milliseconds),
    ]
    static let judgementKeys = [
        Key(name: "accuracy", expected: "the share of right answers, 0 to 1", range: share),
        Key(name: "d_prime", expected: "a sensitivity d′ of 0 to 10 (instead of `accuracy`)", range: 0...10),
    ] + responseTimeKeys
    static let tables: [String: [Key]] = [
        "judge": judgementKeys + [Key(name: "learning_per_run", expected: "the accuracy gained each time a block runs again, 0 to 1", range: share)],
        "matb": matbKeys,
        "break": [
            Key(name: "rest_mu_ms", expected: "the normal part's mean of the rest taken past a self-paced break's minimum, in milliseconds (0 to 60000)", range: milliseconds),
            Key(name: "rest_sigma_ms", expected: "its standard deviation, in milliseconds (0 to 60000)", range: milliseconds),
            Key(name: "rest_tau_ms", expected: "its exponential tail's mean, in milliseconds (0 to 60000)", range: milliseconds),
        ],
        "questionnaire": [
            Key(name: "answer_mean", expected: "the mean answer, as a fraction of each scale from its minimum, 0 to 1", range: share),
            Key(name: "answer_sd", expected: "the answers' standard deviation, as a fraction of each scale, 0 to 1", range: share),
            Key(name: "action_mu_ms", expected: "the normal part's mean of the time each answer takes, in milliseconds (0 to 60000)", range: milliseconds),
            Key(name: "action_sigma_ms", expected: "its standard deviation, in milliseconds (0 to 60000)", range: milliseconds),
            Key(name: "action_tau_ms", expected: "its exponential tail's mean, in milliseconds (0 to 60000)", range: milliseconds),
            Key(name: "workload_weight", expected: "how far the answers follow the workload of the MATB block just run, 0 to 1", range: share),
        ],
        "pad": padKeys,
        "prompts": [
            Key(name: "rt_mu_ms", expected: "the normal part's mean of the time before going on from a screen that waits, in milliseconds (0 to 60000)", range: milliseconds),
            Key(name: "rt_sigma_ms", expected: "its standard deviation, in milliseconds (0 to 60000)", range: milliseconds),
            Key(name: "rt_tau_ms", expected: "its exponential tail's mean, in milliseconds (0 to 60000)", range: milliseconds),
        ],
        "screens": [
            Key(name: "read_mu_ms", expected: "the normal part's mean of the time a screen is read before going on, in milliseconds (0 to 60000)", range: milliseconds),
            Key(name: "read_sigma_ms", expected: "its standard deviation, in milliseconds (0 to 60000)", range: milliseconds),
            Key(name: "read_tau_ms", expected: "its exponential tail's mean, in milliseconds (0 to 60000)", range: milliseconds),
        ],
        "attendance": [
            Key(name: "late", expected: "the share of later visits run after their window closed, 0 to 1", range: share),
            Key(name: "late_days", expected: "the most days after its window a late visit runs, 1 to 365", range: 1...365),
            Key(name: "no_show", expected: "the share of participants who stop coming after some visit, 0 to 1", range: share),
        ],
        "consent": [
            Key(name: "decline", expected: "the share of participants who decline, 0 to 1", range: share),
            Key(name: "name", expected: "the name typed, 1 to 80 letters, spaces, hyphens, apostrophes or full stops", range: nil),
            Key(name: "action_mu_ms", expected: "the normal part's mean of each tap or key, in milliseconds (0 to 60000)", range: milliseconds),
            Key(name: "action_sigma_ms", expected: "its standard deviation, in milliseconds (0 to 60000)", range: milliseconds),
            Key(name: "action_tau_ms", expected: "its exponential tail's mean, in milliseconds (0 to 60000)", range: milliseconds),
        ],
    ]
    static let matbKeys = [
        Key(name: "track_gain", expected: "the stick's push per half reticle side the cursor is out, 0 to 100", range: 0...100),
        Key(name: "track_delay_ms", expected: "the time from seeing the cursor to moving the stick, in milliseconds (0 to 60000)", range: milliseconds),
        Key(name: "track_noise", expected: "the standard deviation of each push, in stick units, 0 to 1", range: share),
        Key(name: "track_interval_ms", expected: "the time between looks at the cursor, in milliseconds (10 to 60000)", range: 10...60_000),
        Key(name: "sysmon_detection", expected: "the share of system-monitoring failures noticed and answered, 0 to 1", range: share),
        Key(name: "sysmon_rt_mu_ms", expected: "the normal part's mean of the time to answer a failure, in milliseconds (0 to 60000)", range: milliseconds),
        Key(name: "sysmon_rt_sigma_ms", expected: "its standard deviation, in milliseconds (0 to 60000)", range: milliseconds),
        Key(name: "sysmon_rt_tau_ms", expected: "its exponential tail's mean, in milliseconds (0 to 60000)", range: milliseconds),
        Key(name: "comms_accuracy", expected: "the share of radio prompts answered with the right radio and frequency, 0 to 1", range: share),
        Key(name: "comms_rt_mu_ms", expected: "the normal part's mean of the time before answering a prompt, in milliseconds (0 to 60000)", range: milliseconds),
        Key(name: "comms_rt_sigma_ms", expected: "its standard deviation, in milliseconds (0 to 60000)", range: milliseconds),
        Key(name: "comms_rt_tau_ms", expected: "its exponential tail's mean, in milliseconds (0 to 60000)", range: milliseconds),
        Key(name: "resman_policy", expected: "\"target\" (pumps on below each target, off above) or \"none\"", range: nil),
        Key(name: "resman_interval_ms", expected: "the time between looks at the tanks, in milliseconds (10 to 60000)", range: 10...60_000),
        Key(name: "help_above", expected: "the share of recent looks with the tracking cursor out of its target above which the operator asks an adaptive rule for help, 0 to 1", range: share),
        Key(name: "help_below", expected: "the share below which it asks again, releasing the rule, 0 to 1 (at most help_above)", range: share),
        Key(name: "help_window_ms", expected: "the time over which that share is taken, in milliseconds (1000 to 60000)", range: 1000...60_000),
    ]
    static let padKeys = [
        Key(name: "shape", expected: "the shape each stroke traces: " + BehaviourModel.Drawing.Shape.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "), range: nil),
        Key(name: "strokes", expected: "the strokes drawn on each image (or on the empty pad), a whole number from 1 to 100", range: 1...100, isWholeNumber: true),
        Key(name: "size_px", expected: "each stroke's size, in pad pixels (1 to 4000)", range: 1...4000),
        Key(name: "jitter_px", expected: "the standard deviation of the pen's wavering, in pad pixels (0 to 100)", range: 0...100),
        Key(name: "speed_px_per_s", expected: "the drawing speed along the stroke, in pad pixels a second (1 to 10000)", range: 1...10_000),
        Key(name: "sample_rate_hz", expected: "the pen's samples a second (1 to 1000)", range: 1...1000),
        Key(name: "pressure_mean", expected: "the pen's mean pressure, 0 to 1", range: share),
        Key(name: "pressure_sd", expected: "its standard deviation from stroke to stroke, 0 to 1", range: share),
        Key(name: "tilt_x_deg", expected: "the pen's tilt toward the pad's right, in degrees (-90 to 90)", range: -90...90),
        Key(name: "tilt_y_deg", expected: "the pen's tilt toward the pad's bottom, in degrees (-90 to 90)", range: -90...90),
        Key(name: "tilt_sd_deg", expected: "the tilts' standard deviation from stroke to stroke, in degrees (0 to 90)", range: 0...90),
        Key(name: "gap_mu_ms", expected: "the normal part's mean of the pen-up time before each stroke, in milliseconds (0 to 60000)", range: milliseconds),
        Key(name: "gap_sigma_ms", expected: "its standard deviation, in milliseconds (0 to 60000)", range: milliseconds),
        Key(name: "gap_tau_ms", expected: "its exponential tail's mean, in milliseconds (0 to 60000)", range: milliseconds),
        Key(name: "view_mu_ms", expected: "the normal part's mean of the look at an image before hiding it to draw, in milliseconds (0 to 60000)", range: milliseconds),
        Key(name: "view_sigma_ms", expected: "its standard deviation, in milliseconds (0 to 60000)", range: milliseconds),
        Key(name: "view_tau_ms", expected: "its exponential tail's mean, in milliseconds (0 to 60000)", range: milliseconds),
    ]
    static let arrays: [String: [Key]] = [
        "condition": [Key(name: "name", expected: "a value of a judgement block's condition column", range: nil)] + judgementKeys,
        "visit": [
            Key(name: "name", expected: "a visit of the plan", range: nil),
            Key(name: "rt_scale", expected: "how many times as long responses take at this visit, 0.1 to 10", range: 0.1...10),
            Key(name: "accuracy_change", expected: "the accuracy added at this visit, -1 to 1", range: -1...1),
        ],
    ]
    /// The block kinds each table gives behaviour for: questionnaires run as questionnaire
    /// blocks or inside a MATB scenario.
    static let blockKinds = ["judge": ["judge"], "condition": ["judge"], "consent": ["consent"], "matb": ["matb"],
                             "questionnaire": ["questionnaire", "matb"], "break": ["break"],
                             "pad": ["pad"], "prompts": ["prompts"]]

    public static func read(_ text: String, file: String) -> Result<BehaviourModel, ScenarioErrors> {
        let document: TOMLDocument
        switch TOMLDocument.parse(text, file: file, what: "a behaviour model") {
        case .success(let parsed): document = parsed
        case .failure(let errors): return .failure(errors)
        }
        var problems: [ScenarioDiagnostic] = []
        func problem(_ line: Int, _ column: Int, _ message: String) {
            problems.append(ScenarioDiagnostic(file: file, line: line, column: column, severity: .error, message: message))
        }
        let known = (tables.keys.map { "[\($0)]" } + arrays.keys.map { "[[\($0)]]" }).sorted().joined(separator: ", ")
        for entry in document.root.entries {
            problem(entry.line, entry.column, "`\(entry.key)` must be inside a table; a behaviour model has \(known)")
        }
        for name in document.order {
            let table = document.tables[name] ?? document.arrays[name]?.first
            let place = (table?.line ?? 1, table?.column ?? 1)
            if document.tables[name] != nil, arrays[name] != nil {
                problem(place.0, place.1, "write [[\(name)]], one table per \(name)")
            } else if document.arrays[name] != nil, tables[name] != nil {
                problem(place.0, place.1, "write [\(name)] once, not [[\(name)]]")
            } else if tables[name] == nil, arrays[name] == nil {
                problem(place.0, place.1, "unknown table [\(name)]; a behaviour model has \(known)")
            }
        }

        /// The table's numbers and texts by key, each checked; unknown keys are problems.
        func values(_ table: TOMLDocument.Table, _ keys: [Key]) -> (numbers: [String: Double], texts: [String: String]) {
            var numbers: [String: Double] = [:], texts: [String: String] = [:]
            for entry in table.entries {
                guard let key = keys.first(where: { $0.name == entry.key }) else {
                    problem(entry.line, entry.column, "unknown key `\(entry.key)` in [\(table.name)]; expected one of \(keys.map(\.name).joined(separator: ", "))")
                    continue
                }
                let value = entry.value
                if let range = key.range {
                    guard let number = value.number, number.isFinite, range.contains(number),
                          !key.isWholeNumber || number == number.rounded() else {
                        problem(value.line, value.column, "`\(key.name)` is \(key.expected), found \(value.text)")
                        continue
                    }
                    numbers[key.name] = number
                } else {
                    guard let text = value.string, !text.isEmpty else {
                        problem(value.line, value.column, "`\(key.name)` is \(key.expected), found \(value.text)")
                        continue
                    }
                    texts[key.name] = text
                }
            }
            return (numbers, texts)
        }
        func judgement(_ table: TOMLDocument.Table, over base: BehaviourModel.Judgement, numbers: [String: Double]) -> BehaviourModel.Judgement {
            var judged = base
            if let accuracy = numbers["accuracy"] { judged.accuracy = accuracy }
            if let dPrime = numbers["d_prime"] {
                if numbers["accuracy"] != nil, let place = table.place(of: "d_prime") {
                    problem(place.line, place.column, "give `accuracy` or `d_prime`, not both")
                }
                judged.accuracy = BehaviourModel.Judgement.accuracy(dPrime: dPrime)
            }
            judged.responseTime = responseTime(over: base.responseTime, numbers: numbers, prefix: "rt")
            return judged
        }

        var model = BehaviourModel()
        for name in document.order where tables[name] != nil || arrays[name] != nil {
            let table = document.tables[name] ?? document.arrays[name]?.first
            if let kinds = blockKinds[name], let table { model.blockKindPlaces.append((kinds, table.line, table.column)) }
        }
        if let table = document.tables["judge"], let keys = tables["judge"] {
            let (numbers, _) = values(table, keys)
            model.judgement = judgement(table, over: model.judgement, numbers: numbers)
            if let learning = numbers["learning_per_run"] { model.learningPerRun = learning }
        }
        if let table = document.tables["consent"], let keys = tables["consent"] {
            let (numbers, texts) = values(table, keys)
            if let decline = numbers["decline"] { model.consent.declineShare = decline }
            model.consent.actionTime = responseTime(over: model.consent.actionTime, numbers: numbers, prefix: "action")
            if let name = texts["name"] {
                if name.count <= ConsentBlock.longestName, name.allSatisfy({ SimulatedConsentParticipant.key(typing: $0) != nil }) {
                    model.consent.name = name
                } else if let value = table["name"] {
                    problem(value.line, value.column, "`name` is \(keys[1].expected), found \"\(name)\"")
                }
            }
        }
        if let table = document.tables["attendance"], let keys = tables["attendance"] {
            let (numbers, _) = values(table, keys)
            model.attendancePlace = (table.line, table.column)
            model.attendance.lateShare = numbers["late"] ?? model.attendance.lateShare
            model.attendance.lateDaysAtMost = numbers["late_days"].map { Int($0.rounded()) } ?? model.attendance.lateDaysAtMost
            model.attendance.noShowShare = numbers["no_show"] ?? model.attendance.noShowShare
        }
        if let table = document.tables["matb"] {
            let (numbers, texts) = values(table, matbKeys)
            if let policy = texts["resman_policy"], let value = table["resman_policy"] {
                if policy == "target" || policy == "none" { model.resources.keepsTargets = policy == "target" } else {
                    problem(value.line, value.column, "`resman_policy` is \(matbKeys.first { $0.name == "resman_policy" }?.expected ?? ""), found \"\(policy)\"")
                }
            }
            model.resources.intervalMs = numbers["resman_interval_ms"] ?? model.resources.intervalMs
            model.tracking.gain = numbers["track_gain"] ?? model.tracking.gain
            model.tracking.delayMs = numbers["track_delay_ms"] ?? model.tracking.delayMs
            model.tracking.noise = numbers["track_noise"] ?? model.tracking.noise
            model.tracking.intervalMs = numbers["track_interval_ms"] ?? model.tracking.intervalMs
            model.monitoring.detection = numbers["sysmon_detection"] ?? model.monitoring.detection
            model.monitoring.responseTime = responseTime(over: model.monitoring.responseTime, numbers: numbers, prefix: "sysmon_rt")
            model.communications.accuracy = numbers["comms_accuracy"] ?? model.communications.accuracy
            model.communications.responseTime = responseTime(over: model.communications.responseTime, numbers: numbers, prefix: "comms_rt")
            model.helpRequests.above = numbers["help_above"] ?? model.helpRequests.above
            model.helpRequests.below = numbers["help_below"] ?? model.helpRequests.below
            model.helpRequests.windowMs = numbers["help_window_ms"] ?? model.helpRequests.windowMs
            if let above = model.helpRequests.above, model.helpRequests.below > above,
               let value = table["help_below"] ?? table["help_above"] {
                problem(value.line, value.column, "`help_below` (\(model.helpRequests.below)) is above `help_above` (\(above)): "
                    + "the operator would ask for help and release it at once")
            }
        }
        if let table = document.tables["break"], let keys = tables["break"] {
            let (numbers, _) = values(table, keys)
            model.rest.beyondMinimum = responseTime(over: model.rest.beyondMinimum, numbers: numbers, prefix: "rest")
        }
        if let table = document.tables["questionnaire"], let keys = tables["questionnaire"] {
            let (numbers, _) = values(table, keys)
            model.questionnaire.answerMean = numbers["answer_mean"] ?? model.questionnaire.answerMean
            model.questionnaire.answerStandardDeviation = numbers["answer_sd"] ?? model.questionnaire.answerStandardDeviation
            model.questionnaire.actionTime = responseTime(over: model.questionnaire.actionTime, numbers: numbers, prefix: "action")
            if let weight = numbers["workload_weight"] {
                model.questionnaire.workloadWeight = weight
                // The workload comes from MATB blocks: a plan without one has nothing to tie the answers to.
                if let place = table.place(of: "workload_weight") { model.blockKindPlaces.append((["matb"], place.line, place.column)) }
            }
        }
        if let table = document.tables["pad"] {
            let (numbers, texts) = values(table, padKeys)
            if let shape = texts["shape"], let value = table["shape"] {
                if let known = BehaviourModel.Drawing.Shape(rawValue: shape) { model.drawing.shape = known } else {
                    problem(value.line, value.column, "`shape` is \(padKeys[0].expected), found \"\(shape)\"")
                }
            }
            var drawing = model.drawing
            drawing.strokes = numbers["strokes"].map { Int($0) } ?? drawing.strokes
            drawing.sizePx = numbers["size_px"] ?? drawing.sizePx
            drawing.jitterPx = numbers["jitter_px"] ?? drawing.jitterPx
            drawing.speedPxPerSecond = numbers["speed_px_per_s"] ?? drawing.speedPxPerSecond
            drawing.sampleRateHz = numbers["sample_rate_hz"] ?? drawing.sampleRateHz
            drawing.pressureMean = numbers["pressure_mean"] ?? drawing.pressureMean
            drawing.pressureStandardDeviation = numbers["pressure_sd"] ?? drawing.pressureStandardDeviation
            drawing.tiltXDegrees = numbers["tilt_x_deg"] ?? drawing.tiltXDegrees
            drawing.tiltYDegrees = numbers["tilt_y_deg"] ?? drawing.tiltYDegrees
            drawing.tiltStandardDeviationDegrees = numbers["tilt_sd_deg"] ?? drawing.tiltStandardDeviationDegrees
            drawing.gap = responseTime(over: drawing.gap, numbers: numbers, prefix: "gap")
            drawing.view = responseTime(over: drawing.view, numbers: numbers, prefix: "view")
            model.drawing = drawing
        }
        if let table = document.tables["prompts"], let keys = tables["prompts"] {
            let (numbers, _) = values(table, keys)
            model.prompts.responseTime = responseTime(over: model.prompts.responseTime, numbers: numbers, prefix: "rt")
        }
        if let table = document.tables["screens"], let keys = tables["screens"] {
            let (numbers, _) = values(table, keys)
            model.screens.reading = responseTime(over: model.screens.reading, numbers: numbers, prefix: "read")
        }
        for table in document.arrays["condition"] ?? [] {
            guard let keys = arrays["condition"] else { break }
            let (numbers, texts) = values(table, keys)
            guard let name = texts["name"] else {
                if table["name"] == nil { problem(table.line, table.column, "a [[condition]] needs `name`, \(keys[0].expected)") }
                continue
            }
            if model.conditions[name] != nil, let value = table["name"] {
                problem(value.line, value.column, "the condition \"\(name)\" is given twice")
            }
            model.conditions[name] = judgement(table, over: model.judgement, numbers: numbers)
        }
        for table in document.arrays["visit"] ?? [] {
            guard let keys = arrays["visit"] else { break }
            let (numbers, texts) = values(table, keys)
            guard let name = texts["name"], let value = table["name"] else {
                if table["name"] == nil { problem(table.line, table.column, "a [[visit]] needs `name`, \(keys[0].expected)") }
                continue
            }
            if model.visits[name] != nil { problem(value.line, value.column, "the visit \"\(name)\" is given twice") }
            model.visits[name] = BehaviourModel.VisitEffect(responseTimeScale: numbers["rt_scale"] ?? 1, accuracyChange: numbers["accuracy_change"] ?? 0)
            model.visitPlaces.append((name, value.line, value.column))
        }
        return problems.isEmpty ? .success(model) : .failure(ScenarioErrors(diagnostics: problems))
    }

    /// `base` with the `PREFIX_mu_ms`, `PREFIX_sigma_ms` and `PREFIX_tau_ms` the table sets.
    static func responseTime(over base: ExGaussian, numbers: [String: Double], prefix: String) -> ExGaussian {
        ExGaussian(muMs: numbers[prefix + "_mu_ms"] ?? base.muMs, sigmaMs: numbers[prefix + "_sigma_ms"] ?? base.sigmaMs,
                   tauMs: numbers[prefix + "_tau_ms"] ?? base.tauMs)
    }
}
