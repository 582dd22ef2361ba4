extension PlanBlockKind {
    /// Image judgements from a judgement configuration.
    public static let judge = PlanBlockKind(name: "judge", fileKey: "config",
                                                figures: .named(JudgeBlock.figureNames))
}
