extension TaskType {
    /// System monitoring (OpenMATB plugins/sysmon.py).
    public static let sysmon = TaskType(descriptor: .sysmon, automationAnchor: (0.5, 0.05)) { _, _ in SysmonTask() }
}
