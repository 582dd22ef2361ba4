extension BehaviourModel {
    /// What in the model the plan has no use for: behaviour for a kind of block the plan does
    /// not run, or a visit it does not have. A model that says more than the plan is a model
    /// written for another plan, so it is refused rather than ignored.
    public func problems(against plan: Plan, file: String) -> [ScenarioDiagnostic] {
        let kinds = Set(plan.blocks.map(\.kind.name))
        let visitNames = plan.visits.map(\.name)
        var problems: [ScenarioDiagnostic] = []
        var reported = Set<String>()
        for place in blockKindPlaces where kinds.isDisjoint(with: place.kinds) && reported.insert("\(place.line):\(place.column)").inserted {
            let named = place.kinds.map { "`\($0)`" }.joined(separator: " or ")
            problems.append(ScenarioDiagnostic(file: file, line: place.line, column: place.column, severity: .error,
                                               message: "the plan \(plan.studyName) has no \(named) block for this to drive"))
        }
        for place in visitPlaces where !visitNames.contains(place.visit) {
            let known = visitNames.isEmpty ? "the plan has no visits" : "its visits are \(visitNames.joined(separator: ", "))"
            problems.append(ScenarioDiagnostic(file: file, line: place.line, column: place.column, severity: .error,
                                               message: "the plan \(plan.studyName) has no visit \"\(place.visit)\"; \(known)"))
        }
        if let place = attendancePlace, visitNames.count < 2 {
            problems.append(ScenarioDiagnostic(file: file, line: place.line, column: place.column, severity: .error,
                                               message: "the plan \(plan.studyName) has no visit after its first for [attendance] to make late or miss"))
        }
        return problems
    }
}
