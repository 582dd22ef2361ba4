/// The reticle's place in track's task area (docs/openmatb-behaviour.md: Tracking), with OpenMATB's
/// float arithmetic so that the `aoi` row and the logged cursor values match its logs.
struct TrackGeometry: Equatable {
    /// The task area the geometry was computed for.
    let area: Rect
    /// The reticle square: side 0.8 × the task-area height, bottom at 10 % of it, centred.
    let reticle: Rect
    /// The reticle centre as OpenMATB's container computes it (`x1 + (x2 − x1)/2`).
    let center: TrackVector

    init(area: Rect) {
        self.area = area
        let bottom = area.bottom + area.height * 0.1
        let side = area.height * 0.8
        let left = area.left + area.width / 2 - side / 2
        reticle = Rect(left: left, bottom: bottom, width: side, height: side)
        let x1 = left, x2 = left + side, y1 = bottom + side, y2 = bottom
        center = TrackVector(x: x1 + (x2 - x1) / 2, y: y1 + (y2 - y1) / 2)
    }

    /// The reticle side: the unit of the cursor's reach (the cursor stays within ±side/2).
    var side: Double { reticle.width }

    /// The target radius for a target proportion (a fraction of half the side).
    func targetRadius(proportion: Double) -> Double { side / 2 * proportion }

    /// The cursor circle's radius: 4 % of the side.
    var cursorRadius: Double { side / 2 * 0.08 }
}
