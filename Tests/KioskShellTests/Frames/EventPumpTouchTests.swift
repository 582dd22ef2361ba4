import CSDL2
import KioskCore
import Testing

@testable import KioskShell

extension SDLSuite {
    /// Touch and mouse never count twice, whichever way SDL is told to synthesise one from the other.
    @Suite struct EventPumpTouchTests {
        func mouseButton(_ window: Window, down: Bool, which: UInt32 = 0) -> SDL_Event {
            var e = SDL_Event()
            e.type = down ? SDL_MOUSEBUTTONDOWN.rawValue : SDL_MOUSEBUTTONUP.rawValue
            e.button.windowID = window.id
            e.button.which = which
            e.button.button = UInt8(SDL_BUTTON_LEFT)
            e.button.x = 320
            e.button.y = 200
            return e
        }

        func finger(_ type: SDL_EventType, id: Int64, touch: Int64, x: Float, y: Float) -> SDL_Event {
            var e = SDL_Event()
            e.type = type.rawValue
            e.tfinger.touchId = touch
            e.tfinger.fingerId = id
            e.tfinger.x = x
            e.tfinger.y = y
            return e
        }

        func push(_ event: SDL_Event) {
            var e = event
            SDL_PushEvent(&e)
        }

        @Test func withMouseTouchEventsOnTheTouchesSDLMadeAreKeptAndTheMouseIsDropped() throws {
            let window = try Window(WindowConfiguration(mode: .windowed(width: 640, height: 400), hidden: true))
            SDL_SetHintWithPriority(SDL_HINT_MOUSE_TOUCH_EVENTS, "1", SDL_HINT_OVERRIDE)
            defer { SDL_SetHintWithPriority(SDL_HINT_MOUSE_TOUCH_EVENTS, "0", SDL_HINT_OVERRIDE) }
            let pump = EventPump(window: window)
            var drain: [InputEvent] = []
            pump.poll(into: &drain)
            // What SDL queues for one xdotool click with the hint on: the real mouse events and
            // the touch it made from them (touch id SDL_MOUSE_TOUCHID = −1, finger 0).
            push(mouseButton(window, down: true))
            push(finger(SDL_FINGERDOWN, id: 0, touch: -1, x: 0.5, y: 0.5))
            var drag = SDL_Event()
            drag.type = SDL_MOUSEMOTION.rawValue
            drag.motion.windowID = window.id
            drag.motion.x = 400
            drag.motion.y = 200
            drag.motion.state = CSDL_BUTTON(UInt32(SDL_BUTTON_LEFT))
            push(drag)
            push(finger(SDL_FINGERMOTION, id: 0, touch: -1, x: 0.625, y: 0.5))
            push(mouseButton(window, down: false))
            push(finger(SDL_FINGERUP, id: 0, touch: -1, x: 0.625, y: 0.5))
            var events: [InputEvent] = []
            pump.poll(into: &events)
            #expect(events.map(\.payload) == [
                .pointerDown(Point(960, 540), .finger(0)), .pointerMove(Point(1200, 540), .finger(0)), .pointerUp(Point(1200, 540), .finger(0)),
            ])
            // Each carries its tool's contact state: in contact until it lifts.
            #expect(events.map { $0.pointerSample?.inContact } == [true, true, false])
            #expect(events.allSatisfy { $0.payload.pointer?.tool == .finger })
        }

        @Test func aFingersPressureAndTheBlocksCanvasReachTheEvent() throws {
            let window = try Window(WindowConfiguration(mode: .windowed(width: 640, height: 400), hidden: true))
            let pump = EventPump(window: window)
            var drain: [InputEvent] = []
            pump.poll(into: &drain)
            var down = finger(SDL_FINGERDOWN, id: 4, touch: 2, x: 0.5, y: 0.5)
            down.tfinger.pressure = 0.25
            push(down)
            var events: [InputEvent] = []
            // A 1000×1000 canvas letterboxed in 640×400: the window's centre is the canvas's.
            pump.poll(into: &events, canvas: Canvas(width: 1000, height: 1000))
            #expect(events.map(\.payload) == [.pointerDown(Point(500, 500), .finger(4))])
            #expect(events.first?.pointerSample == PointerSample(inContact: true, pressure: 0.25))
        }

        @Test func twoFingersStayApartAndTheMouseSDLMadeFromTouchIsDropped() throws {
            let window = try Window(WindowConfiguration(mode: .windowed(width: 640, height: 400), hidden: true))
            let pump = EventPump(window: window)
            var drain: [InputEvent] = []
            pump.poll(into: &drain)
            push(finger(SDL_FINGERDOWN, id: 11, touch: 3, x: 0.775, y: 0.275))
            push(mouseButton(window, down: true, which: CSDL_TOUCH_MOUSEID))
            push(finger(SDL_FINGERDOWN, id: 12, touch: 3, x: 0.125, y: 0.25))
            push(finger(SDL_FINGERUP, id: 12, touch: 3, x: 0.125, y: 0.25))
            push(finger(SDL_FINGERMOTION, id: 11, touch: 3, x: 0.8, y: 0.275))
            var events: [InputEvent] = []
            pump.poll(into: &events)
            #expect(events.map(\.payload) == [
                // 640×400 letterboxes the canvas to 640×360, 20 px down.
                .pointerDown(Point(1488, 810), .finger(11)),
                .pointerDown(Point(240, 840), .finger(12)), .pointerUp(Point(240, 840), .finger(12)),
                .pointerMove(Point(1536, 810), .finger(11)),
            ])
        }
    }
}
