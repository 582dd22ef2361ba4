import Testing
@testable import KioskCore

@Suite struct EvdevPointerTests {
    typealias Axis = EvdevDeviceInfo.Axis
    static let pen = EvdevDeviceInfo(
        name: "Test Pen",
        axes: [Axis(code: EvdevCode.absX, minimum: 0, maximum: 20000, resolution: 100), Axis(code: EvdevCode.absY, minimum: 0, maximum: 10000, resolution: 100),
               Axis(code: EvdevCode.absPressure, minimum: 0, maximum: 4095), Axis(code: EvdevCode.absTiltX, minimum: -64, maximum: 63, resolution: 57),
               Axis(code: EvdevCode.absTiltY, minimum: -64, maximum: 63, resolution: 57)],
        keys: [EvdevCode.btnToolPen, EvdevCode.btnToolRubber, EvdevCode.btnTouch], clock: .monotonic)
    static let screen = EvdevDeviceInfo(
        name: "Test Touchscreen",
        axes: [Axis(code: EvdevCode.absX, minimum: 0, maximum: 4095), Axis(code: EvdevCode.absY, minimum: 0, maximum: 4095),
               Axis(code: EvdevCode.absMTSlot, minimum: 0, maximum: 9), Axis(code: EvdevCode.absMTPositionX, minimum: 0, maximum: 4095),
               Axis(code: EvdevCode.absMTPositionY, minimum: 0, maximum: 4095), Axis(code: EvdevCode.absMTTrackingID, minimum: 0, maximum: 65535)],
        keys: [EvdevCode.btnTouch], clock: .monotonic)

    /// Plays `frames` of (type, code, value) each closed by a SYN_REPORT, 4 ms apart.
    private func play(_ device: inout EvdevPointer, _ frames: [[(UInt16, UInt16, Int32)]]) -> [EvdevPointer.Report] {
        var reports: [EvdevPointer.Report] = []
        for (index, frame) in frames.enumerated() {
            let time = MonotonicTime(nanoseconds: 1_000_000_000 + Int64(index) * 4_000_000)
            for (type, code, value) in frame + [(EvdevCode.synchronization, EvdevCode.synReport, 0)] {
                reports += device.consume(EvdevEvent(nanoseconds: time.nanoseconds, type: type, code: code, value: value), at: time).reports
            }
        }
        return reports
    }

    private let key = EvdevCode.key, absolute = EvdevCode.absolute

    @Test func aPenHoversTouchesDrawsLiftsAndLeaves() throws {
        var pen = try #require(EvdevPointer(info: Self.pen, path: "/dev/input/event7"))
        let reports = play(&pen, [
            [(key, EvdevCode.btnToolPen, 1), (absolute, EvdevCode.absX, 10000), (absolute, EvdevCode.absY, 5000)],  // in range: hover
            [(key, EvdevCode.btnTouch, 1), (absolute, EvdevCode.absPressure, 2048), (absolute, EvdevCode.absTiltX, 57)],
            [(absolute, EvdevCode.absX, 12000)],
            [(key, EvdevCode.btnTouch, 0), (absolute, EvdevCode.absPressure, 0)],
            [(absolute, EvdevCode.absX, 12500)],  // hovering again
            [(key, EvdevCode.btnToolPen, 0)],  // out of range: nothing more
        ])
        #expect(reports.map(\.phase) == [.move, .down, .move, .up, .move, .up])
        #expect(reports.map(\.sample.inContact) == [false, true, true, false, false, false])
        #expect(reports.map(\.inRange) == [true, true, true, true, true, false], "the last up says the pen left")
        #expect(reports.allSatisfy { $0.pointer == .pen(0) })
        #expect(reports[1].x == 0.5 && reports[1].y == 0.5)
        #expect(abs(reports[1].sample.pressure! - 2048.0 / 4095) < 1e-9)
        #expect(abs(reports[1].sample.tilt!.xDegrees - 180 / Double.pi) < 1e-9)  // 57 units per radian
        #expect(reports[1].sample.tilt!.yDegrees == 0)
        #expect(reports[2].x == 0.6 && reports[2].time.nanoseconds == 1_008_000_000)
        #expect(pen.sizeMillimetres! == (200, 100))
    }

    /// A description may claim a range as wide as the type (found by the device-description
    /// fuzz target): its size is computed, not an Int32 overflow.
    @Test func aRangeAsWideAsInt32HasASize() throws {
        let wide = EvdevDeviceInfo(
            name: "Wide Pen",
            axes: [Axis(code: EvdevCode.absX, minimum: .min, maximum: .max, resolution: 1), Axis(code: EvdevCode.absY, minimum: .min, maximum: .max, resolution: 2)],
            keys: [EvdevCode.btnToolPen, EvdevCode.btnTouch])
        let pen = try #require(EvdevPointer(info: wide, path: "p"))
        #expect(pen.sizeMillimetres! == (4_294_967_295, 2_147_483_647.5))
    }

