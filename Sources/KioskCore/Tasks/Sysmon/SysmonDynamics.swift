/// Sysmon's dynamics as pure functions of (state, parameters, seeded draws) (docs/openmatb-behaviour.md:
/// System monitoring).
///
/// Units are the task's own: arrow indices 0 (bottom) … 10 (top), milliseconds counted per
/// update. Nothing here knows about geometry, drawing or logs: results come back as
/// ``SysmonOutcome`` values in the order OpenMATB logs them.
enum SysmonDynamics {
    /// A pseudo-random draw: `sample(items, 1)[0]` (the same as `choice`) after reseeding with
    /// `session + plugin index + int(t) + add` (docs/openmatb-behaviour.md: Seeds and pseudo-random draws).
    ///
    /// Returns the seed and the item.
    typealias Draw = (_ items: [Int], _ add: Int) -> (seed: Int, value: Int)

    /// Arrow indices of each zone: 1 = bottom third, 0 = middle, −1 = top third.
    static func zone(_ zone: Int) -> [Int] {
        switch zone {
        case 1: [0, 1, 2]
        case -1: [8, 9, 10]
        default: [3, 4, 5, 6, 7]
        }
    }

    /// The arrow index a frozen scale shows.
    static let frozenPosition = 5

    /// One update, in OpenMATB's exact order: failure timers, feedback timers, arrows (with
    /// freeze), then failures requested by the scenario.
    static func update(_ state: inout SysmonState, _ parameters: inout SysmonParameters, draw: Draw) -> [SysmonOutcome] {
        var outcomes: [SysmonOutcome] = []
        let period = parameters.updatePeriod
        // 1. Failing gauges count down; a failure reaching its end stops unsolved.
        for gauge in SysmonGauge.all where state[gauge].isFailing {
            var g = state[gauge]
            g.failureTimer = (g.failureTimer ?? .int(0)) - period
            g.responseTime = g.responseTime + period
            state[gauge] = g
            if (g.failureTimer?.doubleValue ?? 0) <= 0 {
                outcomes += stopFailure(gauge, success: false, &state, &parameters)
            }
        }
        // 2. Feedback strips count down.
        for i in state.scales.indices {
            guard let timer = state.scales[i].feedbackTimer else { continue }
            let left = timer - period
            if left.doubleValue <= 0 {
                state.scales[i].feedbackTimer = nil
                state.scales[i].feedbackType = nil
            } else {
                state.scales[i].feedbackTimer = left
            }
        }
        // 3. Arrows: jump into their zone, or take one step inside it; a hit freezes them.
        for i in state.scales.indices {
            state.movingSeed += 1
            var scale = state.scales[i]
            let zone = zone(scale.zone)
            if !zone.contains(scale.position) {
                let drawn = draw(zone, state.movingSeed)
                outcomes.append(.draw(seed: drawn.seed, output: .int(drawn.value)))
                scale.position = drawn.value
            } else {
                let drawn = draw([-1, 1], state.movingSeed)
                outcomes.append(.draw(seed: drawn.seed, output: .int(drawn.value)))
                scale.position += zone.contains(scale.position + drawn.value) ? drawn.value : -drawn.value
            }
            // OpenMATB freezes only while the timer is a Python int (a float feedbackduration
            // never freezes).
            if let freeze = scale.gauge.freezeTimer, freeze.isInteger {
                let left = freeze - period
                if left.doubleValue > 0 {
                    scale.gauge.freezeTimer = left
                    scale.position = frozenPosition
                } else {
                    scale.gauge.freezeTimer = nil
                }
            }
            state.scales[i] = scale
        }
        // 4. Failures the scenario asked for.
        for gauge in SysmonGauge.all where failureRequested(gauge, parameters) {
            outcomes += startFailure(gauge, &state, &parameters, draw: draw)
        }
        return outcomes
    }

