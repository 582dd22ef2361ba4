extension PlanBlockKind {
    /// A check of the display against a light sensor (`labkiosk timing` as a block).
    public static let timing = PlanBlockKind(name: "timing", fileKey: "config", figures: .named(["flashes", "measured flashes"]))
}
