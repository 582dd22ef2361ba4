extension PlanBlockKind {
    /// A drawing-pad experiment from an InteractLog configuration.
    public static let pad = PlanBlockKind(name: "pad", fileKey: "config")
}
