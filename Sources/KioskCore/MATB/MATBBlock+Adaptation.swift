/// Adaptive automation (docs/adaptive.md): the rules' evaluations on their grid of scenario
/// time, the participant's requests, and each decision's rows and commands.
extension MATBBlock {
    /// The module of the rows adaptive automation writes: `manual,adaptive,<rule>.figure`,
    /// `.decision` and `.cause`.
    public static let adaptiveModule = "adaptive"
    /// The module of a stream sample's input rows.
    public static let streamInputModule = "lsl"

    /// Each rule as the log keeps it, for analysis and for `labkiosk report`'s plots:
    /// `<rule>.trigger` (`track.rmse over 10 s`, `key A`) and its two thresholds, by name.
    func adaptiveRuleRecords(at logtime: MonotonicTime) -> [LogRecord] {
        (adaptive?.rules.rules ?? []).flatMap { rule -> [LogRecord] in
            func record(_ address: String, _ value: PyValue) -> LogRecord {
                LogRecord(logtime: logtime, scenarioTime: nil, kind: .manual, module: Self.adaptiveModule, address: rule.name + "." + address, value: value)
            }
            switch rule.trigger {
            case .request(let key): return [record("trigger", .string("key \(key)"))]
            case .stream(let stream):
                let (engage, release) = rule.direction == .above ? ("engage_above", "release_below") : ("engage_below", "release_above")
                return [record("trigger", .string("LSL stream \(stream.lookup.rawValue) \(stream.value), channel \(stream.channel)"
                                                  + (stream.smoothingSeconds > 0 ? ", mean over \(AdaptiveController.figureText(stream.smoothingSeconds)) s" : "")
                                                  + "; quiet after \(AdaptiveController.figureText(stream.quietSeconds)) s: \(stream.fallback.rawValue)")),
                        record(engage, .float(rule.engageThreshold)), record(release, .float(rule.releaseThreshold))]
            case .metric(let metric, let window):
                let (engage, release) = rule.direction == .above ? ("engage_above", "release_below") : ("engage_below", "release_above")
                return [record("trigger", .string("\(metric.rawValue) over \(AdaptiveController.figureText(window)) s")),
                        record(engage, .float(rule.engageThreshold)), record(release, .float(rule.releaseThreshold))]
            }
        }
    }

    /// The next evaluation of the metric rules, when it is due by `target`.
    func dueAdaptation(by target: ScenarioTime) -> ScenarioTime? {
        guard let adaptive, adaptive.evaluatesOnGrid, adaptive.nextEvaluation <= target else { return nil }
        return adaptive.nextEvaluation
    }

    /// Evaluates the metric rules at `time`, with every performance row logged so far; logs each
    /// figure, and runs what the rules decide.
    func runAdaptation(at time: ScenarioTime, logtime: MonotonicTime) {
        scenarioTime = max(scenarioTime, time)
        absorbPerformance()
        guard var controller = adaptive else { return }
        let (figures, decisions) = controller.evaluate()
        adaptive = controller
        for note in figures {
            records.append(row(logtime, .manual, Self.adaptiveModule, note.rule.name + "." + note.address, note.value))
        }
        apply(decisions, logtime: logtime)
    }

    /// A stream sample, for the rules that read its stream.
    func receiveStreamSample(_ sample: InputEvent.StreamSample) {
        adaptive?.record(sample, at: scenarioTime)
    }

    /// A key or joystick button the participant pressed, for the rules it is the request of.
    func requestAdaptation(key: String, logtime: MonotonicTime) {
        guard var controller = adaptive else { return }
        let decisions = controller.request(key: key, at: scenarioTime)
        adaptive = controller
        apply(decisions, logtime: logtime)
    }

    private func apply(_ decisions: [AdaptiveController.Decision], logtime: MonotonicTime) {
        for decision in decisions {
            records.append(row(logtime, .manual, Self.adaptiveModule, decision.rule.name + ".decision", .string(decision.engaged ? "engage" : "release")))
            records.append(row(logtime, .manual, Self.adaptiveModule, decision.rule.name + ".cause", .string(decision.cause)))
            for command in decision.engaged ? decision.rule.engage : decision.rule.release {
                var now = command
                now.time = scenarioTime
                execute(now, logtime: logtime)
            }
        }
    }
}
