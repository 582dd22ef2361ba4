import CSDL2
import KioskCore
import KioskData

/// The session's hardware joystick through SDL's joystick and game-controller layer: the
/// alternative to evdev for pads that need SDL's mappings (`--joystick-backend sdl`).
///
/// A pad SDL knows as a game controller reports its left stick as X/Y, its face and
/// shoulder buttons as `JOY_BTN_n` (SDL's button order + 1) and its D-pad as `JOY_HAT_*`;
/// any other joystick reports axes 0/1, its buttons in SDL's order, and its first hat.
/// Events carry the time the shell pumped them (SDL 2 keeps no device timestamps), so
/// they are up to a frame later than evdev's kernel timestamps. The ``EventPump`` hands
/// joystick events here.
public final class SDLJoystickSource {
    /// What is open.
    private enum Handle {
        case controller(OpaquePointer)
        case joystick(OpaquePointer)
    }

    private struct Active {
        var handle: Handle
        var instance: SDL_JoystickID
        var label: String
        var name: String
        var x: AxisCalibration
        var y: AxisCalibration
        var rawX = 0.0
        var rawY = 0.0
        var axes = Point(0, 0)
        var pressed: [String] = []
    }

    /// Use only a joystick with this name, not the first found.
    public let device: String?
    public let calibration: JoystickCalibration
    private var active: Active?
    private var messages: [String] = []

    /// Starts SDL's joystick and game-controller subsystems; devices already plugged in
    /// arrive as `SDL_JOYDEVICEADDED` events through the pump.
    public init(device: String? = nil, calibration: JoystickCalibration = JoystickCalibration()) throws {
        self.device = device
        self.calibration = calibration
        // A kiosk window may not have focus (no window manager, an on-screen keyboard).
        SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1")
        guard SDL_InitSubSystem(SDL_INIT_JOYSTICK | SDL_INIT_GAMECONTROLLER) == 0 else {
            throw ShellError.sdl("SDL_InitSubSystem(JOYSTICK | GAMECONTROLLER)")
        }
        SDL_JoystickEventState(SDL_ENABLE)
        SDL_GameControllerEventState(SDL_ENABLE)
    }

    deinit {
        close()
        SDL_QuitSubSystem(SDL_INIT_JOYSTICK | SDL_INIT_GAMECONTROLLER)
    }

    /// Things to tell the operator on the terminal.
    public func takeMessages() -> [String] {
        defer { messages.removeAll() }
        return messages
    }

    /// The joystick in use, by the name SDL gives it.
    public var activeName: String? { active?.name }

    /// The joystick in use: its label, raw X/Y (SDL units), axis values and held buttons.
    public var activeState: (label: String, rawX: Double, rawY: Double, axes: Point, pressed: [String])? {
        active.map { ($0.label, $0.rawX, $0.rawY, $0.axes, $0.pressed) }
    }

    /// Pumps SDL's joystick events without a window (`labkiosk devices`), stamped with the time of the pump.
    public func pumpWithoutWindow(into events: inout [InputEvent]) {
        SDL_PumpEvents()
        let time = MonotonicClock.now()
        var buffer = [SDL_Event](repeating: SDL_Event(), count: 32)
        while true {
            let count = buffer.withUnsafeMutableBufferPointer {
                SDL_PeepEvents($0.baseAddress, Int32($0.count), SDL_GETEVENT, SDL_JOYAXISMOTION.rawValue, SDL_CONTROLLERSENSORUPDATE.rawValue)
            }
            guard count > 0 else { return }
            for event in buffer.prefix(Int(count)) { handle(event, at: time, into: &events) }
        }
    }

    /// The joysticks SDL sees, one line each: index, name, whether it is a game controller, axes, buttons, hats.
    public static func listJoysticks() -> [String] {
        (0..<max(SDL_NumJoysticks(), 0)).map { index in
            let name = SDL_JoystickNameForIndex(index).map { String(cString: $0) } ?? "joystick \(index)"
            let kind = SDL_IsGameController(index) == SDL_TRUE ? "game controller" : "joystick"
            guard let joystick = SDL_JoystickOpen(index) else { return "SDL \(index)  \(name)  \(kind)  (cannot open: \(String(cString: SDL_GetError())))" }
            defer { SDL_JoystickClose(joystick) }
            return "SDL \(index)  \(name)  \(kind)  \(SDL_JoystickNumAxes(joystick)) axes, \(SDL_JoystickNumButtons(joystick)) buttons, \(SDL_JoystickNumHats(joystick)) hats"
        }
    }

