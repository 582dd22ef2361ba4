/// What the reticle widget shows, as OpenMATB's widget holds it.
///
/// The metrics read it, not the latest generated position, so they lag one update
/// (docs/openmatb-behaviour.md: Tracking); while the task is hidden it does not refresh and the metrics
/// read a frozen cursor, as in OpenMATB.
struct TrackDisplay: Equatable {
    /// `cursor_relative`: the cursor relative to the reticle centre.
    var cursor = TrackVector.zero
    /// The cursor's absolute reference position; cursor rows are logged only when it changes.
    var absolute: TrackVector
    var color: PyValue
    var targetProportion: Double

    /// The widget as `start` creates it: cursor at the centre.
    init(geometry: TrackGeometry, color: PyValue, targetProportion: Double) {
        absolute = geometry.center
        self.color = color
        self.targetProportion = targetProportion
    }

    /// Shows `cursor`, `color` and `targetProportion`; returns the `(attribute, value)` of each
    /// change in OpenMATB's order: `cursor_relative` and `cursor_proportional` (when the
    /// absolute position moved), `cursor_color`, `target_proportion`.
    mutating func refresh(
        cursor newCursor: TrackVector, color newColor: PyValue, targetProportion proportion: PyValue, geometry: TrackGeometry
    ) -> [(attribute: String, value: PyValue)] {
        var changes: [(String, PyValue)] = []
        cursor = newCursor
        let newAbsolute = TrackVector(x: newCursor.x + geometry.center.x, y: newCursor.y + geometry.center.y)
        if newAbsolute != absolute {
            absolute = newAbsolute
            changes.append(("cursor_relative", .tuple([.float(newCursor.x), .float(newCursor.y)])))
            changes.append(("cursor_proportional",
                            .tuple([.float(newCursor.x / geometry.reticle.width), .float(newCursor.y / geometry.reticle.height)])))
        }
        if !WidgetColor.same(newColor, color) {
            color = newColor
            changes.append(("cursor_color", newColor))
        }
        if let value = proportion.number, value != targetProportion {
            targetProportion = value
            changes.append(("target_proportion", proportion))
        }
        return changes
    }
}
