import Testing
@testable import KioskCore

@Suite struct EvdevJoystickTests {
    /// An 8-bit stick with a flat of 4, a hat, and three buttons (one an extra "trigger happy" one).
    static let info = EvdevDeviceInfo(
        name: "Test Stick", axes: [
            .init(code: EvdevCode.absX, minimum: 0, maximum: 255, flat: 4, value: 128),
            .init(code: EvdevCode.absY, minimum: 0, maximum: 255, flat: 4, value: 127),
            .init(code: EvdevCode.absHat0X, minimum: -1, maximum: 1),
            .init(code: EvdevCode.absHat0Y, minimum: -1, maximum: 1),
        ], keys: [0x2c0, 0x121, 0x120])

    static func t(_ ms: Int64) -> MonotonicTime { MonotonicTime(nanoseconds: ms * 1_000_000) }

    func feed(_ stick: inout EvdevJoystick, _ items: [(UInt16, UInt16, Int32)], at ms: Int64) -> [InputEvent.Payload] {
        var out: [InputEvent] = []
        for (type, code, value) in items {
            out += stick.consume(EvdevEvent(nanoseconds: 0, type: type, code: code, value: value), at: Self.t(ms))
        }
        out += stick.consume(EvdevEvent(nanoseconds: 0, type: EvdevCode.synchronization, code: EvdevCode.synReport, value: 0), at: Self.t(ms))
        for event in out { #expect(event.time == Self.t(ms)) }
        return out.map(\.payload)
    }

    @Test func classifiesJoysticksAndNumbersButtonsInCodeOrder() {
        #expect(Self.info.isJoystick)
        #expect(Self.info.buttonName(0x120) == "JOY_BTN_1")
        #expect(Self.info.buttonName(0x2c0) == "JOY_BTN_3")
        #expect(Self.info.buttonName(0x130) == nil)
        var touchscreen = Self.info
        touchscreen.keys.append(EvdevCode.btnTouch)
        #expect(!touchscreen.isJoystick)
        let keyboardish = EvdevDeviceInfo(name: "k", axes: Self.info.axes, keys: [30, 31])
        #expect(!keyboardish.isJoystick)
        #expect(Self.info.capabilitySummary == "2 axes (X 0...255, Y 0...255), hat, 3 buttons")
    }

    @Test func connectingReportsTheDeviceAndWhereTheStickIs() {
        var stick = EvdevJoystick(info: Self.info, path: "/dev/input/event4")
        let events = stick.connect(at: Self.t(5)).map(\.payload)
        #expect(events == [
            .joystickDevice(JoystickDeviceNotice(.connected, device: "Test Stick (/dev/input/event4)", detail: "2 axes (X 0...255, Y 0...255), hat, 3 buttons; device range")),
            .joystickAxes(x: 0, y: 0),
        ])
    }

    @Test func axesNormaliseWithRangeAndFlatAtTheReportTime() {
        var stick = EvdevJoystick(info: Self.info, path: "p")
        _ = stick.connect(at: Self.t(0))
        // Within the flat of the centre (127.5): rest.
        #expect(feed(&stick, [(EvdevCode.absolute, EvdevCode.absX, 131)], at: 10) == [])
        #expect(feed(&stick, [(EvdevCode.absolute, EvdevCode.absX, 255), (EvdevCode.absolute, EvdevCode.absY, 0)], at: 20) == [.joystickAxes(x: 1, y: -1)])
        // Past the flat, rescaled: (191 − 127.5 − 4) / (127.5 − 4) = 0.4817813...
        #expect(feed(&stick, [(EvdevCode.absolute, EvdevCode.absX, 191)], at: 30) == [.joystickAxes(x: 0.481781, y: -1)])
        // Out-of-range values read as the end, and the first one is reported.
        let absurd = feed(&stick, [(EvdevCode.absolute, EvdevCode.absX, .max)], at: 40)
        #expect(absurd.last == .joystickAxes(x: 1, y: -1))
        #expect(absurd.count == 2)
        #expect(feed(&stick, [(EvdevCode.absolute, EvdevCode.absX, .min)], at: 50) == [.joystickAxes(x: -1, y: -1)])
    }

    @Test func eventsWaitForTheirSynReport() {
        var stick = EvdevJoystick(info: Self.info, path: "p")
        _ = stick.connect(at: Self.t(0))
        #expect(stick.consume(EvdevEvent(nanoseconds: 0, type: EvdevCode.absolute, code: EvdevCode.absX, value: 255), at: Self.t(1)).isEmpty)
        #expect(stick.consume(EvdevEvent(nanoseconds: 0, type: EvdevCode.key, code: 0x120, value: 1), at: Self.t(1)).isEmpty)
        let report = stick.consume(EvdevEvent(nanoseconds: 0, type: EvdevCode.synchronization, code: EvdevCode.synReport, value: 0), at: Self.t(2))
        #expect(report.map(\.payload) == [.joystickAxes(x: 1, y: 0), .joystickButton("JOY_BTN_1", pressed: true)])
        #expect(report.allSatisfy { $0.time == Self.t(2) })
    }

    @Test func buttonsAndHatBecomeOpenMATBNamesWithAutorepeatIgnored() {
        var stick = EvdevJoystick(info: Self.info, path: "p")
        _ = stick.connect(at: Self.t(0))
        #expect(feed(&stick, [(EvdevCode.key, 0x121, 1), (EvdevCode.key, 0x121, 2)], at: 10) == [.joystickButton("JOY_BTN_2", pressed: true)])
        #expect(feed(&stick, [(EvdevCode.key, 0x121, 0), (EvdevCode.key, 0x2c0, 1)], at: 20)
                == [.joystickButton("JOY_BTN_2", pressed: false), .joystickButton("JOY_BTN_3", pressed: true)])
        // Unknown key codes are not buttons of this device.
        #expect(feed(&stick, [(EvdevCode.key, 0x133, 1)], at: 25) == [])
        // evdev's hat Y −1 is up.
        #expect(feed(&stick, [(EvdevCode.absolute, EvdevCode.absHat0Y, -1)], at: 30) == [.joystickButton("JOY_HAT_UP", pressed: true)])
        #expect(feed(&stick, [(EvdevCode.absolute, EvdevCode.absHat0Y, 0), (EvdevCode.absolute, EvdevCode.absHat0X, 1)], at: 40)
                == [.joystickButton("JOY_HAT_RIGHT", pressed: true), .joystickButton("JOY_HAT_UP", pressed: false)])
        #expect(feed(&stick, [(EvdevCode.absolute, EvdevCode.absHat0X, -7)], at: 50)
                == [.joystickButton("JOY_HAT_LEFT", pressed: true), .joystickButton("JOY_HAT_RIGHT", pressed: false)])
    }

    @Test func disconnectingSpringsBackAndReleasesWhatIsHeld() {
        var stick = EvdevJoystick(info: Self.info, path: "/dev/input/event4")
        _ = stick.connect(at: Self.t(0))
        _ = feed(&stick, [(EvdevCode.absolute, EvdevCode.absX, 0), (EvdevCode.key, 0x120, 1), (EvdevCode.absolute, EvdevCode.absHat0X, -1)], at: 10)
        let events = stick.disconnect(at: Self.t(20), reason: "device removed")
        #expect(events.map(\.payload) == [
            .joystickAxes(x: 0, y: 0),
            .joystickButton("JOY_BTN_1", pressed: false),
            .joystickButton("JOY_HAT_LEFT", pressed: false),
            .joystickDevice(JoystickDeviceNotice(.disconnected, device: "Test Stick (/dev/input/event4)", detail: "device removed")),
        ])
    }

    @Test func droppedEventsDiscardTheFrameAndAskForAResync() {
        var stick = EvdevJoystick(info: Self.info, path: "p")
        _ = stick.connect(at: Self.t(0))
        _ = feed(&stick, [(EvdevCode.key, 0x120, 1)], at: 5)
        _ = stick.consume(EvdevEvent(nanoseconds: 0, type: EvdevCode.absolute, code: EvdevCode.absX, value: 0), at: Self.t(10))
        _ = stick.consume(EvdevEvent(nanoseconds: 0, type: EvdevCode.synchronization, code: EvdevCode.synDropped, value: 0), at: Self.t(10))
        let afterDrop = feed(&stick, [(EvdevCode.absolute, EvdevCode.absY, 0)], at: 11)
        #expect(afterDrop.count == 1)
        guard case .joystickDevice(let notice) = afterDrop.first else {
            Issue.record("a problem notice")
            return
        }
        #expect(notice.kind == .problem)
        #expect(stick.needsResync)
        let resynced = stick.resync(absolute: [EvdevCode.absX: 255, EvdevCode.absY: 127], keys: [0x121], at: Self.t(12)).map(\.payload)
        #expect(resynced == [.joystickAxes(x: 1, y: 0), .joystickButton("JOY_BTN_1", pressed: false), .joystickButton("JOY_BTN_2", pressed: true)])
        #expect(!stick.needsResync)
    }

    @Test func zeroWidthAndCalibratedAxes() {
        var flat = Self.info
        flat.axes[1] = .init(code: EvdevCode.absY, minimum: 100, maximum: 100)
        var stick = EvdevJoystick(info: flat, path: "p")
        let notices = stick.connect(at: Self.t(0)).compactMap { event -> JoystickDeviceNotice? in
            if case .joystickDevice(let notice) = event.payload { notice } else { nil }
        }
        #expect(notices.map(\.kind) == [.connected, .problem])
        #expect(notices.last?.detail == "axis Y is unusable: its range 100...100 has no width; it reads 0")
        #expect(feed(&stick, [(EvdevCode.absolute, EvdevCode.absY, 5000), (EvdevCode.absolute, EvdevCode.absX, 0)], at: 10).last == .joystickAxes(x: -1, y: 0))

        let calibration = JoystickCalibration.Entry(backend: "evdev", device: "Test Stick", x: AxisCalibration(minimum: 10, center: 100, maximum: 250, deadZone: 10))
        var calibrated = EvdevJoystick(info: Self.info, path: "p", calibration: calibration)
        #expect(calibrated.isCalibrated)
        // The device rests at 128: (128 − 100 − 10) / (250 − 100 − 10) on the calibrated range.
        #expect(calibrated.connect(at: Self.t(0)).last?.payload == .joystickAxes(x: 0.128571, y: 0))
        #expect(feed(&calibrated, [(EvdevCode.absolute, EvdevCode.absX, 105)], at: 10) == [.joystickAxes(x: 0, y: 0)])
        #expect(feed(&calibrated, [(EvdevCode.absolute, EvdevCode.absX, 50)], at: 20) == [.joystickAxes(x: -0.5, y: 0)])
        #expect(feed(&calibrated, [(EvdevCode.absolute, EvdevCode.absX, 250)], at: 30) == [.joystickAxes(x: 1, y: 0)])
    }
}
