import Foundation
import Glibc
import KioskCore
import KioskData
import Testing

@testable import KioskShell

/// The evdev reader on recorded streams: regular files and FIFOs go through the same
/// `EvdevDeviceFile` and `EvdevJoystickSource` as `/dev/input/event*` nodes.
@Suite(.serialized) struct EvdevJoystickSourceTests {
    @Test func aRecordingIsReadWithItsKernelTimestampsAndEndsCleanly() throws {
        let fixture = try EvdevFixture()
        let base = (MonotonicClock.now().nanoseconds - 50_000_000) / 1000 * 1000
        let stream = EvdevFixture.frame(at: base, [(EvdevCode.absolute, EvdevCode.absX, 1023), (EvdevCode.key, 0x121, 1)])
            + EvdevFixture.frame(at: base + 4_000, [(EvdevCode.absolute, EvdevCode.absHat0Y, -1)])
            + EvdevFixture.frame(at: base + 16_667_000, [(EvdevCode.absolute, EvdevCode.absY, 0), (EvdevCode.key, 0x121, 0)])
        try fixture.record("event0", stream)
        let source = fixture.source()
        var events: [InputEvent] = []
        source.poll(into: &events)
        let label = "Fixture Stick (\(fixture.path("event0")))"
        #expect(events.notices.map(\.kind) == [.connected, .disconnected])
        #expect(events.notices.first?.device == label)
        #expect(events.notices.last?.detail == "the event stream ended")
        let times = MonotonicTime(nanoseconds: base)
        #expect(events.inputs.filter { $0.time == times }.map(\.payload) == [.joystickAxes(x: 1, y: 0.000978), .joystickButton("JOY_BTN_2", pressed: true)])
        #expect(events.inputs.first { $0.payload == .joystickButton("JOY_HAT_UP", pressed: true) }?.time.nanoseconds == base + 4_000)
        let later = events.inputs.filter { $0.time.nanoseconds == base + 16_667_000 }.map(\.payload)
        #expect(later == [.joystickAxes(x: 1, y: -1), .joystickButton("JOY_BTN_2", pressed: false)])
        // On disconnect the stick springs back and the held hat is released.
        #expect(events.inputs.suffix(2).map(\.payload) == [.joystickAxes(x: 0, y: 0), .joystickButton("JOY_HAT_UP", pressed: false)])
        // A finished recording is not replayed at the next scan.
        var again: [InputEvent] = []
        source.poll(into: &again)
        #expect(again.isEmpty)
    }

    @Test func aFIFOIsReadAsEventsArriveAndItsHangUpIsADisconnect() throws {
        let fixture = try EvdevFixture()
        let writer = try fixture.fifo("event3")
        let source = fixture.source()
        var events: [InputEvent] = []
        source.poll(into: &events)
        #expect(events.notices.map(\.kind) == [.connected])
        #expect(source.activeDevice?.isKernelDevice == false)
        events.removeAll()
        // Nothing waiting: the poll returns at once.
        let before = MonotonicClock.now()
        source.poll(into: &events)
        #expect(events.isEmpty)
        #expect(MonotonicClock.now().since(before) < 5_000_000)
        let stamp = MonotonicClock.now().nanoseconds - 2_000_000
        // One event split across two writes, as a pipe may deliver it.
        let frame = EvdevFixture.frame(at: stamp, [(EvdevCode.absolute, EvdevCode.absX, 0)])
        fixture.write(writer, Array(frame.prefix(30)))
        source.poll(into: &events)
        #expect(events.isEmpty)
        fixture.write(writer, Array(frame.dropFirst(30)))
        source.poll(into: &events)
        #expect(events == [InputEvent(time: MonotonicTime(nanoseconds: stamp / 1000 * 1000), .joystickAxes(x: -1, y: 0.000978))])
        events.removeAll()
        // The writer goes away mid-event: a clean disconnect that says so.
        fixture.write(writer, Array(EvdevFixture.frame(at: stamp, [(EvdevCode.key, 0x120, 1)]).prefix(40)))
        fixture.hangUp(writer)
        source.poll(into: &events)
        #expect(events.notices.map(\.kind) == [.disconnected])
        #expect(events.notices.first?.detail == "the event stream ended; its last event was cut short (16 of 24 bytes)")
        #expect(events.inputs.map(\.payload) == [.joystickAxes(x: 0, y: 0)])
        #expect(source.activeDevice == nil)
    }

