extension PlanBlockKind {
    /// A timed prompt sequence.
    public static let prompts = PlanBlockKind(name: "prompts", fileKey: "sequence")
}
