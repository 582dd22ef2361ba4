extension PlanBlockKind {
    /// An OpenMATB instructions file on its own, run as a one-plugin scenario.
    public static let instructions = PlanBlockKind(name: "instructions", fileKey: "file")
    /// An OpenMATB questionnaire on its own, run as a one-plugin scenario.
    public static let questionnaire = PlanBlockKind(name: "questionnaire", fileKey: "file")

    /// The name the one-plugin scenario of an instructions or questionnaire block goes by in
    /// its log: `<kind> <file>`, which ``slidesBlock(named:)`` reads back.
    public func slidesScenarioName(file: String) -> String { "\(name) \(file)" }

    /// The block kind and file of a one-plugin scenario, from the name its log gives it;
    /// nil for any other name.
    public static func slidesBlock(named name: String) -> (kind: PlanBlockKind, file: String)? {
        for kind in [PlanBlockKind.instructions, .questionnaire] where name.hasPrefix(kind.name + " /") {
            return (kind, String(name.dropFirst(kind.name.count + 1)))
        }
        return nil
    }
}
