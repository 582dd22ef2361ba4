extension TaskType {
    /// Scheduling (OpenMATB plugins/scheduling.py).
    public static let scheduling = TaskType(descriptor: .scheduling) { _, _ in SchedulingTask() }
}
