/// Decides when each adaptive rule engages and releases (docs/adaptive.md). Deterministic:
/// it reads only the performance rows, stream samples and requests it is given, and
/// evaluates metric and stream rules on a fixed grid of scenario time, so a re-run of the
/// session from its log (`labkiosk verify`) makes the same decisions at the same times.
public struct AdaptiveController: Sendable {
    /// One change of a rule, with what caused it.
    public struct Decision: Hashable, Sendable {
        public var rule: AdaptiveRule
        public var engaged: Bool
        /// What crossed: `track.rmse 62.4 > 60 over 20 s`, `key A`, `LSL MWL:0 quiet for 5 s: fallback release`.
        public var cause: String
    }

    /// A row an evaluation adds to the log besides its decisions: a figure, a stream gone quiet
    /// or back, samples ignored.
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
    /// When each stream's last sample came, and how many were ignored since the last evaluation.
    private var lastSample: [String: Double] = [:]
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

    /// Whether any rule is evaluated on the grid (else the session needs no evaluations).
    public var evaluatesOnGrid: Bool {
        rules.rules.contains { rule in
            switch rule.trigger {
            case .request, .button: false
            case .metric, .stream: true
            }
        }
    }

    /// Keeps a logged row for the figures.
    public mutating func record(_ row: LogRecord) { window.record(row) }

    /// Takes a stream sample, and evaluates the rules reading its stream at once: a decision
    /// waits for no evaluation, so the frame after the sample's shows it. A value that is not a
    /// number or is beyond ``largestSampleValue`` is counted and left out.
    /// - Returns: the rows to log (a quiet stream back) and the changes decided.
    public mutating func record(_ sample: InputEvent.StreamSample, at time: ScenarioTime) -> (notes: [Note], decisions: [Decision]) {
        guard sample.value.isFinite, abs(sample.value) <= Self.largestSampleValue else {
            ignored[sample.stream, default: 0] += 1
            return ([], [])
        }
        let seconds = time.seconds
        samples[sample.stream, default: []].append((seconds, sample.value))
        lastSample[sample.stream] = seconds
        var notes: [Note] = []
        var decisions: [Decision] = []
        for (index, rule) in rules.rules.enumerated() {
            guard case .stream(let stream) = rule.trigger, stream.key == sample.stream else { continue }
            if quiet[index] {
                quiet[index] = false
                notes.append(Note(rule: rule, address: "resumed", value: .float(seconds)))
            }
            guard let value = smoothed(stream, at: seconds) else { continue }
            let span = stream.smoothingSeconds > 0 ? " over \(Self.figureText(stream.smoothingSeconds)) s" : ""
            if let decision = crossing(index, value: value, at: seconds, over: span, source: "LSL \(stream.key)") { decisions.append(decision) }
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

    /// Evaluates every metric rule at `nextEvaluation`, and whether each stream rule's stream
    /// has gone quiet (its samples decide as they come), then sets the next evaluation.
    /// - Returns: the rows to log (each figure, streams gone quiet, samples ignored) and the
    ///   changes decided.
    public mutating func evaluate() -> (notes: [Note], decisions: [Decision]) {
        let seconds = nextEvaluation.seconds
        nextEvaluation += .milliseconds(Int64(rules.evaluationMilliseconds))
        var notes: [Note] = []
        var decisions: [Decision] = []
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
                // The session's start counts as the last news from a stream that has sent nothing yet.
                let last = lastSample[stream.key]
                guard seconds - (last ?? 0) < stream.quietSeconds else {
                    if !quiet[index] {
                        quiet[index] = true
                        notes.append(Note(rule: rule, address: "quiet", value: .float(last.map { seconds - $0 } ?? seconds)))
                        let wanted = stream.fallback == .hold ? engaged[index] : stream.fallback == .engage
                        if wanted != engaged[index] {
                            decisions.append(change(index, to: wanted, at: seconds,
                                                    cause: "LSL \(stream.key) quiet for \(Self.figureText(stream.quietSeconds)) s: fallback \(stream.fallback.rawValue)"))
                        }
                    }
                    continue
                }
                // The figure for the log's plot; the samples decided as they came.
                if let value = smoothed(stream, at: seconds) { notes.append(Note(rule: rule, address: "figure", value: .float(value))) }
            }
        }
        window.forget(before: seconds)
        forgetSamples(before: seconds)
        return (notes, decisions)
    }

    /// A participant's tap on a rule's button: the rule changes, unless it changed too recently.
    public mutating func request(button label: String, at time: ScenarioTime) -> [Decision] {
        var decisions: [Decision] = []
        for (index, rule) in rules.rules.enumerated() {
            guard case .button(let wanted) = rule.trigger, wanted == label, mayChange(index, at: time.seconds) else { continue }
            decisions.append(change(index, to: !engaged[index], at: time.seconds, cause: "button \(wanted)"))
        }
        return decisions
    }

    /// Whether the rule named `name` is engaged now.
    public func isEngaged(_ name: String) -> Bool {
        rules.rules.firstIndex { $0.name == name }.map { engaged[$0] } ?? false
    }

    /// A participant's key: each request rule for it changes, unless it changed too recently.
    public mutating func request(key: String, at time: ScenarioTime) -> [Decision] {
        var decisions: [Decision] = []
        for (index, rule) in rules.rules.enumerated() {
            guard case .request(let wanted) = rule.trigger, wanted.matchesIgnoringCase(key), mayChange(index, at: time.seconds) else { continue }
            decisions.append(change(index, to: !engaged[index], at: time.seconds, cause: "key \(wanted)"))
        }
        return decisions
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
