/// Decides when each adaptive rule engages and releases (docs/adaptive.md). Deterministic:
/// it reads only the performance rows, stream samples and requests it is given, evaluates
/// metric and stream rules on a fixed grid of scenario time, and finds a stream quiet at the
/// instant its quiet time is up, so a re-run of the session from its log (`labkiosk verify`)
/// makes the same decisions at the same times.
public struct AdaptiveController: Sendable {
    /// One change of a rule, with what caused it.
    public struct Decision: Hashable, Sendable {
        public var rule: AdaptiveRule
        public var engaged: Bool
        /// What crossed: `track.rmse 62.4 > 60 over 20 s`, `key A`, `LSL MWL:0 quiet for 5 s: fallback release`.
        public var cause: String
    }

    /// A row an evaluation adds to the log besides its decisions: a figure, a stream gone quiet
    /// or back, samples ignored, a participant's request refused.
    public struct Note: Sendable {
        public var rule: AdaptiveRule
        public var address: String
        public var value: PyValue
    }

    /// The largest sample value a rule takes; beyond it a value is an error of the stream.
    public static let largestSampleValue = 1e12

    public let rules: AdaptiveRules
    private var window: PerformanceWindow
    private var engaged: [Bool]
    private var lastChange: [Double?]
    /// Each stream's samples kept for the longest smoothing of the rules that read it.
    private var samples: [String: [(seconds: Double, value: Double)]] = [:]
    /// When each stream's last sample was taken, and how many were ignored since the last evaluation.
    private var lastSample: [String: ScenarioTime] = [:]
    private var ignored: [String: Int] = [:]
    /// Whether each rule's stream is quiet now (its fallback taken).
    private var quiet: [Bool]
    /// The scenario time of the next evaluation of the metric and stream rules.
    public private(set) var nextEvaluation: ScenarioTime

    public init(rules: AdaptiveRules) {
        self.rules = rules
        window = PerformanceWindow(rules: rules.rules)
        engaged = Array(repeating: false, count: rules.rules.count)
        lastChange = Array(repeating: nil, count: rules.rules.count)
        quiet = Array(repeating: false, count: rules.rules.count)
        nextEvaluation = .milliseconds(Int64(rules.evaluationMilliseconds))
    }

    /// Whether the rule at `index` of ``rules`` is engaged.
    func isEngaged(_ index: Int) -> Bool { engaged[index] }

    /// Whether any rule is evaluated on the grid (else the session needs no evaluations).
    public var evaluatesOnGrid: Bool {
        rules.rules.contains { rule in
            switch rule.trigger {
            case .request, .button: false
            case .metric, .stream: true
            }
        }
    }

    /// When the next evaluation or the next stream's quiet time is due: ``evaluate()`` runs
    /// whatever is due then.
    public var nextDue: ScenarioTime? {
        var due = evaluatesOnGrid ? nextEvaluation : nil
        for index in rules.rules.indices {
            if let deadline = quietDeadline(index), due.map({ deadline < $0 }) ?? true { due = deadline }
        }
        return due
    }

    /// The instant rule `index`'s stream goes quiet, unless it is quiet already or the rule
    /// reads no stream: `quiet_seconds` after its last sample, or after the session's start,
    /// the last news from a stream that has sent nothing since.
    private func quietDeadline(_ index: Int) -> ScenarioTime? {
        guard case .stream(let stream) = rules.rules[index].trigger, !quiet[index] else { return nil }
        return max(.zero, lastSample[stream.key] ?? .zero) + ScenarioTime(nanoseconds: Int64((stream.quietSeconds * 1e9).rounded()))
    }

    /// Keeps a logged row for the figures.
    public mutating func record(_ row: LogRecord) { window.record(row) }

