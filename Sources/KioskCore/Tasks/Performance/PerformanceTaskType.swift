extension TaskType {
    /// The performance bar (OpenMATB plugins/performance.py).
    public static let performance = TaskType(descriptor: .performance) { _, _ in PerformanceTask() }
}