    @Test func theEraserEndIsItsOwnTool() throws {
        var pen = try #require(EvdevPointer(info: Self.pen, path: "p"))
        let reports = play(&pen, [
            [(key, EvdevCode.btnToolRubber, 1), (key, EvdevCode.btnTouch, 1), (absolute, EvdevCode.absX, 100)],
            [(key, EvdevCode.btnTouch, 0)],
        ])
        #expect(reports.map(\.phase) == [.down, .up])
        #expect(reports.allSatisfy { $0.pointer == .eraser(0) })
    }

    @Test func twoFingersAreTwoPointersBySlotAndTrackingID() throws {
        var screen = try #require(EvdevPointer(info: Self.screen, path: "s"))
        #expect(screen.kind == .touchscreen)
        let slot = EvdevCode.absMTSlot, id = EvdevCode.absMTTrackingID, x = EvdevCode.absMTPositionX, y = EvdevCode.absMTPositionY
        let reports = play(&screen, [
            [(absolute, slot, 0), (absolute, id, 40), (absolute, x, 100), (absolute, y, 200), (key, EvdevCode.btnTouch, 1)],
            [(absolute, slot, 1), (absolute, id, 41), (absolute, x, 3000), (absolute, y, 3000)],
            [(absolute, slot, 0), (absolute, x, 150), (absolute, slot, 1), (absolute, x, 3050)],
            [(absolute, slot, 0), (absolute, id, -1)],
            [(absolute, slot, 1), (absolute, id, -1), (key, EvdevCode.btnTouch, 0)],
        ])
        #expect(reports.map(\.phase) == [.down, .down, .move, .move, .up, .up])
        #expect(reports.map(\.pointer) == [.finger(40), .finger(41), .finger(40), .finger(41), .finger(40), .finger(41)])
        #expect(reports[4].x == 150.0 / 4095)
    }

    @Test func droppedEventsEndTheStrokeAndAreCounted() throws {
        var pen = try #require(EvdevPointer(info: Self.pen, path: "p"))
        _ = play(&pen, [[(key, EvdevCode.btnToolPen, 1), (key, EvdevCode.btnTouch, 1), (absolute, EvdevCode.absX, 100)]])
        let time = MonotonicTime(nanoseconds: 2_000_000_000)
        let dropped = pen.consume(EvdevEvent(nanoseconds: time.nanoseconds, type: EvdevCode.synchronization, code: EvdevCode.synDropped, value: 0), at: time)
        #expect(dropped.dropped && dropped.reports.map(\.phase) == [.up] && !dropped.reports[0].inRange)
        // Everything up to the next report is incomplete and skipped.
        #expect(pen.consume(EvdevEvent(nanoseconds: time.nanoseconds, type: absolute, code: EvdevCode.absX, value: 900), at: time).reports.isEmpty)
        #expect(pen.consume(EvdevEvent(nanoseconds: time.nanoseconds, type: EvdevCode.synchronization, code: EvdevCode.synReport, value: 0), at: time).reports.isEmpty)
        #expect(pen.droppedReports == 1)
        pen.resync(absolute: [EvdevCode.absX: 900], keys: [EvdevCode.btnToolPen, EvdevCode.btnTouch])
        let after = play(&pen, [[(absolute, EvdevCode.absX, 950)]])
        #expect(after.map(\.phase) == [.down], "the contact still on the surface begins a new stroke")
    }

    @Test func tiltLeansUpTheCanvasAndReadsAsLibinputDoesWithoutAResolution() throws {
        var pen = try #require(EvdevPointer(info: Self.pen, path: "p"))
        let reports = play(&pen, [[(key, EvdevCode.btnToolPen, 1), (absolute, EvdevCode.absTiltY, 57)]])
        #expect(abs(reports[0].sample.tilt!.yDegrees + 180 / Double.pi) < 1e-9, "a device's +y leans down the screen")
        let plain = Axis(code: EvdevCode.absTiltX, minimum: 0, maximum: 127)
        #expect(EvdevPointer.degrees(127, plain) == 64 && EvdevPointer.degrees(0, plain) == -64)
    }

    @Test func eachDevicesPointersHaveTheirOwnIDs() throws {
        var screen = try #require(EvdevPointer(info: Self.screen, path: "s", idBase: 5_000_000))
        let reports = play(&screen, [[(absolute, EvdevCode.absMTSlot, 0), (absolute, EvdevCode.absMTTrackingID, 7), (absolute, EvdevCode.absMTPositionX, 1)]])
        #expect(reports.map(\.pointer) == [.finger(5_000_007)])
    }

    @Test func touchpadsAndJoysticksAreNotPointers() {
        let touchpad = EvdevDeviceInfo(name: "Pad", axes: [Axis(code: 0, minimum: 0, maximum: 100), Axis(code: 1, minimum: 0, maximum: 100)],
                                       keys: [EvdevCode.btnTouch, EvdevCode.btnToolFinger])
        let stick = EvdevDeviceInfo(name: "Stick", axes: [Axis(code: 0, minimum: 0, maximum: 100), Axis(code: 1, minimum: 0, maximum: 100)],
                                    keys: [0x120])
        #expect(EvdevPointer.kind(of: touchpad) == nil && EvdevPointer.kind(of: stick) == nil)
        #expect(EvdevPointer.kind(of: Self.pen) == .pen)
    }
}
