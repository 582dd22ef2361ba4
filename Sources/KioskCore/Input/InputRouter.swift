/// Decides where each input goes before tasks see it: pointers on the on-screen stick
/// become stick deflections, other pointers pass through, and every pointer input gets a
/// log row of its own; hardware joystick notices show or hide the on-screen stick.
///
/// **Log rows for pointers** (docs/compatibility.md): `input,touch,"finger_<id>, press|move|release",(x, y)`
/// for fingers, `input,mouse,"button_1, press|move|release",(x, y)` for the mouse (and pens,
/// which SDL 2 reports as the mouse) and `input,mouse,"hover, move",(x, y)` for the mouse
/// moving with no button held. Positions are in reference pixels (1920×1080, y up), like
/// `aoi` rows. OpenMATB's replay reads `input` rows only for module `keyboard` or an address
/// containing `joystick`, so it skips these.
public struct InputRouter: Hashable, Sendable {
    public private(set) var stick: VirtualJoystick
    /// Hardware joysticks currently connected, by the name their notices give.
    public private(set) var connectedJoysticks: [String] = []
    private var mouseButtonHeld = false

    public init(stick settings: VirtualJoystickSettings) {
        stick = VirtualJoystick(settings: settings)
    }

    /// One thing to do for a routed input, in order.
    public enum Step: Hashable, Sendable {
        /// Handle this input as the session always does (dialogs, tasks, keyboard rows).
        case deliver(InputEvent.Payload)
        /// Write an `input` row.
        case log(module: String, address: String, value: PyValue)
        /// Write a `manual` row.
        case note(String)
    }

    /// Whether the on-screen stick is offered now (its tracking task must also be showing).
    public var offersVirtualStick: Bool {
        switch stick.settings.visibility {
        case .auto: connectedJoysticks.isEmpty
        case .on: true
        case .off: false
        }
    }

    /// The pad the stick occupies for a tracking task in `trackRegion`, if it is offered.
    public func pad(trackRegion: Rect?) -> VirtualJoystickPad? {
        guard offersVirtualStick, let region = trackRegion, !region.isEmpty else { return nil }
        return VirtualJoystickPad(trackRegion: region, side: stick.settings.side)
    }

    /// What to do with one input.
    ///
    /// - Parameter trackRegion: the region of the tracking task while it shows, else `nil`.
    public mutating func route(_ input: InputEvent.Payload, trackRegion: Rect?) -> [Step] {
        switch input {
        case .pointerDown(let point, let pointer), .pointerMove(let point, let pointer), .pointerUp(let point, let pointer):
            let row = pointerRow(input, point, pointer)
            switch stick.handle(input, pad: pad(trackRegion: trackRegion)) {
            case .passThrough:
                return [.deliver(input), row]
            case .captured(let axes):
                return (axes.map { [.deliver(.joystickAxes(x: $0.x, y: $0.y))] } ?? []) + [row]
            }
        case .joystickDevice(let notice):
            switch notice.kind {
            case .connected:
                if !connectedJoysticks.contains(notice.device) { connectedJoysticks.append(notice.device) }
            case .disconnected:
                connectedJoysticks.removeAll { $0 == notice.device }
            case .problem:
                break
            }
            var steps: [Step] = [.note(notice.logText)]
            if notice.kind == .disconnected && offersVirtualStick {
                steps.append(.note("labkiosk: no joystick connected; the on-screen stick takes over"))
            }
            return steps
        case .pointerDevice:
            // Pens and touchscreens read from evdev serve the drawing pad; MATB's logs do not
            // change with them.
            return []
        default:
            return [.deliver(input)]
        }
    }

    /// The on-screen stick, if it is offered and its tracking task shows in `trackRegion`.
    public func draw(trackRegion: Rect?, into list: inout DrawList) {
        guard let pad = pad(trackRegion: trackRegion) else { return }
        stick.draw(on: pad, into: &list)
    }

    private mutating func pointerRow(_ input: InputEvent.Payload, _ point: Point, _ pointer: InputEvent.Pointer) -> Step {
        let action: String
        switch input {
        case .pointerDown: action = "press"
        case .pointerUp: action = "release"
        default: action = "move"
        }
        let position = PyValue.tuple([.float(point.x), .float(point.y)])
        switch pointer {
        case .finger(let id):
            return .log(module: "touch", address: "finger_\(id), \(action)", value: position)
        case .pen(let id):
            return .log(module: "pen", address: "pen_\(id), \(action)", value: position)
        case .eraser(let id):
            return .log(module: "pen", address: "eraser_\(id), \(action)", value: position)
        case .mouse:
            let hover = action == "move" && !mouseButtonHeld
            if action == "press" { mouseButtonHeld = true }
            if action == "release" { mouseButtonHeld = false }
            return .log(module: "mouse", address: hover ? "hover, move" : "button_1, \(action)", value: position)
        }
    }
}
