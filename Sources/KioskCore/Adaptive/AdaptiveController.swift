/// Decides when each adaptive rule engages and releases (docs/adaptive.md). Deterministic:
/// it reads only the performance rows and requests it is given, and evaluates metric rules on
/// a fixed grid of scenario time, so a re-run of the session from its log (`labkiosk verify`)
/// makes the same decisions at the same times.
public struct AdaptiveController: Sendable {
    /// One change of a rule, with what caused it.
    public struct Decision: Hashable, Sendable {
        public var rule: AdaptiveRule
        public var engaged: Bool
        /// What crossed: `track.rmse 62.4 > 60 over 20 s`, `key A`.
        public var cause: String
    }

    public let rules: AdaptiveRules
    private var window: PerformanceWindow
    private var engaged: [Bool]
    private var lastChange: [Double?]
    /// The scenario time of the next evaluation of the metric rules.
    public private(set) var nextEvaluation: ScenarioTime

    public init(rules: AdaptiveRules) {
        self.rules = rules
        window = PerformanceWindow(rules: rules.rules)
        engaged = Array(repeating: false, count: rules.rules.count)
        lastChange = Array(repeating: nil, count: rules.rules.count)
        nextEvaluation = .milliseconds(Int64(rules.evaluationMilliseconds))
    }

    /// Whether the controller watches any performance figure (else it needs no evaluations).
    public var evaluatesMetrics: Bool {
        rules.rules.contains { if case .metric = $0.trigger { true } else { false } }
    }

    /// Keeps a logged row for the figures.
    public mutating func record(_ row: LogRecord) { window.record(row) }

    /// Evaluates every metric rule at `nextEvaluation`, then sets the next one.
    /// - Returns: each rule's figure at this evaluation (for the log) and the changes decided.
    public mutating func evaluate() -> (figures: [(rule: AdaptiveRule, value: Double)], decisions: [Decision]) {
        let seconds = nextEvaluation.seconds
        nextEvaluation += .milliseconds(Int64(rules.evaluationMilliseconds))
        var figures: [(rule: AdaptiveRule, value: Double)] = []
        var decisions: [Decision] = []
        for (index, rule) in rules.rules.enumerated() {
            guard case .metric(let metric, let length) = rule.trigger, let value = window.figure(metric, window: length, at: seconds) else { continue }
            figures.append((rule, value))
            let crossesOn = rule.direction == .above ? value > rule.engageThreshold : value < rule.engageThreshold
            let crossesOff = rule.direction == .above ? value < rule.releaseThreshold : value > rule.releaseThreshold
            let wanted = engaged[index] ? !crossesOff : crossesOn
            guard wanted != engaged[index], mayChange(index, at: seconds) else { continue }
            let sign = (rule.direction == .above) == wanted ? ">" : "<"
            let threshold = wanted ? rule.engageThreshold : rule.releaseThreshold
            decisions.append(change(index, to: wanted, at: seconds,
                                    cause: "\(metric.rawValue) \(Self.figureText(value)) \(sign) \(Self.figureText(threshold)) over \(Self.figureText(length)) s"))
        }
        window.forget(before: seconds)
        return (figures, decisions)
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

    private func mayChange(_ index: Int, at seconds: Double) -> Bool {
        lastChange[index].map { seconds - $0 >= rules.rules[index].minimumSecondsBetween } ?? true
    }

    private mutating func change(_ index: Int, to wanted: Bool, at seconds: Double, cause: String) -> Decision {
        engaged[index] = wanted
        lastChange[index] = seconds
        return Decision(rule: rules.rules[index], engaged: wanted, cause: cause)
    }

    /// A figure as the log and messages write it: at most three decimals.
    static func figureText(_ value: Double) -> String {
        guard value.isFinite else { return String(describing: value) }
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int64(rounded)) : String(rounded)
    }
}

private extension String {
    func matchesIgnoringCase(_ other: String) -> Bool { lowercased() == other.lowercased() }
}
