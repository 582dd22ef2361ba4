import CSDL2
import KioskCore
import KioskData
import Testing

@testable import KioskShell

extension SDLSuite {
    /// Events pushed into SDL's queue come out as reference-coordinate `InputEvent`s.
    @Suite struct EventPumpTests {
        func withPump(_ body: (Window, EventPump) throws -> Void) throws {
            let window = try Window(WindowConfiguration(mode: .windowed(width: 1280, height: 800), hidden: true))
            let pump = EventPump(window: window)
            var drain: [InputEvent] = []
            pump.poll(into: &drain)  // whatever window creation queued
            try body(window, pump)
        }

        func push(_ event: SDL_Event) {
            var e = event
            SDL_PushEvent(&e)
        }

        func key(_ type: SDL_EventType, _ code: SDL_KeyCode, repeating: Bool = false, numLock: Bool = false) -> SDL_Event {
            var e = SDL_Event()
            e.type = type.rawValue
            e.key.keysym.sym = Int32(bitPattern: code.rawValue)
            e.key.keysym.mod = numLock ? UInt16(KMOD_NUM.rawValue) : 0
            e.key.repeat = repeating ? 1 : 0
            e.key.state = UInt8(type == SDL_KEYDOWN ? SDL_PRESSED : SDL_RELEASED)
            return e
        }

        @Test func keysBecomeOpenMATBNamesAndRepeatsAreDropped() throws {
            try withPump { _, pump in
                push(key(SDL_KEYDOWN, SDLK_RETURN))
                push(key(SDL_KEYDOWN, SDLK_RETURN, repeating: true))
                push(key(SDL_KEYUP, SDLK_RETURN))
                push(key(SDL_KEYDOWN, SDLK_KP_1, numLock: true))
                let before = MonotonicClock.now()
                var events: [InputEvent] = []
                pump.poll(into: &events)
                let after = MonotonicClock.now()
                #expect(events.map(\.payload) == [.keyPress("ENTER"), .keyRelease("ENTER"), .keyPress("NUM_1")])
                // Pushed just now: stamped with the poll's own clock reading (SDL's 1 ms stamp says "fresh").
                for event in events { #expect(event.time >= before.addingMilliseconds(-2) && event.time <= after) }
            }
        }

        @Test func fingersAndMouseButtonOneBecomePointersInReferenceCoordinates() throws {
            try withPump { window, pump in
                var finger = SDL_Event()
                finger.type = SDL_FINGERDOWN.rawValue
                finger.tfinger.fingerId = 3
                finger.tfinger.x = 0.5
                finger.tfinger.y = 0.25
                push(finger)
                var click = SDL_Event()
                click.type = SDL_MOUSEBUTTONDOWN.rawValue
                click.button.windowID = window.id
                click.button.button = UInt8(SDL_BUTTON_LEFT)
                click.button.x = 640
                click.button.y = 400
                push(click)
                var synthetic = click
                synthetic.button.which = CSDL_TOUCH_MOUSEID
                push(synthetic)
                var right = click
                right.button.button = UInt8(SDL_BUTTON_RIGHT)
                push(right)
                var events: [InputEvent] = []
                pump.poll(into: &events)
                #expect(events.map(\.payload) == [
                    // 1280×800 letterboxes the canvas to 1280×720, 40 px down: y 200 px is 160 px into it.
                    .pointerDown(Point(960, 840), .finger(3)),
                    .pointerDown(Point(960, 540), .mouse),
                ])
            }
        }

        @Test func hoverMovesCollapseButDragsKeepEverySample() throws {
            try withPump { window, pump in
                func motion(_ x: Int32, held: Bool) -> SDL_Event {
                    var e = SDL_Event()
                    e.type = SDL_MOUSEMOTION.rawValue
                    e.motion.windowID = window.id
                    e.motion.x = x
                    e.motion.y = 400
                    e.motion.state = held ? CSDL_BUTTON(UInt32(SDL_BUTTON_LEFT)) : 0
                    return e
                }
                push(motion(0, held: false))
                push(motion(128, held: false))
                push(motion(256, held: true))
                push(motion(384, held: true))
                var events: [InputEvent] = []
                pump.poll(into: &events)
                #expect(events.map(\.payload) == [
                    .pointerMove(Point(192, 540), .mouse),
                    .pointerMove(Point(384, 540), .mouse),
                    .pointerMove(Point(576, 540), .mouse),
                ])
            }
        }

        @Test func quitAndWindowChanges() throws {
            try withPump { window, pump in
                var resize = SDL_Event()
                resize.type = SDL_WINDOWEVENT.rawValue
                resize.window.windowID = window.id
                resize.window.event = UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue)
                push(resize)
                var close = resize
                close.window.event = UInt8(SDL_WINDOWEVENT_CLOSE.rawValue)
                push(close)
                var quit = SDL_Event()
                quit.type = SDL_QUIT.rawValue
                push(quit)
                var events: [InputEvent] = []
                let change = pump.poll(into: &events)
                #expect(change == .resized)
                #expect(events.map(\.payload) == [.quitRequested])
            }
        }

        @Test func focusMaximiseAndDisplayEventsReportExposure() throws {
            // What a kiosk compositor sends when it maps, maximises or makes a window
            // fullscreen: each may have dropped the picture the window had sent.
            try withPump { window, pump in
                for kind in [SDL_WINDOWEVENT_FOCUS_GAINED, SDL_WINDOWEVENT_MAXIMIZED, SDL_WINDOWEVENT_TAKE_FOCUS,
                             SDL_WINDOWEVENT_DISPLAY_CHANGED, SDL_WINDOWEVENT_MOVED] {
                    var event = SDL_Event()
                    event.type = SDL_WINDOWEVENT.rawValue
                    event.window.windowID = window.id
                    event.window.event = UInt8(kind.rawValue)
                    push(event)
                    var events: [InputEvent] = []
                    #expect(pump.poll(into: &events) == .exposed, "window event \(kind.rawValue)")
                    #expect(events.isEmpty)
                }
                var display = SDL_Event()
                display.type = SDL_DISPLAYEVENT.rawValue
                display.display.event = UInt8(SDL_DISPLAYEVENT_ORIENTATION.rawValue)
                push(display)
                var events: [InputEvent] = []
                #expect(pump.poll(into: &events) == .exposed)
                var leave = SDL_Event()
                leave.type = SDL_WINDOWEVENT.rawValue
                leave.window.windowID = window.id
                leave.window.event = UInt8(SDL_WINDOWEVENT_LEAVE.rawValue)
                push(leave)
                #expect(pump.poll(into: &events).isEmpty)
            }
        }
    }
}

extension MonotonicTime {
    fileprivate func addingMilliseconds(_ ms: Int64) -> MonotonicTime {
        MonotonicTime(nanoseconds: nanoseconds + ms * 1_000_000)
    }
}
