import Testing
@testable import KioskCore

@Suite struct JoystickCalibrationTests {
    @Test func fileRoundTripsAndFindsEntriesByBackendAndName() {
        let entry = JoystickCalibration.Entry(backend: "evdev", device: "Logitech Extreme 3D Pro",
                                              x: AxisCalibration(minimum: 0, center: 512, maximum: 1023, deadZone: 12),
                                              y: AxisCalibration(minimum: 3, center: 508.5, maximum: 1020, deadZone: 12))
        let calibration = JoystickCalibration(entries: [entry])
        let text = calibration.text
        #expect(text.contains("[evdev: Logitech Extreme 3D Pro]\nx = 0 512 1023 12\ny = 3 508.5 1020 12\n"))
        let (read, warnings) = JoystickCalibration.read(text, file: "c.ini")
        #expect(warnings.isEmpty)
        #expect(read == calibration)
        #expect(read.entry(backend: "evdev", device: "Logitech Extreme 3D Pro") == entry)
        #expect(read.entry(backend: "sdl", device: "Logitech Extreme 3D Pro") == nil)
    }

    @Test func badLinesAreWarningsWithTheirLineNumbers() {
        let text = "x = 1 2 3 4\n[evdev Pad]\n[evdev: Pad]\nx = 0 10 5 0\ny = 0 5\nz = 0 5 10 0\ny = -10 0 10 2\n"
        let (read, warnings) = JoystickCalibration.read(text, file: "c.ini")
        #expect(warnings.map(\.line) == [1, 2, 4, 5, 6])
        #expect(warnings[2].message.hasPrefix("x is unusable"))
        #expect(read.entries == [JoystickCalibration.Entry(backend: "evdev", device: "Pad", y: AxisCalibration(minimum: -10, center: 0, maximum: 10, deadZone: 2))])
    }

    @Test func axisCalibrationScalesEachHalfOnItsOwn() {
        let axis = AxisCalibration(minimum: 0, center: 200, maximum: 1000, deadZone: 0)
        #expect(axis.normalize(100) == -0.5)
        #expect(axis.normalize(600) == 0.5)
        #expect(axis.normalize(-50) == -1)
        #expect(AxisCalibration(minimum: 5, center: 5, maximum: 5).problem == "its range 5...5 has no width")
        #expect(AxisCalibration(minimum: 0, center: 5, maximum: 10, deadZone: 5).normalize(10) == 0)
        // The device's own range with no flat is pyglet's mapping.
        let own = AxisCalibration(EvdevDeviceInfo.Axis(code: 0, minimum: 0, maximum: 255))
        #expect(own.normalize(0) == -1 && own.normalize(255) == 1)
        #expect(own.normalize(128) == StickResponse.quantized(2 * 128 / 255 - 1))
    }

    @Test func recorderFindsCentreRangeAndADeadZoneAboveTheNoise() throws {
        let info = EvdevDeviceInfo.Axis(code: 0, minimum: 0, maximum: 1023, fuzz: 3, flat: 0)
        var recorder = CalibrationRecorder()
        for wobble: Int32 in [0, 4, -3, 2, -1] { recorder.addRestSample(x: 500 + wobble, y: 520 - wobble) }
        for sample: Int32 in [0, 10, 1000, 1015, 300] { recorder.addRangeSample(x: sample, y: 1023 - sample) }
        let result = try recorder.result(xInfo: info, yInfo: info).get()
        #expect(result.x == AxisCalibration(minimum: 0, center: 500, maximum: 1015, deadZone: 8))
        #expect(result.y == AxisCalibration(minimum: 8, center: 520, maximum: 1023, deadZone: 8))
    }

    @Test func recorderRefusesAStickThatWasNotMovedToItsEdges() {
        let info = EvdevDeviceInfo.Axis(code: 0, minimum: 0, maximum: 1023)
        var recorder = CalibrationRecorder()
        recorder.addRestSample(x: 512, y: 512)
        recorder.addRangeSample(x: 1023, y: 0)
        recorder.addRangeSample(x: 400, y: 1023)
        guard case .failure(let failure) = recorder.result(xInfo: info, yInfo: info) else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.description.hasPrefix("the stick did not go far enough left"))
        #expect(CalibrationRecorder().result(xInfo: info, yInfo: info).map { _ in 0 } == .failure(.init(description: "no readings were taken with the stick at rest")))
    }
}
