extension TaskType {
    /// Communications (OpenMATB plugins/communications.py).
    public static let communications = TaskType(
        descriptor: .communications, rules: [CallsignRegexRule()], automationAnchor: (0.5, 0.2)) { _, _ in CommunicationsTask() }
}