    /// Whether `type` is an event this source handles.
    static func handles(_ type: UInt32) -> Bool {
        (SDL_JOYAXISMOTION.rawValue...SDL_CONTROLLERSENSORUPDATE.rawValue).contains(type)
    }

    /// Turns one SDL joystick or controller event into `InputEvent`s.
    public func handle(_ event: SDL_Event, at time: MonotonicTime, into events: inout [InputEvent]) {
        switch SDL_EventType(rawValue: event.type) {
        case SDL_JOYDEVICEADDED:
            if active == nil { open(index: event.jdevice.which, at: time, into: &events) }
        case SDL_JOYDEVICEREMOVED:
            guard let current = active, current.instance == event.jdevice.which else { return }
            disconnect(reason: "device removed", at: time, into: &events)
            for index in 0..<SDL_NumJoysticks() where active == nil { open(index: index, at: time, into: &events) }
        case SDL_JOYAXISMOTION:
            guard case .joystick = active?.handle, active?.instance == event.jaxis.which else { return }
            axis(Int(event.jaxis.axis), Double(event.jaxis.value), at: time, into: &events)
        case SDL_CONTROLLERAXISMOTION:
            guard case .controller = active?.handle, active?.instance == event.caxis.which else { return }
            axis(Int(event.caxis.axis), Double(event.caxis.value), at: time, into: &events)
        case SDL_JOYBUTTONDOWN, SDL_JOYBUTTONUP:
            guard case .joystick = active?.handle, active?.instance == event.jbutton.which else { return }
            set("\(KeyNames.joystickButtonPrefix)\(Int(event.jbutton.button) + 1)", down: event.type == SDL_JOYBUTTONDOWN.rawValue, at: time, into: &events)
        case SDL_CONTROLLERBUTTONDOWN, SDL_CONTROLLERBUTTONUP:
            guard case .controller = active?.handle, active?.instance == event.cbutton.which else { return }
            let down = event.type == SDL_CONTROLLERBUTTONDOWN.rawValue
            let button = Int32(event.cbutton.button)
            let hats: [Int32: String] = [
                SDL_CONTROLLER_BUTTON_DPAD_UP.rawValue: "JOY_HAT_UP", SDL_CONTROLLER_BUTTON_DPAD_DOWN.rawValue: "JOY_HAT_DOWN",
                SDL_CONTROLLER_BUTTON_DPAD_LEFT.rawValue: "JOY_HAT_LEFT", SDL_CONTROLLER_BUTTON_DPAD_RIGHT.rawValue: "JOY_HAT_RIGHT",
            ]
            set(hats[button] ?? "\(KeyNames.joystickButtonPrefix)\(button + 1)", down: down, at: time, into: &events)
        case SDL_JOYHATMOTION:
            guard case .joystick = active?.handle, active?.instance == event.jhat.which, event.jhat.hat == 0 else { return }
            let value = Int32(event.jhat.value)
            set("JOY_HAT_LEFT", down: value & Int32(SDL_HAT_LEFT) != 0, at: time, into: &events)
            set("JOY_HAT_RIGHT", down: value & Int32(SDL_HAT_RIGHT) != 0, at: time, into: &events)
            set("JOY_HAT_UP", down: value & Int32(SDL_HAT_UP) != 0, at: time, into: &events)
            set("JOY_HAT_DOWN", down: value & Int32(SDL_HAT_DOWN) != 0, at: time, into: &events)
        default:
            break
        }
    }

    /// Lets go of the joystick in use.
    public func close() {
        guard let current = active else { return }
        switch current.handle {
        case .controller(let pointer): SDL_GameControllerClose(pointer)
        case .joystick(let pointer): SDL_JoystickClose(pointer)
        }
        active = nil
    }

