/// Track's state between updates (docs/openmatb-behaviour.md: Tracking).
struct TrackState: Equatable {
    /// OpenMATB's cursor generator: two sine phases and the accumulated stick offsets.
    ///
    /// It lives as long as the plugin (a restart does not reset it).
    struct Generator: Equatable {
        var xPhase = 0.0
        var yPhase = 0.0
        var xOffset = 0.0
        var yOffset = 0.0
    }

    var generator = Generator()
    /// The latest generated position, shown at the next refresh.
    var cursor = TrackVector.zero
    /// Milliseconds out of the target since the cursor last left it, counted per update.
    var responseTime = PythonNumber.int(0)
    /// Whether the cursor was in the target at the last update (`nil` with no target):
    /// picks the cursor colour.
    var wasInTarget: Bool? = true
}
