extension TaskType {
    /// The Lab Streaming Layer outlet (OpenMATB plugins/labstreaminglayer.py).
    public static let labstreaminglayer = TaskType(
        descriptor: .labstreaminglayer) { _, includes in LabStreamingLayerTask(includes: includes) }
}