    /// Takes a stream sample, and evaluates the rules reading its stream at once: a decision
    /// waits for no evaluation, so the frame after the sample's shows it. A value that is not a
    /// number or is beyond ``largestSampleValue`` is counted and left out.
    /// - Parameters:
    ///   - taken: the scenario time the sample was taken at, from which it counts (for the
    ///     smoothing and the quiet time); before `now` when it came late or before the start.
    ///   - now: the scenario time the session received it, when a change it causes happens.
    /// - Returns: the rows to log (a quiet stream back) and the changes decided.
    public mutating func record(_ sample: InputEvent.StreamSample, taken: ScenarioTime, at now: ScenarioTime) -> (notes: [Note], decisions: [Decision]) {
        guard sample.value.isFinite, abs(sample.value) <= Self.largestSampleValue else {
            ignored[sample.stream, default: 0] += 1
            return ([], [])
        }
        samples[sample.stream, default: []].append((taken.seconds, sample.value))
        lastSample[sample.stream] = max(lastSample[sample.stream] ?? taken, taken)
        var notes: [Note] = []
        var decisions: [Decision] = []
        for (index, rule) in rules.rules.enumerated() {
            guard case .stream(let stream) = rule.trigger, stream.key == sample.stream else { continue }
            if quiet[index] {
                quiet[index] = false
                notes.append(Note(rule: rule, address: "resumed", value: .float(taken.seconds)))
            }
            guard let value = smoothed(stream, at: taken.seconds) else { continue }
            let span = stream.smoothingSeconds > 0 ? " over \(Self.figureText(stream.smoothingSeconds)) s" : ""
            if let decision = crossing(index, value: value, at: now.seconds, over: span, source: "LSL \(stream.key)") { decisions.append(decision) }
        }
        return (notes, decisions)
    }

    /// A stream's figure at `seconds`: the mean of its samples over the smoothing span, or its
    /// last sample; nil when no sample falls in the span.
    private func smoothed(_ stream: AdaptiveRule.Stream, at seconds: Double) -> Double? {
        let kept = samples[stream.key] ?? []
        let recent = stream.smoothingSeconds > 0 ? kept.filter { $0.seconds > seconds - stream.smoothingSeconds && $0.seconds <= seconds }.map(\.value)
                                                 : kept.last.map { [$0.value] } ?? []
        return recent.isEmpty ? nil : recent.reduce(0, +) / Double(recent.count)
    }

    /// Runs what is due at ``nextDue``: first each stream whose quiet time is up goes quiet (its
    /// rule takes its fallback), then, on the grid, every metric rule is evaluated and each
    /// stream rule's figure logged (its samples decided as they came); then sets the next.
    /// - Returns: the rows to log (streams gone quiet, each figure, samples ignored) and the
    ///   changes decided.
    public mutating func evaluate() -> (notes: [Note], decisions: [Decision]) {
        guard let due = nextDue else { return ([], []) }
        var notes: [Note] = []
        var decisions: [Decision] = []
        for (index, rule) in rules.rules.enumerated() {
            guard case .stream(let stream) = rule.trigger, let deadline = quietDeadline(index), deadline <= due else { continue }
            quiet[index] = true
            let last = lastSample[stream.key]
            notes.append(Note(rule: rule, address: "quiet", value: .float((due - (last ?? .zero)).seconds)))
            let wanted = stream.fallback == .hold ? engaged[index] : stream.fallback == .engage
            if wanted != engaged[index] {
                decisions.append(change(index, to: wanted, at: due.seconds,
                                        cause: "LSL \(stream.key) quiet for \(Self.figureText(stream.quietSeconds)) s: fallback \(stream.fallback.rawValue)"))
            }
        }
        guard evaluatesOnGrid, nextEvaluation == due else { return (notes, decisions) }
        let seconds = due.seconds
        nextEvaluation += .milliseconds(Int64(rules.evaluationMilliseconds))
        for (index, rule) in rules.rules.enumerated() {
            switch rule.trigger {
            case .request, .button: continue
            case .metric(let metric, let length):
                guard let value = window.figure(metric, window: length, at: seconds) else { continue }
                notes.append(Note(rule: rule, address: "figure", value: .float(value)))
                if let decision = crossing(index, value: value, at: seconds, over: " over \(Self.figureText(length)) s", source: metric.rawValue) {
                    decisions.append(decision)
                }
            case .stream(let stream):
                if let count = ignored.removeValue(forKey: stream.key) {
                    notes.append(Note(rule: rule, address: "ignored", value: .int(count)))
                }
                // The figure for the log's plot, unless the stream is quiet; the samples decided as they came.
                if !quiet[index], let value = smoothed(stream, at: seconds) { notes.append(Note(rule: rule, address: "figure", value: .float(value))) }
            }
        }
        window.forget(before: seconds)
        forgetSamples(before: seconds)
        return (notes, decisions)
    }

