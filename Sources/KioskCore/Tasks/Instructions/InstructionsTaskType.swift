extension TaskType {
    /// Instruction slides (OpenMATB plugins/instructions.py).
    public static let instructions = TaskType(descriptor: .instructions) { _, includes in InstructionsTask(includes: includes) }
}