    @Test func joysticksComingAndGoingAreFollowed() throws {
        let fixture = try EvdevFixture()
        let source = fixture.source()
        var events: [InputEvent] = []
        source.poll(into: &events)
        #expect(events.isEmpty)
        // A keyboard-like device is not taken.
        try fixture.record("event1", [], info: EvdevDeviceInfo(name: "Keyboard", axes: [], keys: [30, 31, 32]))
        let first = try fixture.fifo("event2")
        source.poll(into: &events)
        #expect(events.notices.map(\.kind) == [.connected])
        #expect(source.activeDevice?.path == fixture.path("event2"))
        // A second joystick waits while the first is in use, and takes over when it goes.
        try fixture.fifo("event5", info: EvdevDeviceInfo(name: "Second Pad", axes: EvdevFixture.stick.axes, keys: [0x130], clock: .monotonic))
        events.removeAll()
        source.poll(into: &events)
        #expect(events.isEmpty)
        fixture.hangUp(first)
        fixture.remove("event2")
        source.poll(into: &events)
        source.poll(into: &events)
        #expect(events.notices.map(\.kind) == [.disconnected, .connected])
        #expect(events.notices.last?.device == "Second Pad (\(fixture.path("event5")))")
    }

    @Test func onlyTheChosenDeviceIsUsedAndItsAbsenceIsReported() throws {
        let fixture = try EvdevFixture()
        try fixture.fifo("event0")
        let source = fixture.source(device: fixture.path("event9"))
        var events: [InputEvent] = []
        source.poll(into: &events)
        #expect(events.notices.map(\.kind) == [.problem])
        #expect(source.takeMessages() == ["joystick device \(fixture.path("event9")) is not there; waiting for it (the on-screen stick works meanwhile)"])
        events.removeAll()
        try fixture.fifo("event9")
        source.poll(into: &events)
        #expect(events.notices.map(\.kind) == [.connected])
        #expect(source.activeDevice?.path == fixture.path("event9"))
    }

