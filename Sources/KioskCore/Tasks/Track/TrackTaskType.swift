extension TaskType {
    /// Tracking (OpenMATB plugins/track.py).
    public static let track = TaskType(descriptor: .track, automationAnchor: (0.35, 0.1)) { _, _ in TrackTask() }
}
