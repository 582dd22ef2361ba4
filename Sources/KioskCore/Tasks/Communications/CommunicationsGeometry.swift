import RealModule

/// Where the communications widgets sit in the task area (docs/openmatb-behaviour.md: Communications),
/// with the on-screen controls labkiosk adds for touch screens, in reference pixels.
struct CommunicationsGeometry: Hashable, Sendable {
    /// An on-screen control, standing for a response key.
    enum Control: Hashable, Sendable {
        case tuneDown, tuneUp, validate
    }

    let area: Rect
    /// The callsign line, centred at 90 % of the task height.
    let callsign: Rect
    /// Per radio position 0…3: full width, 10 % of the height, from 70 % downwards by 13 %.
    let radios: [Rect]
    /// The touch strip under the radios: − (tune down), validate, + (tune up), acting on the
    /// selected radio.
    let tuneDown: Rect
    let validate: Rect
    let tuneUp: Rect

    init(area: Rect) {
        self.area = area
        callsign = Rect(left: area.left, bottom: area.bottom + area.height * 0.9 - 12, width: area.width, height: 24)
        radios = (0..<4).map { position in
            Rect(left: area.left, bottom: area.bottom + area.height * (0.7 - 0.13 * Double(position)),
                 width: area.width, height: area.height * 0.1)
        }
        let bottom = area.bottom + area.height * 0.04, height = area.height * 0.09
        tuneDown = Rect(left: area.left + area.width * 0.12, bottom: bottom, width: area.width * 0.15, height: height)
        validate = Rect(left: area.left + area.width * 0.35, bottom: bottom, width: area.width * 0.3, height: height)
        tuneUp = Rect(left: area.left + area.width * 0.73, bottom: bottom, width: area.width * 0.15, height: height)
    }

    /// The feedback outline: the radio box reduced to 60 % × 90 %.
    func feedback(row: Int) -> Rect { radios[row].reduced(widthFraction: 0.6, heightFraction: 0.9) }

    /// The four selection triangles of a radio row (▲ ▼ left of centre, ◀ ▶ right of it),
    /// as OpenMATB's `get_triangle_vertice`: a triangle a quarter of the row high, moved
    /// sideways by a fraction of the width and turned about its centroid.
    func selectionTriangles(row: Int) -> [[Point]] {
        let r = radios[row]
        let arrows: [(xRatio: Double, angle: Double)] = [(-0.23, 0), (-0.2, Double.pi), (0.2, Double.pi / 2), (0.23, 3 * Double.pi / 2)]
        return arrows.map { arrow in
            let side = 0.25 * r.height
            let left = r.centerX - side / 2 + arrow.xRatio * r.width, bottom = r.centerY - side / 2
            let points = [Point(left, bottom), Point(left + side, bottom), Point(left + side / 2, bottom + side)]
            let cx = points.map(\.x).reduce(0, +) / 3, cy = points.map(\.y).reduce(0, +) / 3
            let c = Double.cos(arrow.angle), s = Double.sin(arrow.angle)
            return points.map { p in Point(cx + c * (p.x - cx) - s * (p.y - cy), cy + s * (p.x - cx) + c * (p.y - cy)) }
        }
    }

    /// What a touch at `point` reaches: a button of the strip, or a radio row (which
    /// selects that radio).
    func target(at point: Point) -> (control: Control?, row: Int?) {
        for (control, rect) in [(Control.tuneDown, tuneDown), (.validate, validate), (.tuneUp, tuneUp)]
        where rect.contains(x: point.x, y: point.y) {
            return (control, nil)
        }
        return (nil, radios.firstIndex { $0.contains(x: point.x, y: point.y) })
    }
}
