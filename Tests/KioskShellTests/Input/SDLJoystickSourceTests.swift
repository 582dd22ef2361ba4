import CSDL2
import KioskCore
import Testing

@testable import KioskShell

extension SDLSuite {
    /// The SDL backend with SDL's virtual joystick standing in for a pad.
    @Suite struct SDLJoystickSourceTests {
        /// Pumps SDL until `count` joystick inputs arrived (or half a second passed).
        func drain(_ pump: EventPump, until done: ([InputEvent]) -> Bool) -> [InputEvent] {
            var events: [InputEvent] = []
            for _ in 0..<50 where !done(events) {
                SDL_JoystickUpdate()
                pump.poll(into: &events)
                SDL_Delay(10)
            }
            return events
        }

        func attach(_ type: SDL_JoystickType, axes: Int32, buttons: Int32, hats: Int32) throws -> (index: Int32, joystick: OpaquePointer) {
            let index = SDL_JoystickAttachVirtual(type, axes, buttons, hats)
            try #require(index >= 0, "SDL_JoystickAttachVirtual: \(String(cString: SDL_GetError()))")
            let joystick = try #require(SDL_JoystickOpen(index))
            return (index, joystick)
        }

        @Test func aVirtualJoystickDrivesAxesButtonsAndHatAndItsRemovalIsADisconnect() throws {
            let window = try Window(WindowConfiguration(mode: .windowed(width: 640, height: 400), hidden: true))
            let source = try SDLJoystickSource()
            let pump = EventPump(window: window, joysticks: source)
            let (index, joystick) = try attach(SDL_JOYSTICK_TYPE_UNKNOWN, axes: 2, buttons: 3, hats: 1)
            var events = drain(pump) { $0.notices.contains { $0.kind == .connected } }
            #expect(events.notices.map(\.kind) == [.connected])
            #expect(events.notices.first?.detail == "SDL joystick, 2 axes, 3 buttons; device range")

            SDL_JoystickSetVirtualAxis(joystick, 0, 32767)
            SDL_JoystickSetVirtualAxis(joystick, 1, -32768)
            SDL_JoystickSetVirtualButton(joystick, 2, UInt8(SDL_PRESSED))
            SDL_JoystickSetVirtualHat(joystick, 0, UInt8(SDL_HAT_UP))
            events = drain(pump) { $0.count >= 4 }
            #expect(events.map(\.payload) == [
                .joystickAxes(x: 1, y: 0), .joystickAxes(x: 1, y: -1),
                .joystickButton("JOY_BTN_3", pressed: true), .joystickButton("JOY_HAT_UP", pressed: true),
            ])

            SDL_JoystickClose(joystick)
            SDL_JoystickDetachVirtual(index)
            events = drain(pump) { !$0.notices.isEmpty }
            // SDL itself may centre the axes and release the buttons as the device goes; either
            // way the session ends up with a centred stick and nothing held.
            let payloads = events.map(\.payload)
            #expect(payloads.last { if case .joystickAxes = $0 { true } else { false } } == .joystickAxes(x: 0, y: 0))
            #expect(payloads.contains(.joystickButton("JOY_BTN_3", pressed: false)))
            #expect(payloads.contains(.joystickButton("JOY_HAT_UP", pressed: false)))
            #expect(events.notices.map(\.kind) == [.disconnected])
            #expect(source.activeName == nil)
        }

        @Test func aGameControllerUsesSDLsMappingAndTheDPadIsTheHat() throws {
            let window = try Window(WindowConfiguration(mode: .windowed(width: 640, height: 400), hidden: true))
            let source = try SDLJoystickSource()
            let pump = EventPump(window: window, joysticks: source)
            let (index, joystick) = try attach(SDL_JOYSTICK_TYPE_GAMECONTROLLER, axes: Int32(SDL_CONTROLLER_AXIS_MAX.rawValue),
                                               buttons: Int32(SDL_CONTROLLER_BUTTON_MAX.rawValue), hats: 0)
            defer {
                SDL_JoystickClose(joystick)
                SDL_JoystickDetachVirtual(index)
            }
            var events = drain(pump) { $0.notices.contains { $0.kind == .connected } }
            try #require(events.notices.first?.detail.hasPrefix("SDL game controller") == true, "\(events.notices)")
            SDL_JoystickSetVirtualAxis(joystick, Int32(SDL_CONTROLLER_AXIS_LEFTX.rawValue), -32768)
            SDL_JoystickSetVirtualButton(joystick, Int32(SDL_CONTROLLER_BUTTON_A.rawValue), UInt8(SDL_PRESSED))
            SDL_JoystickSetVirtualButton(joystick, Int32(SDL_CONTROLLER_BUTTON_DPAD_LEFT.rawValue), UInt8(SDL_PRESSED))
            events = drain(pump) { $0.count >= 3 }
            #expect(events.map(\.payload) == [
                .joystickAxes(x: -1, y: 0), .joystickButton("JOY_BTN_1", pressed: true), .joystickButton("JOY_HAT_LEFT", pressed: true),
            ])
        }
    }
}