    /// A participant's tap on a rule's button: the rule changes, unless it changed too recently.
    public mutating func request(button label: String, at time: ScenarioTime) -> (notes: [Note], decisions: [Decision]) {
        var answer: (notes: [Note], decisions: [Decision]) = ([], [])
        for (index, rule) in rules.rules.enumerated() {
            guard case .button(let wanted) = rule.trigger, wanted == label else { continue }
            ask(index, at: time.seconds, cause: "button \(wanted)", answer: &answer)
        }
        return answer
    }

    /// A participant's key: each request rule for it changes, unless it changed too recently.
    public mutating func request(key: String, at time: ScenarioTime) -> (notes: [Note], decisions: [Decision]) {
        var answer: (notes: [Note], decisions: [Decision]) = ([], [])
        for (index, rule) in rules.rules.enumerated() {
            guard case .request(let wanted) = rule.trigger, wanted.matchesIgnoringCase(key) else { continue }
            ask(index, at: time.seconds, cause: "key \(wanted)", answer: &answer)
        }
        return answer
    }

    /// A participant's request of rule `index`: it changes, or, within `min_seconds_between` of
    /// its last change, a `refused` note says so and why (the request's own input row alone
    /// would not tell that it was turned down).
    private mutating func ask(_ index: Int, at seconds: Double, cause: String, answer: inout (notes: [Note], decisions: [Decision])) {
        guard let last = lastChange[index], !mayChange(index, at: seconds) else {
            answer.decisions.append(change(index, to: !engaged[index], at: seconds, cause: cause))
            return
        }
        let least = rules.rules[index].minimumSecondsBetween
        answer.notes.append(Note(rule: rules.rules[index], address: "refused", value: .string(
            "\(cause) \(Self.figureText(seconds - last)) s after the last change; min_seconds_between is \(Self.figureText(least)) s")))
    }

    /// Whether the rule named `name` is engaged now.
    public func isEngaged(_ name: String) -> Bool {
        rules.rules.firstIndex { $0.name == name }.map { engaged[$0] } ?? false
    }

    /// The change a figure asks of a rule, past its thresholds and its least time between changes.
    private mutating func crossing(_ index: Int, value: Double, at seconds: Double, over span: String, source: String) -> Decision? {
        let rule = rules.rules[index]
        let crossesOn = rule.direction == .above ? value > rule.engageThreshold : value < rule.engageThreshold
        let crossesOff = rule.direction == .above ? value < rule.releaseThreshold : value > rule.releaseThreshold
        let wanted = engaged[index] ? !crossesOff : crossesOn
        guard wanted != engaged[index], mayChange(index, at: seconds) else { return nil }
        let sign = (rule.direction == .above) == wanted ? ">" : "<"
        let threshold = wanted ? rule.engageThreshold : rule.releaseThreshold
        return change(index, to: wanted, at: seconds, cause: "\(source) \(Self.figureText(value)) \(sign) \(Self.figureText(threshold))\(span)")
    }

    /// Forgets samples older than the longest smoothing of the rules reading their stream,
    /// but never a stream's last sample: a rule without smoothing reads it until the next comes.
    private mutating func forgetSamples(before seconds: Double) {
        var keep: [String: Double] = [:]
        for rule in rules.rules {
            if case .stream(let stream) = rule.trigger { keep[stream.key] = max(keep[stream.key] ?? 0, stream.smoothingSeconds) }
        }
        for (key, span) in keep {
            guard var kept = samples[key], kept.count > 1 else { continue }
            let old = kept.dropLast().prefix { $0.seconds <= seconds - span }.count
            kept.removeFirst(old)
            samples[key] = kept
        }
    }

    private func mayChange(_ index: Int, at seconds: Double) -> Bool {
        lastChange[index].map { seconds - $0 >= rules.rules[index].minimumSecondsBetween } ?? true
    }

    private mutating func change(_ index: Int, to wanted: Bool, at seconds: Double, cause: String) -> Decision {
        engaged[index] = wanted
        lastChange[index] = seconds
        return Decision(rule: rules.rules[index], engaged: wanted, cause: cause)
    }

    /// A figure as the log and messages write it: at most three decimals.
    public static func figureText(_ value: Double) -> String {
        guard value.isFinite else { return String(describing: value) }
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
    }
}

private extension String {
    func matchesIgnoringCase(_ other: String) -> Bool { lowercased() == other.lowercased() }
}