    /// A response key (or a tap standing for it): the first gauge with that key, in gauge order, is
    /// acted on.
    ///
    /// If a failing gauge has that key, the *first* gauge with the key is the one stopped and
    /// scored (OpenMATB quirk); otherwise it is a false alarm.
    ///
    /// - Returns: nothing when no gauge has the key.
    static func respond(toKey key: String, _ state: inout SysmonState, _ parameters: inout SysmonParameters) -> [SysmonOutcome] {
        guard let gauge = SysmonGauge.all.first(where: { parameters.key(of: $0) == key }) else { return [] }
        if SysmonGauge.all.contains(where: { state[$0].isFailing && parameters.key(of: $0) == key }) {
            return stopFailure(gauge, success: true, &state, &parameters)
        }
        if parameters.negative.isActive, case .scale(let i) = gauge {
            state.scales[i].feedbackType = .negative
            state.scales[i].feedbackTimer = parameters.feedbackDuration
        }
        return [.response(SysmonScoring.falseAlarm(gauge, name: parameters.name(of: gauge)))]
    }

    /// Starts a failure: a light switches away from its nominal state; a scale's arrow goes to the
    /// third its `side` names, drawn at random (and kept) when the side is 0.
    ///
    /// Re-triggering a failing gauge restarts its timer but keeps its response time.
    static func startFailure(
        _ gauge: SysmonGauge, _ state: inout SysmonState, _ parameters: inout SysmonParameters, draw: Draw
    ) -> [SysmonOutcome] {
        var outcomes: [SysmonOutcome] = []
        if !state[gauge].isFailing {
            state[gauge].isFailing = true
            switch gauge {
            case .light(let i):
                parameters.lights[i].isOn = !parameters.lights[i].isNominallyOn
            case .scale(let i):
                if parameters.scales[i].side != 1 && parameters.scales[i].side != -1 {
                    let drawn = draw([-1, 1], i + 1)
                    outcomes.append(.draw(seed: drawn.seed, output: .int(drawn.value)))
                    parameters.scales[i].side = drawn.value
                }
                state.scales[i].zone = parameters.scales[i].side
            }
        }
        switch gauge {
        case .light(let i): parameters.lights[i].failure = false
        case .scale(let i): parameters.scales[i].failure = false
        }
        state[gauge].failureTimer = parameters.automaticSolver ? parameters.automaticSolverDelay : parameters.alertTimeout
        return outcomes
    }

    /// Ends a failure, scores it and restores the gauge's nominal state.
    ///
    /// A success freezes a scale's arrow for `feedbackduration`; an active feedback shows on
    /// scales.
    static func stopFailure(
        _ gauge: SysmonGauge, success: Bool, _ state: inout SysmonState, _ parameters: inout SysmonParameters
    ) -> [SysmonOutcome] {
        var g = state[gauge]
        g.isFailing = false
        g.failureTimer = nil
        let feedback = SysmonScoring.feedback(success: success, automaticSolver: parameters.automaticSolver)
        if success { g.freezeTimer = parameters.feedbackDuration }
        let response = SysmonScoring.endOfFailure(gauge, name: parameters.name(of: gauge), feedback: feedback,
                                                  responseTime: g.responseTime)
        g.responseTime = .int(0)
        state[gauge] = g
        switch gauge {
        case .scale(let i):
            if parameters.feedback(feedback).isActive {
                state.scales[i].feedbackType = feedback
                state.scales[i].feedbackTimer = parameters.feedbackDuration
            }
            state.scales[i].zone = 0
        case .light(let i):
            parameters.lights[i].isOn = parameters.lights[i].isNominallyOn
        }
        return [.response(response)]
    }

    private static func failureRequested(_ gauge: SysmonGauge, _ parameters: SysmonParameters) -> Bool {
        switch gauge {
        case .scale(let i): parameters.scales[i].failure
        case .light(let i): parameters.lights[i].failure
        }
    }
}
