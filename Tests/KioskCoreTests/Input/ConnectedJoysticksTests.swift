import Testing
@testable import KioskCore

/// A joystick connected while one block ran is told to the next block as it starts, with
/// where the stick is; one unplugged is not.
@Suite struct ConnectedJoysticksTests {
    private func at(_ seconds: Int64) -> MonotonicTime { MonotonicTime(nanoseconds: seconds * 1_000_000_000) }
    private let stick = JoystickDeviceNotice(.connected, device: "Stick (/dev/input/event5)", detail: "2 axes, 12 buttons")

    @Test func aJoystickConnectedEarlierIsToldWithTheSticksPosition() {
        var connected = ConnectedJoysticks()
        #expect(connected.announcement(at: at(1)).isEmpty)
        connected.note([InputEvent(time: at(2), .joystickDevice(stick)), InputEvent(time: at(2), .joystickAxes(x: 0, y: 0)),
                        InputEvent(time: at(3), .keyPress("F1")), InputEvent(time: at(4), .joystickAxes(x: 0.25, y: -0.5))])
        #expect(connected.announcement(at: at(9)) == [InputEvent(time: at(9), .joystickDevice(stick)),
                                                       InputEvent(time: at(9), .joystickAxes(x: 0.25, y: -0.5))])
    }

    @Test func aJoystickUnpluggedIsNotTold() {
        var connected = ConnectedJoysticks()
        connected.note([InputEvent(time: at(2), .joystickDevice(stick)), InputEvent(time: at(4), .joystickAxes(x: 0.25, y: -0.5)),
                        InputEvent(time: at(5), .joystickDevice(JoystickDeviceNotice(.disconnected, device: stick.device, detail: "device removed")))])
        #expect(connected.announcement(at: at(9)).isEmpty)
        // Plugged in again: told, its position not yet known.
        connected.note([InputEvent(time: at(6), .joystickDevice(stick))])
        #expect(connected.announcement(at: at(9)) == [InputEvent(time: at(9), .joystickDevice(stick))])
    }
}