    @Test func permissionDeniedNamesTheUdevRuleOnce() throws {
        let fixture = try EvdevFixture()
        try fixture.fifo("event4")
        let denied = fixture.path("event4")
        // Running as root, the test cannot be denied a file; the opener fails as open(2) would.
        let source = fixture.source(opener: { path, flags in path == denied ? -EACCES : EvdevDeviceFile.systemOpen(path, flags) })
        var events: [InputEvent] = []
        source.poll(into: &events)
        let messages = source.takeMessages()
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("cannot open joystick \(denied): permission denied. Install labkiosk's udev rule") == true)
        #expect(messages.first?.contains("sudo install -m 644 /opt/labkiosk/Assets/udev/70-labkiosk-joysticks.rules /etc/udev/rules.d/") == true)
        #expect(events.notices.map(\.kind) == [.problem])
        source.poll(into: &events)
        #expect(source.takeMessages().isEmpty)
        #expect(source.activeDevice == nil)
    }

    @Test func garbageTruncationAndAbsurdValuesAreLoggedNotFatal() throws {
        let fixture = try EvdevFixture()
        var noise: [UInt8] = []
        var state: UInt32 = 12345
        for _ in 0..<(24 * 50) {
            state = state &* 1_103_515_245 &+ 12345
            noise.append(UInt8(truncatingIfNeeded: state >> 16) | 0x40)
        }
        try fixture.record("event0", noise)
        let source = fixture.source()
        var events: [InputEvent] = []
        source.poll(into: &events)
        #expect(events.notices.map(\.kind).first == .connected)
        #expect(events.notices.last?.kind == .disconnected)
        #expect(events.notices.last?.detail.hasPrefix("this is not an input event stream") == true)

        // A description whose Y range has no width, values far outside the range, a
        // record with an impossible type, and timestamps from 1970.
        let odd = EvdevDeviceInfo(name: "Odd Stick", axes: [
            .init(code: EvdevCode.absX, minimum: -100, maximum: 100), .init(code: EvdevCode.absY, minimum: 7, maximum: 7),
        ], keys: [0x120], clock: .realtime)
        var bad = EvdevEvent(nanoseconds: 1_000, type: 0x99, code: 0, value: 0)
        bad.microseconds = 1
        try fixture.record("event1", EvdevFixture.frame(at: 1_000, [(EvdevCode.absolute, EvdevCode.absX, .max), (EvdevCode.absolute, EvdevCode.absY, .min)])
                           + bad.bytes, info: odd)
        let second = fixture.source(device: fixture.path("event1"))
        var oddEvents: [InputEvent] = []
        let before = MonotonicClock.now()
        second.poll(into: &oddEvents)
        let details = oddEvents.notices.map(\.detail)
        #expect(oddEvents.notices.map(\.kind) == [.connected, .problem, .problem, .problem, .problem, .problem, .disconnected])
        #expect(details[1] == "axis Y is unusable: its range 7...7 has no width; it reads 0")
        #expect(details[2].hasPrefix("event timestamps are not plausible on the realtime clock"))
        #expect(details[3] == "axis X reported 2147483647, outside its range -100...100; read as the nearest end")
        #expect(details[4] == "axis Y reported -2147483648, outside its range 7...7; read as the nearest end")
        #expect(details[5] == "skipped 1 malformed event record")
        #expect(oddEvents.inputs.map(\.payload).contains(.joystickAxes(x: 1, y: 0)))
        // The implausible stamps were replaced by the read time.
        #expect(oddEvents.inputs.allSatisfy { $0.time >= before })
    }

    @Test func aFloodIsSpreadOverFramesInsteadOfHoldingOneUp() throws {
        let fixture = try EvdevFixture()
        let base = MonotonicClock.now().nanoseconds - 1_000_000_000
        var stream: [UInt8] = []
        for i in 0..<3000 { stream += EvdevFixture.frame(at: base + Int64(i) * 1000, [(EvdevCode.absolute, EvdevCode.absX, Int32(i % 1024))]) }
        try fixture.record("event0", stream)
        let source = fixture.source()
        var events: [InputEvent] = []
        source.poll(into: &events)
        let perPoll = EvdevJoystickSource.eventsPerRead * EvdevJoystickSource.readsPerPoll / 2
        #expect(events.inputs.count <= perPoll + 1)
        var polls = 1
        while source.activeDevice != nil && polls < 100 {
            source.poll(into: &events)
            polls += 1
        }
        #expect(polls > 3 && source.activeDevice == nil)
        #expect(events.notices.last?.kind == .disconnected)
    }

    @Test func aCalibrationFromTheFileIsUsed() throws {
        let fixture = try EvdevFixture()
        let writer = try fixture.fifo("event0")
        let calibration = JoystickCalibration(entries: [.init(backend: "evdev", device: "Fixture Stick",
                                                              x: AxisCalibration(minimum: 100, center: 400, maximum: 900, deadZone: 20))])
        let source = fixture.source(calibration: calibration)
        var events: [InputEvent] = []
        source.poll(into: &events)
        #expect(events.notices.first?.detail.hasSuffix("; calibrated") == true)
        events.removeAll()
        fixture.write(writer, EvdevFixture.frame(at: MonotonicClock.now().nanoseconds, [(EvdevCode.absolute, EvdevCode.absX, 660)]))
        source.poll(into: &events)
        #expect(events.map(\.payload) == [.joystickAxes(x: 0.5, y: 0.000978)])
    }
}
