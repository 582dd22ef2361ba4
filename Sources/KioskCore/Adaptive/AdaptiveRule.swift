/// One rule of adaptive automation (docs/adaptive.md): what it watches, the thresholds at
/// which it engages and releases, and the scenario commands each runs.
public struct AdaptiveRule: Hashable, Sendable {
    /// A performance figure over a moving window of scenario time, from the rows the tasks log.
    public enum Metric: String, CaseIterable, Hashable, Sendable {
        /// Root mean square of the cursor's distance from the centre, pixels.
        case trackRMSE = "track.rmse"
        /// The share of tracking updates with the cursor in the target, 0–1.
        case trackInTarget = "track.in_target"
        /// System-monitoring failures missed.
        case sysmonMisses = "sysmon.misses"
        /// Mean response time to system-monitoring failures answered, milliseconds.
        case sysmonResponseTime = "sysmon.response_time"
        /// The share of communications prompts answered on the right radio, 0–1.
        case communicationsAccuracy = "communications.accuracy"
        /// Mean distance of tanks A and B from their targets, litres.
        case resmanDeviation = "resman.deviation"

        /// The task whose rows it reads.
        public var task: String { String(rawValue.prefix { $0 != "." }) }
    }

    /// A channel of a Lab Streaming Layer stream (an engagement index, a workload classifier's
    /// output), smoothed, with what to do when it goes quiet.
    public struct Stream: Hashable, Sendable {
        /// How the stream is found: by its name or by its type.
        public enum Lookup: String, Hashable, Sendable {
            case name, type
        }

        /// What a rule does when its stream has sent nothing for `quietSeconds`.
        public enum Fallback: String, CaseIterable, Hashable, Sendable {
            case engage, release, hold
        }

        public var lookup: Lookup
        /// The name or type sought.
        public var value: String
        public var channel: Int
        /// The figure is the mean of the samples of the last `smoothingSeconds`; 0 takes the last sample.
        public var smoothingSeconds: Double
        public var quietSeconds: Double
        public var fallback: Fallback
        /// How long the session waits for the stream before it starts.
        public var waitSeconds: Double
        /// Whether a stream not found by then stops the session from starting (else it starts,
        /// and the rule falls back once it has been quiet `quietSeconds`).
        public var refusesWhenMissing: Bool

        /// The samples' name in inputs and log rows: `MWL:0`.
        public var key: String { "\(value):\(channel)" }

        public init(lookup: Lookup, value: String, channel: Int = 0, smoothingSeconds: Double = 0, quietSeconds: Double = 5,
                    fallback: Fallback = .hold, waitSeconds: Double = 10, refusesWhenMissing: Bool = false) {
            self.lookup = lookup
            self.value = value
            self.channel = channel
            self.smoothingSeconds = smoothingSeconds
            self.quietSeconds = quietSeconds
            self.fallback = fallback
            self.waitSeconds = waitSeconds
            self.refusesWhenMissing = refusesWhenMissing
        }
    }

    public enum Trigger: Hashable, Sendable {
        case metric(Metric, windowSeconds: Double)
        /// A value from a Lab Streaming Layer inlet.
        case stream(Stream)
        /// The participant asks, with a key: each press engages when released and releases
        /// when engaged.
        case request(key: String)
        /// The participant asks with a tap or click on an on-screen button with this label,
        /// which shows pressed while the rule is engaged.
        case button(label: String)
    }

    /// Which side of the thresholds engages: a figure rising above `engage` (an error) or
    /// falling below it (a share of success).
    public enum Direction: String, Hashable, Sendable {
        case above, below
    }

    public var name: String
    /// The line of its `[[rule]]` in the rules file, for messages about it.
    public var line: Int
    public var trigger: Trigger
    public var direction: Direction
    /// Engages when the figure crosses it in `direction`.
    public var engageThreshold: Double
    /// Releases when the figure comes back past it: the hysteresis keeps a figure that
    /// hovers at one threshold from switching at every evaluation.
    public var releaseThreshold: Double
    /// The least scenario time between two changes of this rule.
    public var minimumSecondsBetween: Double
    /// Commands run when the rule engages and when it releases, as scenario lines write them
    /// after the time (`track;automaticsolver;True`), validated.
    public var engage: [ScenarioEvent]
    public var release: [ScenarioEvent]
    /// What the participant reads at the top of the screen when the rule engages or releases.
    public var engageMessage: String?
    public var releaseMessage: String?
    /// How long a message shows, in scenario seconds.
    public var messageSeconds = 5.0

    public init(name: String, line: Int = 0, trigger: Trigger, direction: Direction = .above, engageThreshold: Double = 0, releaseThreshold: Double = 0,
                minimumSecondsBetween: Double = 0, engage: [ScenarioEvent], release: [ScenarioEvent]) {
        self.name = name
        self.line = line
        self.trigger = trigger
        self.direction = direction
        self.engageThreshold = engageThreshold
        self.releaseThreshold = releaseThreshold
        self.minimumSecondsBetween = minimumSecondsBetween
        self.engage = engage
        self.release = release
    }
}

/// A rules file: its rules, and how often metric rules are evaluated.
public struct AdaptiveRules: Hashable, Sendable {
    public var path: String
    public var rules: [AdaptiveRule]
    /// Scenario time between two evaluations of the metric rules, in whole milliseconds so
    /// the grid of evaluations is exact.
    public var evaluationMilliseconds: Int

    public init(path: String, rules: [AdaptiveRule], evaluationMilliseconds: Int = 1000) {
        self.path = path
        self.rules = rules
        self.evaluationMilliseconds = evaluationMilliseconds
    }
}
