/// The on-screen stick: touch or mouse input on a pad beside the tracking reticle becomes
/// `joystickAxes` values, as a hardware stick's would.
///
/// One pointer holds the stick at a time: the first finger (or the mouse, or a pen, which
/// SDL reports as the mouse) that touches down on the pad. It keeps the stick until it
/// lifts, wherever it moves, and the stick then springs back to the centre. Every other
/// pointer passes through untouched, so one hand can track while the other taps another task.
public struct VirtualJoystick: Hashable, Sendable {
    public let settings: VirtualJoystickSettings
    /// The pointer holding the stick, if any.
    public private(set) var holder: InputEvent.Pointer?
    /// The knob's offset from the centre as a fraction of full travel, in screen orientation
    /// (x right, y up), clipped to the unit circle: what the participant sees.
    public private(set) var knob = Point(0, 0)
    /// The axis values last produced (after dead zone, curve, inversion and gain).
    public private(set) var axes = Point(0, 0)
    /// Where deflection is measured from: the pad's centre, or the first touch in relative mode.
    private var origin = Point(0, 0)
    private var travel = 1.0

    public init(settings: VirtualJoystickSettings) {
        self.settings = settings
    }

    /// What the stick did with one input.
    public enum Outcome: Hashable, Sendable {
        /// Not the stick's: deliver it as usual.
        case passThrough
        /// The stick took the input; `axes` are new axis values to deliver, if they changed.
        case captured(axes: Point?)
    }

    /// Offers one input to the stick.
    ///
    /// - Parameter pad: where the stick is now, or `nil` while it is not shown; a pointer
    ///   already holding the stick keeps it (and its lift still springs it back) either way.
    public mutating func handle(_ input: InputEvent.Payload, pad: VirtualJoystickPad?) -> Outcome {
        switch input {
        case .pointerDown(let point, let pointer):
            guard holder == nil, let pad, pad.grabs(point, mode: settings.mode) else { return .passThrough }
            holder = pointer
            travel = pad.travel
            origin = settings.mode == .absolute ? pad.center : point
            return .captured(axes: deflect(to: point))
        case .pointerMove(let point, let pointer):
            guard pointer == holder else { return .passThrough }
            return .captured(axes: deflect(to: point))
        case .pointerUp(_, let pointer):
            guard pointer == holder else { return .passThrough }
            holder = nil
            return .captured(axes: springBack())
        default:
            return .passThrough
        }
    }

    /// Lets go of the stick (the window lost its pointer, say) and returns the centred
    /// axes if they changed.
    public mutating func release() -> Point? {
        holder = nil
        return springBack()
    }

    private mutating func springBack() -> Point? {
        knob = Point(0, 0)
        return update(Point(0, 0))
    }

    private mutating func deflect(to point: Point) -> Point? {
        var dx = (point.x - origin.x) / travel
        var dy = (point.y - origin.y) / travel
        let length = (dx * dx + dy * dy).squareRoot()
        if length > 1 {
            dx /= length
            dy /= length
        }
        knob = Point(dx, dy)
        // Up on screen is the stick pushed forward: y −1 (docs/openmatb-behaviour.md: Tracking).
        let shaped = settings.response.apply(x: dx, y: -dy)
        return update(Point(shaped.x, shaped.y))
    }

    private mutating func update(_ new: Point) -> Point? {
        guard new != axes else { return nil }
        axes = new
        return new
    }

    // MARK: Drawing

    /// The stick on `pad`: its base, the dead zone, and the knob where the finger holds it.
    public func draw(on pad: VirtualJoystickPad, into list: inout DrawList) {
        let c = pad.center, r = pad.travel
        list.append(.fillCircle(center: c, radius: r + pad.knobRadius, Self.baseColor))
        list.append(.strokeCircle(center: c, radius: r, .grey, lineWidth: 2, dashed: false))
        list.line(Point(c.x - r, c.y), Point(c.x + r, c.y), .grey, lineWidth: 1)
        list.line(Point(c.x, c.y - r), Point(c.x, c.y + r), .grey, lineWidth: 1)
        let dead = min(max(settings.response.deadZone, 0), StickResponse.maximumDeadZone)
        if dead > 0 {
            list.append(.strokeCircle(center: c, radius: r * dead, .grey, lineWidth: 1, dashed: true))
        }
        let knobCenter = Point(c.x + knob.x * r, c.y + knob.y * r)
        list.append(.fillCircle(center: knobCenter, radius: pad.knobRadius, holder == nil ? .black : Self.heldColor))
    }

    private static let baseColor = Color(225, 225, 225)
    private static let heldColor = Color(70, 110, 170)
}
