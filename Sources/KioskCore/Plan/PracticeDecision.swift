/// What a block with a criterion does after a run (docs/plans.md: Practice until a
/// criterion): run again, or let the batch go on, with the words the journal and the
/// participant's screen use for it.
public enum PracticeDecision: Hashable, Sendable {
    /// Run the block again: `journal` says why, `screen` tells the participant.
    case again(journal: String, screen: String)
    /// Go on: the criterion was met, or the block ran as often as the plan allows.
    case goOn(journal: String)

    /// - Parameters:
    ///   - figures: the run's figures, as the catalogue has them.
    ///   - run: which run this was, counting from 1.
    public static func after(run: Int, figures: [String: String], criterion: RepeatCriterion, maxRuns: Int) -> PracticeDecision {
        let of = "run \(run) of at most \(maxRuns)"
        guard let value = criterion.value(in: figures) else {
            // A run that reported no figure (stopped before its first trial) cannot be judged;
            // running it again could loop, so the batch goes on and the journal says so.
            return .goOn(journal: "\(criterion.figure) was not reported on \(of); going on without the criterion")
        }
        let shown = figures[criterion.figure] ?? String(value)
        if criterion.comparison.holds(value, criterion.threshold) {
            return .goOn(journal: "\(criterion.figure) \(shown) reached \(criterion) on \(of)")
        }
        guard run < maxRuns else {
            return .goOn(journal: "\(criterion.figure) \(shown) did not reach \(criterion) on \(of), the last the plan allows; going on")
        }
        let goal: String, threshold = criterion.thresholdText
        switch criterion.comparison {
        case .atLeast: goal = "\(threshold) or more"
        case .atMost: goal = "\(threshold) or less"
        case .above: goal = "more than \(threshold)"
        case .below: goal = "less than \(threshold)"
        }
        return .again(journal: "\(criterion.figure) \(shown) did not reach \(criterion) on \(of)",
                      screen: "Your \(criterion.figure) was \(shown); the goal is \(goal). This part runs again (\(run + 1) of at most \(maxRuns)).")
    }
}
