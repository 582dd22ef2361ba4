/// Resman's update step and its responses to the participant, as pure functions of state
/// and parameters (docs/openmatb-behaviour.md: Resources management). Everything is per update, in whole
/// units, with OpenMATB's integer truncations (`int(800 / 30) = 26`).
public enum ResmanDynamics {
    /// What one update found for a target tank, in the order its performance rows are logged.
    public struct TankScore: Hashable, Sendable {
        public var tank: ResmanTank
        /// Set when the tank just came back within tolerance: the time it spent outside, in ms.
        public var responseTimeMs: Double?
        public var tolerance: ResmanState.Tolerance
        /// `level − target`.
        public var deviation: Int
    }

    /// Runs one update: automation, leaks and flows (skipped at the very first update), then
    /// the full/empty pump cut-offs and the target tanks' scores, tank A before tank B.
    public static func step(_ state: inout ResmanState, _ parameters: ResmanParameters) -> [TankScore] {
        if state.updatesBeforeLeak > 0 {
            state.updatesBeforeLeak -= 1
        } else {
            if parameters.isAutomaticSolverOn { solve(&state, parameters) }
            leak(&state, parameters)
            flow(&state, parameters)
        }
        return settle(&state, parameters)
    }

    /// The automatic solver: for each pump not in failure, in order, three rules where later
    /// ones override earlier ones.
    static func solve(_ state: inout ResmanState, _ parameters: ResmanParameters) {
        for (index, pipe) in ResmanTopology.pumps.enumerated() where state.pumps[index] != .failure {
            let source = parameters.tanks[pipe.from.rawValue], destination = parameters.tanks[pipe.to.rawValue]
            let sourceLevel = state.level(pipe.from), destinationLevel = state.level(pipe.to)
            // (a) Always draw from a tank that never runs out.
            if !source.isDepletable && state.pumps[index] == .off { state.pumps[index] = .on }
            // (b) Fill a target tank that is low, stop filling one that is high.
            if let target = destination.target {
                if destinationLevel <= target - 50 {
                    state.pumps[index] = .on
                } else if destinationLevel >= target + 50 {
                    state.pumps[index] = .off
                }
            }
            // (c) Between two target tanks, pump only from the fuller one towards a lack.
            if source.target != nil, let target = destination.target {
                state.pumps[index] = sourceLevel >= target && target >= destinationLevel ? .on : .off
            }
        }
    }

    /// Target tanks lose `int(lossperminute · minutes per update)`, never below zero.
    static func leak(_ state: inout ResmanState, _ parameters: ResmanParameters) {
        for tank in ResmanTank.allCases where parameters.tanks[tank.rawValue].target != nil {
            let loss = Int((Double(parameters.tanks[tank.rawValue].lossPerMinute) * parameters.minutesPerUpdate).rounded(.towardZero))
            state.levels[tank.rawValue] -= min(loss, state.levels[tank.rawValue])
        }
    }

    /// Pumps that are on move `int(flow · minutes per update)` (at most what the source
    /// holds), in pump order; a non-depletable source is not drawn down, and the
    /// destination takes at most its remaining capacity.
    static func flow(_ state: inout ResmanState, _ parameters: ResmanParameters) {
        for (index, pipe) in ResmanTopology.pumps.enumerated() where state.pumps[index] == .on {
            let sourceLevel = state.level(pipe.from)
            let volume = min(Double(parameters.flowsPerMinute[index]) * parameters.minutesPerUpdate, Double(sourceLevel))
            let moved = Int(volume.rounded(.towardZero))
            if parameters.tanks[pipe.from.rawValue].isDepletable { state.levels[pipe.from.rawValue] -= moved }
            let room = parameters.tanks[pipe.to.rawValue].max - state.level(pipe.to)
            state.levels[pipe.to.rawValue] += min(moved, room)
        }
    }

    /// Turns off (unless failed) the pumps into full tanks and out of empty ones, and scores
    /// the target tanks.
    static func settle(_ state: inout ResmanState, _ parameters: ResmanParameters) -> [TankScore] {
        var scores: [TankScore] = []
        for tank in ResmanTank.allCases {
            let settings = parameters.tanks[tank.rawValue]
            let level = state.level(tank)
            for (index, pipe) in ResmanTopology.pumps.enumerated() where state.pumps[index] != .failure {
                if level >= settings.max ? pipe.to == tank : (level <= 0 && pipe.from == tank) {
                    state.pumps[index] = .off
                }
            }
            guard let target = settings.target else { continue }
            var score = TankScore(tank: tank, responseTimeMs: nil, tolerance: .notApplicable, deviation: level - target)
            let radius = parameters.toleranceRadius
            if radius > 0 {
                let isInside = Double(target) - radius <= Double(level) && Double(level) <= Double(target) + radius
                score.tolerance = isInside ? .inside : .outside
                if !isInside {
                    state.responseTimesMs[tank.rawValue] += parameters.updatePeriodMs
                } else if state.responseTimesMs[tank.rawValue] > 0 {
                    score.responseTimeMs = state.responseTimesMs[tank.rawValue]
                    state.responseTimesMs[tank.rawValue] = 0
                }
            }
            state.tolerance[tank.rawValue] = score.tolerance
            scores.append(score)
        }
        return scores
    }

    /// A pump key or tap toggles the pump between off and on; a failed pump does not react.
    /// - Returns: whether the pump changed.
    @discardableResult
    public static func toggle(pump index: Int, in state: inout ResmanState) -> Bool {
        switch state.pumps[index] {
        case .off: state.pumps[index] = .on
        case .on: state.pumps[index] = .off
        case .failure: return false
        }
        return true
    }
}
