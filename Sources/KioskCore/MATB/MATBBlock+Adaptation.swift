/// Adaptive automation (docs/adaptive.md): the rules' evaluations on their grid of scenario
/// time, the participant's requests, and each decision's rows and commands.
extension MATBBlock {
    /// The module of the rows adaptive automation writes: `manual,adaptive,<rule>.figure`,
    /// `.decision`, `.cause`, `.refused` and the others docs/adaptive.md lists.
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
            let trigger: String
            switch rule.trigger {
            case .request(let key): return [record("trigger", .string("key \(key)"))]
            case .button(let label): return [record("trigger", .string("button \(label)"))]
            case .metric(let metric, let window): trigger = "\(metric.rawValue) over \(AdaptiveController.figureText(window)) s"
            case .stream(let stream):
                trigger = "LSL stream \(stream.lookup.rawValue) \(stream.value), channel \(stream.channel)"
                    + (stream.smoothingSeconds > 0 ? ", mean over \(AdaptiveController.figureText(stream.smoothingSeconds)) s" : "")
                    + "; quiet after \(AdaptiveController.figureText(stream.quietSeconds)) s: \(stream.fallback.rawValue)"
            }
            let (engage, release) = rule.direction == .above ? ("engage_above", "release_below") : ("engage_below", "release_above")
            return [record("trigger", .string(trigger)), record(engage, .float(rule.engageThreshold)), record(release, .float(rule.releaseThreshold))]
        }
    }

    /// The next evaluation of the rules, or a stream's quiet time, when it is due by `target`.
    func dueAdaptation(by target: ScenarioTime) -> ScenarioTime? {
        guard let due = adaptive?.nextDue, due <= target else { return nil }
        return due
    }

    /// Runs what is due of the rules at `time` (a stream gone quiet, the grid's evaluation),
    /// with every performance row logged so far; logs each figure, and runs what the rules decide.
    func runAdaptation(at time: ScenarioTime, logtime: MonotonicTime) {
        scenarioTime = max(scenarioTime, time)
        absorbPerformance()
        // Through the optional, in place: a copy of the controller would copy its windows.
        guard let (notes, decisions) = adaptive?.evaluate() else { return }
        log(notes, logtime: logtime)
        apply(decisions, logtime: logtime)
    }

    private func log(_ notes: [AdaptiveController.Note], logtime: MonotonicTime) {
        for note in notes {
            records.append(row(logtime, .manual, Self.adaptiveModule, note.rule.name + "." + note.address, note.value))
        }
    }

    /// A stream sample, for the rules that read its stream, which decide at once; it counts
    /// from when it was taken.
    func receiveStreamSample(_ sample: InputEvent.StreamSample, logtime: MonotonicTime) {
        guard let (notes, decisions) = adaptive?.record(sample, taken: sample.takenAt ?? scenarioTime, at: scenarioTime) else { return }
        log(notes, logtime: logtime)
        apply(decisions, logtime: logtime)
    }

    /// A key or joystick button the participant pressed, for the rules it is the request of.
    func requestAdaptation(key: String, logtime: MonotonicTime) {
        guard let (notes, decisions) = adaptive?.request(key: key, at: scenarioTime) else { return }
        log(notes, logtime: logtime)
        apply(decisions, logtime: logtime)
    }

    /// The on-screen buttons of `rules` that have one, side by side at the foot of the
    /// bottom-right region (below pump status's last row), in the rules' order.
    static func adaptiveButtons(_ rules: AdaptiveRules?, layout: ScreenLayout) -> [AdaptiveButton] {
        let labels = (rules?.rules ?? []).compactMap { rule -> (String, String)? in
            if case .button(let label) = rule.trigger { (label, rule.name) } else { nil }
        }
        guard !labels.isEmpty else { return [] }
        let region = layout.region(.bottomright)
        let gap = 10.0
        let width = (region.width - gap * Double(labels.count + 1)) / Double(labels.count)
        return labels.enumerated().map { index, entry in
            AdaptiveButton(label: entry.0, rule: entry.1, frame: Rect(left: region.left + gap + Double(index) * (width + gap), bottom: 6, width: width, height: 40))
        }
    }

    /// The last message a rule gave, in place of the tracking title in the top band (the middle
    /// of the screen's top, where no task draws), until its time is up.
    func drawAdaptiveMessage(into list: inout DrawList) {
        guard let message = adaptiveMessage, scenarioTime < message.until else { return }
        let band = configuration.layout.titleBand(of: configuration.layout.region(.topmid))
        list.fill(band, .white)
        list.stroke(band, .grey)
        list.text(message.text, in: band, TextStyle(pointSize: TextStyle.large, bold: true))
    }

    /// Draws the rules' buttons: white, light grey while their rule is engaged.
    func drawAdaptiveButtons(into list: inout DrawList) {
        for button in adaptiveButtons {
            let engaged = adaptive?.isEngaged(button.rule) ?? false
            list.fill(button.frame, engaged ? .lightGrey : .white)
            list.stroke(button.frame, .grey)
            list.text(button.label, in: button.frame, TextStyle(pointSize: TextStyle.medium, bold: engaged))
        }
    }

    /// A tap or click at `point`: the rule whose button it falls on, if any, is asked.
    func pressAdaptiveButton(at point: Point, logtime: MonotonicTime) {
        guard let button = adaptiveButtons.first(where: { $0.frame.contains(x: point.x, y: point.y) }),
              let (notes, decisions) = adaptive?.request(button: button.label, at: scenarioTime) else { return }
        log(notes, logtime: logtime)
        apply(decisions, logtime: logtime)
    }

    private func apply(_ decisions: [AdaptiveController.Decision], logtime: MonotonicTime) {
        for decision in decisions {
            records.append(row(logtime, .manual, Self.adaptiveModule, decision.rule.name + ".decision", .string(decision.engaged ? "engage" : "release")))
            records.append(row(logtime, .manual, Self.adaptiveModule, decision.rule.name + ".cause", .string(decision.cause)))
            if let message = decision.engaged ? decision.rule.engageMessage : decision.rule.releaseMessage {
                records.append(row(logtime, .manual, Self.adaptiveModule, decision.rule.name + ".message", .string(message)))
                adaptiveMessage = (message, until: scenarioTime + .milliseconds(Int64(decision.rule.messageSeconds * 1000)))
            }
            for command in decision.engaged ? decision.rule.engage : decision.rule.release {
                var now = command
                now.time = scenarioTime
                execute(now, logtime: logtime)
            }
        }
    }
}

/// A rule's on-screen button: its label, its rule's name, where it is.
struct AdaptiveButton: Hashable, Sendable {
    var label: String
    var rule: String
    var frame: Rect
}
