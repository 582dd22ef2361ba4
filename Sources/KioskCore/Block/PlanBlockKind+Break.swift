extension PlanBlockKind {
    /// A rest between blocks: timed, or self-paced with a least length.
    public static let `break` = PlanBlockKind(name: "break", fileKey: nil)
}
