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

    /// Shows `cursor`, `color` and `targetProportion`; returns the `(address, value)` of each
    /// change in OpenMATB's order (`reticle, <attribute>`): `cursor_relative` and `cursor_proportional` (when the
    /// absolute position moved), `cursor_color`, `target_proportion`.
    mutating func refresh(
        cursor newCursor: TrackVector, color newColor: PyValue, targetProportion proportion: PyValue, geometry: TrackGeometry
    ) -> [(address: String, value: PyValue)] {
        // Whole addresses as literals: the cursor rows are most of a session's rows, and
        // building `reticle, cursor_relative` each time allocated a string per row.
        var changes: [(String, PyValue)] = []
        cursor = newCursor
        let newAbsolute = TrackVector(x: newCursor.x + geometry.center.x, y: newCursor.y + geometry.center.y)
        if newAbsolute != absolute {
            absolute = newAbsolute
            changes.reserveCapacity(2)
            changes.append(("reticle, cursor_relative", .tuple([.float(newCursor.x), .float(newCursor.y)])))
            changes.append(("reticle, cursor_proportional",
                            .tuple([.float(newCursor.x / geometry.reticle.width), .float(newCursor.y / geometry.reticle.height)])))
        }
        if newColor != color && !WidgetColor.same(newColor, color) {
            color = newColor
            changes.append(("reticle, cursor_color", newColor))
        }
        if let value = proportion.number, value != targetProportion {
            targetProportion = value
            changes.append(("reticle, target_proportion", proportion))
        }
        return changes
    }
}
