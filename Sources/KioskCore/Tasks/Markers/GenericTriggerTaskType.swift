extension TaskType {
    /// Trigger rows in the log (OpenMATB plugins/generictrigger.py).
    public static let generictrigger = TaskType(descriptor: .generictrigger) { _, _ in MarkerTask() }
}
