extension TaskType {
    /// Questionnaires of sliders (OpenMATB plugins/genericscales.py).
    public static let genericscales = TaskType(
        descriptor: .genericscales) { _, includes in GenericScalesTask(includes: includes) }
}
