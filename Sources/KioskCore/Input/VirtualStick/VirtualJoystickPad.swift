/// Where the on-screen stick sits: beside the tracking reticle, inside the tracking task area.
///
/// The tracking reticle is a square of side 0.8 × the task area's height, centred in the
/// area (docs/openmatb-behaviour.md: Tracking); the stick takes the strip between the reticle and the area's
/// edge on the chosen side, so it never covers the reticle, the title or the automation label.
public struct VirtualJoystickPad: Hashable, Sendable {
    /// The stick's rest position, in reference coordinates.
    public var center: Point
    /// Full deflection: the distance from the centre, in reference pixels, that reads as ±1.
    public var travel: Double
    /// The strip beside the reticle that holds the stick; a relative-mode drag may start anywhere in it.
    public var strip: Rect

    /// Radius of the knob drawn at the current deflection.
    public var knobRadius: Double { travel * 0.3 }

    /// The pad for a tracking task occupying `region` (its whole placement region, title band included).
    public init(trackRegion region: Rect, side: VirtualJoystickSettings.Side) {
        let area = Rect(left: region.left, bottom: region.bottom, width: region.width, height: region.height * 0.9)
        let reticle = area.height * 0.8
        let stripLeft = side == .right ? area.centerX + reticle / 2 : area.left
        let stripRight = side == .right ? area.right : area.centerX - reticle / 2
        strip = Rect(left: stripLeft, bottom: area.bottom, width: max(stripRight - stripLeft, 0), height: area.height)
        center = Point(strip.centerX, area.centerY)
        // The knob (0.3 × travel) must stay inside the strip at full deflection; never so
        // small that a finger cannot hold it.
        travel = max(40, min(strip.width / 2, area.height * 0.3) / 1.3)
    }

    /// Whether a touch at `point` grabs the stick in `mode`: on the base (knob included)
    /// in absolute mode, anywhere in the strip in relative mode.
    public func grabs(_ point: Point, mode: VirtualJoystickSettings.Mode) -> Bool {
        let dx = point.x - center.x, dy = point.y - center.y
        let onBase = (dx * dx + dy * dy).squareRoot() <= travel + knobRadius
        switch mode {
        case .absolute: return onBase
        case .relative: return onBase || strip.contains(x: point.x, y: point.y)
        }
    }
}
