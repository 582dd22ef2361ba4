/// A practice block's criterion (docs/plans.md: Practice until a criterion): the block runs
/// again until one of its figures (as the session catalogue has them) reaches a threshold,
/// `repeat_until = "accuracy >= 0.8"`, at most `max_repeats` times in all.
public struct RepeatCriterion: Hashable, Sendable, CustomStringConvertible {
    /// The figure's name as the block reports it: `accuracy`, `d′`, `track in target %`.
    public var figure: String
    public var comparison: Comparison
    public var threshold: Double

    public enum Comparison: String, Hashable, Sendable, CaseIterable {
        case atLeast = ">=", atMost = "<=", above = ">", below = "<"

        func holds(_ value: Double, _ threshold: Double) -> Bool {
            switch self {
            case .atLeast: value >= threshold
            case .atMost: value <= threshold
            case .above: value > threshold
            case .below: value < threshold
            }
        }
    }

    /// Why a criterion's text cannot be read.
    public struct Problem: Error, Hashable, Sendable {
        public var message: String
    }

    /// Plain-keyboard spellings of figure names, so a plan need not type a prime.
    static let aliases = ["d'": "d′", "dprime": "d′", "d-prime": "d′"]

    public init(figure: String, comparison: Comparison, threshold: Double) {
        self.figure = figure
        self.comparison = comparison
        self.threshold = threshold
    }

    /// Reads `FIGURE OP NUMBER`; the figure is everything before the comparison, so names
    /// with spaces (`median RT ms`) need no quotes. A failure says what was expected.
    public static func parse(_ text: String) -> Result<RepeatCriterion, Problem> {
        let expected = "expected \"FIGURE >= NUMBER\" (or <=, >, <), e.g. \"accuracy >= 0.8\""
        // The two-character comparisons first, so ">=" is not read as ">".
        let operators: [Comparison] = [.atLeast, .atMost, .above, .below]
        guard let (comparison, range) = operators.lazy.compactMap({ op in text.firstRange(of: op.rawValue).map { (op, $0) } }).first else {
            return .failure(Problem(message: expected))
        }
        let name = text[..<range.lowerBound].trimmingSpacesAndTabs(), number = text[range.upperBound...].trimmingSpacesAndTabs()
        guard !name.isEmpty else { return .failure(Problem(message: "\(expected): no figure before \(comparison.rawValue)")) }
        guard let threshold = Double(number), threshold.isFinite else {
            return .failure(Problem(message: "\(expected): \"\(number)\" after \(comparison.rawValue) is not a number"))
        }
        return .success(RepeatCriterion(figure: aliases[name] ?? name, comparison: comparison, threshold: threshold))
    }

    /// What the figures of one run say: met, not met, or nil when the run did not report the
    /// figure as a number (a block stopped before its first trial).
    public func isMet(by figures: [String: String]) -> Bool? {
        guard let value = value(in: figures) else { return nil }
        return comparison.holds(value, threshold)
    }

    /// The figure's value in a run's figures.
    public func value(in figures: [String: String]) -> Double? {
        figures[figure].flatMap { Double($0) }.flatMap { $0.isFinite ? $0 : nil }
    }

    /// The threshold as a plan would write it: `0.8`, `70`.
    public var thresholdText: String {
        threshold == threshold.rounded() && abs(threshold) < 1e15 ? String(Int(threshold)) : String(threshold)
    }

    public var description: String { "\(figure) \(comparison.rawValue) \(thresholdText)" }
}
