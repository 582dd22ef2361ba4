extension PlanBlockKind {
    /// An OpenMATB scenario, which may set the on-screen stick for itself.
    public static let matb = PlanBlockKind(name: "matb", fileKey: "scenario", takesStickSettings: true, takesRules: true,
                                               figures: .fromFile)
}
