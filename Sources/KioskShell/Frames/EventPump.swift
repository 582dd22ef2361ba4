import CSDL2
import KioskCore
import KioskData

/// Turns SDL events into timestamped `InputEvent`s in reference coordinates.
///
/// **Timestamps.** SDL 2 stamps an event with `SDL_GetTicks()` (whole milliseconds, on
/// CLOCK_MONOTONIC_RAW) at the moment `SDL_PumpEvents` reads it from the window system, not
/// when the window system received it. So the SDL stamp holds no earlier information than
/// reading our own clock right after pumping, only coarser (1 ms) and on a clock that drifts
/// from CLOCK_MONOTONIC by up to ~0.05 % under NTP slewing (a one-off offset would be off by
/// 1.8 s after an hour). Each poll therefore pumps once and stamps its events with
/// `MonotonicClock.now()` read right after. Events SDL queued before this pump (its own
/// internal pumps, or `SDL_PushEvent`) are at least 2 ms old by SDL's clock, and are moved
/// back by that age, converted with the offset measured at this same pump (no drift). The
/// stamp is thus the time the shell first saw the event: up to one poll interval (one frame)
/// after the touch or key press itself.
///
/// **Pointers.** Mouse button 1 and touch fingers become `pointerDown/Move/Up`, at
/// reference positions rounded to 1/100 pixel. Mouse motion
/// with no button held (hover) is reported too, but at most once per poll (the latest
/// position): it is cheap, and the slider and replay cursor can use it. Mouse events SDL
/// synthesised from touch are dropped, so a tap never counts twice. When the
/// `SDL_MOUSE_TOUCH_EVENTS` hint is on (end-to-end tests drive "touch" with xdotool this
/// way), the mouse's button and drag events are dropped instead and the touches SDL made
/// from them are kept. A pen reaches SDL 2 as mouse button 1, so it works as a finger does.
///
/// **Joysticks.** With the SDL backend, joystick and game-controller events go to
/// ``joysticks`` and come out as joystick inputs stamped like every other event here.
public final class EventPump {
    private let window: Window
    private var sdlEvents = [SDL_Event](repeating: SDL_Event(), count: 64)
    /// Whether SDL makes touches from the mouse, so mouse buttons would count twice.
    private let mouseMakesTouches: Bool
    /// The SDL joystick backend, when it is the one in use.
    public var joysticks: SDLJoystickSource?

    public init(window: Window, joysticks: SDLJoystickSource? = nil) {
        self.window = window
        self.joysticks = joysticks
        mouseMakesTouches = SDL_GetHintBoolean(SDL_HINT_MOUSE_TOUCH_EVENTS, SDL_FALSE) == SDL_TRUE
    }

