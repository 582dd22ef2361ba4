extension TaskType {
    /// Resources management (OpenMATB plugins/resman.py).
    public static let resman = TaskType(
        descriptor: .resman, rules: [ResmanTargetRule()], automationAnchor: (0.48, 0.55)) { _, _ in ResmanTask() }
}
