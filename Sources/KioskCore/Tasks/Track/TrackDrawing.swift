/// Track's look (docs/openmatb-behaviour.md: Widget looks) as draw commands in reference coordinates.
///
/// Reticle: four half-axes from the centre with five graduations each (alternating long and
/// short, long at the centre), L-shaped corner marks; target: white disc with a dashed black
/// circle; cursor: a circle (4 % of the side) with a cross. The reticle is computed once per
/// area; a frame adds the target and the cursor, whose commands only change when they move.
struct TrackDrawing {
    let geometry: TrackGeometry
    private let reticleLines: [DrawCommand]

    init(area: Rect) {
        let geometry = TrackGeometry(area: area)
        self.geometry = geometry
        let c = geometry.center
        let half = geometry.side / 2
        let corner = 0.07 * geometry.side
        let graduation = 0.023 * geometry.side
        // One quarter, pointing right, as offsets from the centre; the others are rotations.
        var segments: [(TrackVector, TrackVector)] = [
            (.zero, TrackVector(x: half, y: 0)),
            (TrackVector(x: half, y: -half), TrackVector(x: half - corner, y: -half)),
            (TrackVector(x: half, y: -half), TrackVector(x: half, y: -half + corner)),
        ]
        for i in 0..<5 {
            let x = half / 4 * Double(i)
            let length = i % 2 == 0 ? 2 * graduation : graduation
            segments.append((TrackVector(x: x, y: -length), TrackVector(x: x, y: length)))
        }
        var lines: [DrawCommand] = []
        for quarter in 0..<4 {
            for (a, b) in segments {
                let ra = Self.rotated(a, quarterTurns: quarter), rb = Self.rotated(b, quarterTurns: quarter)
                lines.append(.line(Point(c.x + ra.x, c.y + ra.y), Point(c.x + rb.x, c.y + rb.y), .black, lineWidth: 2))
            }
        }
        reticleLines = lines
    }

    /// `v` turned by `quarterTurns` × 90° counter-clockwise (exact, no trigonometry).
    private static func rotated(_ v: TrackVector, quarterTurns: Int) -> TrackVector {
        switch quarterTurns % 4 {
        case 1: TrackVector(x: -v.y, y: v.x)
        case 2: TrackVector(x: -v.x, y: -v.y)
        case 3: TrackVector(x: v.y, y: -v.x)
        default: v
        }
    }

    /// Appends the reticle, the target and the cursor as `display` shows them.
    func draw(_ display: TrackDisplay, into list: inout DrawList) {
        let center = Point(geometry.center.x, geometry.center.y)
        let radius = geometry.targetRadius(proportion: display.targetProportion)
        if radius > 0 { list.append(.fillCircle(center: center, radius: radius, .white)) }
        for line in reticleLines { list.append(line) }
        if radius > 0 { list.append(.strokeCircle(center: center, radius: radius, .black, lineWidth: 2, dashed: true)) }
        let color = Color(pyValue: display.color) ?? .black
        let r = geometry.cursorRadius
        let a = display.absolute
        list.append(.strokeCircle(center: Point(a.x, a.y), radius: r, color, lineWidth: 2, dashed: false))
        list.line(Point(a.x - r, a.y), Point(a.x + r, a.y), color)
        list.line(Point(a.x, a.y - r), Point(a.x, a.y + r), color)
    }
}