    /// Appends the events that arrived since the last poll to `events`.
    ///
    /// - Returns: what happened to the window, for `FrameRenderer.windowDidChange`.
    @discardableResult
    public func poll(into events: inout [InputEvent], canvas: Canvas = .openMATB) -> WindowChange {
        SDL_PumpEvents()
        let now = MonotonicClock.now()
        let ticksNow = UInt32(truncatingIfNeeded: SDL_GetTicks64())
        let size = window.size
        let transform = ReferenceTransform(pixelWidth: max(size.width, 1), pixelHeight: max(size.height, 1), canvas: canvas)
        var change: WindowChange = []
        var quitReported = false
        var hoverIndex: Int?
        while true {
            let count = sdlEvents.withUnsafeMutableBufferPointer { buffer in
                SDL_PeepEvents(
                    buffer.baseAddress, Int32(buffer.count), SDL_GETEVENT,
                    SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue)
            }
            guard count > 0 else { break }
            for i in 0..<Int(count) {
                let event = sdlEvents[i]
                let age = Int64(ticksNow &- event.common.timestamp)
                // Up to 1 ms is the quantisation of SDL's stamp; a wrapped (negative) age is noise.
                let time = age >= 2 && age < 60_000 ? MonotonicTime(nanoseconds: now.nanoseconds - age * 1_000_000) : now
                switch SDL_EventType(rawValue: event.type) {
                case SDL_QUIT:
                    if !quitReported { events.append(InputEvent(time: time, .quitRequested)) }
                    quitReported = true
                case SDL_WINDOWEVENT:
                    let kind = SDL_WindowEventID(rawValue: UInt32(event.window.event))
                    change.formUnion(WindowChange(windowEvent: kind))
                    if kind == SDL_WINDOWEVENT_CLOSE {
                        if !quitReported { events.append(InputEvent(time: time, .quitRequested)) }
                        quitReported = true
                    }
                case SDL_DISPLAYEVENT, SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET:
                    change.formUnion(WindowChange(eventType: SDL_EventType(rawValue: event.type)))
                case SDL_KEYDOWN:
                    guard event.key.repeat == 0 else { continue }
                    events.append(InputEvent(time: time, .keyPress(SDLKeyNames.name(of: event.key.keysym))))
                case SDL_KEYUP:
                    events.append(InputEvent(time: time, .keyRelease(SDLKeyNames.name(of: event.key.keysym))))
                case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
                    let b = event.button
                    guard b.which != CSDL_TOUCH_MOUSEID, !mouseMakesTouches, Int32(b.button) == SDL_BUTTON_LEFT else { continue }
                    let point = Self.quantized(transform.referencePoint(windowX: Double(b.x), windowY: Double(b.y)))
                    let down = event.type == SDL_MOUSEBUTTONDOWN.rawValue
                    events.append(InputEvent(time: time, down ? .pointerDown(point, .mouse) : .pointerUp(point, .mouse),
                                             pointerSample: PointerSample(inContact: down)))
                case SDL_MOUSEMOTION:
                    let m = event.motion
                    guard m.which != CSDL_TOUCH_MOUSEID else { continue }
                    let point = Self.quantized(transform.referencePoint(windowX: Double(m.x), windowY: Double(m.y)))
                    let held = m.state & CSDL_BUTTON(UInt32(SDL_BUTTON_LEFT)) != 0
                    let move = InputEvent(time: time, .pointerMove(point, .mouse), pointerSample: PointerSample(inContact: held))
                    if held {
                        // Drags keep every sample (drawing pad strokes), unless SDL makes touches of them.
                        if !mouseMakesTouches { events.append(move) }
                    } else if let index = hoverIndex, index == events.count - 1 {
                        events[index] = move  // consecutive hovers collapse to the latest
                    } else {
                        hoverIndex = events.count
                        events.append(move)
                    }
                case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
                    let f = event.tfinger
                    let point = Self.quantized(transform.referencePoint(normalizedX: Double(f.x), normalizedY: Double(f.y)))
                    let pointer = InputEvent.Pointer.finger(f.fingerId)
                    let payload: InputEvent.Payload
                    switch event.type {
                    case SDL_FINGERDOWN.rawValue: payload = .pointerDown(point, pointer)
                    case SDL_FINGERUP.rawValue: payload = .pointerUp(point, pointer)
                    default: payload = .pointerMove(point, pointer)
                    }
                    // SDL 2 reports a finger's pressure (1 where the screen measures none) but
                    // no tilt, and no pen apart from a finger.
                    let sample = PointerSample(inContact: event.type != SDL_FINGERUP.rawValue, pressure: Double(f.pressure))
                    events.append(InputEvent(time: time, payload, pointerSample: sample))
                case let type where SDLJoystickSource.handles(type.rawValue):
                    joysticks?.handle(event, at: time, into: &events)
                default:
                    break
                }
            }
        }
        return change
    }

    /// A position rounded to 1/100 reference pixel: finer than any screen, and it keeps the
    /// float noise of SDL's normalised touch coordinates (`1487.9999542…`) out of the log.
    static func quantized(_ point: Point) -> Point {
        Point((point.x * 100).rounded() / 100, (point.y * 100).rounded() / 100)
    }
}
