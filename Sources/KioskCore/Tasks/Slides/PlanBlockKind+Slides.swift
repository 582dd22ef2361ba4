extension PlanBlockKind {
    /// An OpenMATB instructions file on its own, run as a one-plugin scenario.
    public static let instructions = PlanBlockKind(name: "instructions", fileKey: "file")
    /// An OpenMATB questionnaire on its own, run as a one-plugin scenario.
    public static let questionnaire = PlanBlockKind(name: "questionnaire", fileKey: "file")
}