    // MARK: Private

    private func open(index: Int32, at time: MonotonicTime, into events: inout [InputEvent]) {
        let name = SDL_JoystickNameForIndex(index).map { String(cString: $0) } ?? "joystick \(index)"
        if let device, device != name { return }
        let handle: Handle
        let kind: String
        if SDL_IsGameController(index) == SDL_TRUE, let controller = SDL_GameControllerOpen(index) {
            handle = .controller(controller)
            kind = "SDL game controller"
        } else if let joystick = SDL_JoystickOpen(index) {
            handle = .joystick(joystick)
            kind = "SDL joystick"
        } else {
            let message = "cannot open joystick \(name) through SDL: \(String(cString: SDL_GetError()))"
            messages.append(message)
            events.append(InputEvent(time: time, .joystickDevice(JoystickDeviceNotice(.problem, device: name, detail: message))))
            return
        }
        let joystick: OpaquePointer?
        switch handle {
        case .controller(let pointer): joystick = SDL_GameControllerGetJoystick(pointer)
        case .joystick(let pointer): joystick = pointer
        }
        let instance = joystick.map(SDL_JoystickInstanceID) ?? -1
        // SDL's axes rest at 0 (not at the middle of −32768...32767).
        let sdlRange = AxisCalibration(minimum: Double(Int16.min), center: 0, maximum: Double(Int16.max))
        let entry = calibration.entry(backend: "sdl", device: name)
        let axesCount = joystick.map { Int(SDL_JoystickNumAxes($0)) } ?? 0
        let buttons = joystick.map { Int(SDL_JoystickNumButtons($0)) } ?? 0
        let label = "\(name) (SDL joystick \(instance))"
        var fresh = Active(handle: handle, instance: instance, label: label, name: name, x: entry?.x ?? sdlRange, y: entry?.y ?? sdlRange)
        let detail = "\(kind), \(axesCount) axes, \(buttons) buttons; " + (entry == nil ? "device range" : "calibrated")
        events.append(InputEvent(time: time, .joystickDevice(JoystickDeviceNotice(.connected, device: label, detail: detail))))
        for (name, axis) in [("X", fresh.x), ("Y", fresh.y)] {
            if let problem = axis.problem {
                events.append(InputEvent(time: time, .joystickDevice(JoystickDeviceNotice(.problem, device: label, detail: "axis \(name) is unusable: \(problem); it reads 0"))))
            }
        }
        fresh.rawX = fresh.x.center
        fresh.rawY = fresh.y.center
        active = fresh
        events.append(InputEvent(time: time, .joystickAxes(x: 0, y: 0)))
    }

    private func disconnect(reason: String, at time: MonotonicTime, into events: inout [InputEvent]) {
        guard let current = active else { return }
        if current.axes != Point(0, 0) { events.append(InputEvent(time: time, .joystickAxes(x: 0, y: 0))) }
        for name in current.pressed { events.append(InputEvent(time: time, .joystickButton(name, pressed: false))) }
        events.append(InputEvent(time: time, .joystickDevice(JoystickDeviceNotice(.disconnected, device: current.label, detail: reason))))
        close()
    }

    private func axis(_ index: Int, _ value: Double, at time: MonotonicTime, into events: inout [InputEvent]) {
        guard var current = active, index == 0 || index == 1 else { return }
        if index == 0 { current.rawX = value } else { current.rawY = value }
        let new = Point(current.x.normalize(current.rawX), current.y.normalize(current.rawY))
        if new != current.axes {
            current.axes = new
            events.append(InputEvent(time: time, .joystickAxes(x: new.x, y: new.y)))
        }
        active = current
    }

    private func set(_ name: String, down: Bool, at time: MonotonicTime, into events: inout [InputEvent]) {
        guard var current = active, current.pressed.contains(name) != down else { return }
        if down { current.pressed.append(name) } else { current.pressed.removeAll { $0 == name } }
        events.append(InputEvent(time: time, .joystickButton(name, pressed: down)))
        active = current
    }
}
