extension PlanBlockKind {
    /// A consent form (docs/consent.md): its pages, statements, name and signature.
    public static let consent = PlanBlockKind(name: "consent", fileKey: "form")
}
