/// Turns resman's tank scores into its `performance` rows (docs/openmatb-behaviour.md: Resources management,
/// Log rows).
public enum ResmanScoring {
    /// The rows of one update, in OpenMATB's order: per target tank (A then B),
    /// `<x>_response_time` when the tank just came back within tolerance, then
    /// `<x>_in_tolerance` and `<x>_deviation`.
    ///
    /// - Parameter periodIsInteger: whether `taskupdatetime` is an int, which makes the
    ///   accumulated response time an int too (Python keeps the type of what it adds).
    public static func rows(_ scores: [ResmanDynamics.TankScore], periodIsInteger: Bool) -> [(address: String, value: PyValue)] {
        var rows: [(address: String, value: PyValue)] = []
        for score in scores {
            let name = score.tank.letter
            if let milliseconds = score.responseTimeMs {
                rows.append(("\(name)_response_time", periodIsInteger ? .int(Int(milliseconds)) : .float(milliseconds)))
            }
            let tolerance: PyValue
            switch score.tolerance {
            case .inside: tolerance = .bool(true)
            case .outside: tolerance = .bool(false)
            case .notApplicable: tolerance = .float(.nan)
            }
            rows.append(("\(name)_in_tolerance", tolerance))
            rows.append(("\(name)_deviation", .int(score.deviation)))
        }
        return rows
    }
}
