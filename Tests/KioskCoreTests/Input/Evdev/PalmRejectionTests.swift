import Testing
@testable import KioskCore

@Suite struct PalmRejectionTests {
    private func report(_ pointer: InputEvent.Pointer, _ phase: EvdevPointer.Phase, at ms: Int64, inRange: Bool = true, touching: Bool = true) -> EvdevPointer.Report {
        EvdevPointer.Report(time: MonotonicTime(nanoseconds: ms * 1_000_000), pointer: pointer, phase: phase, x: 0.5, y: 0.5,
                            sample: PointerSample(inContact: touching), inRange: inRange)
    }

    @Test func aFingerTouchingWhileAPenHoversIsIgnoredUntilItLifts() {
        var palms = PalmRejection()
        #expect(palms.filter(report(.pen(0), .move, at: 1, touching: false)).count == 1)
        #expect(palms.filter(report(.finger(3), .down, at: 2)).isEmpty)
        #expect(palms.filter(report(.pen(0), .up, at: 3, inRange: false, touching: false)).count == 1)  // the pen leaves
        #expect(palms.filter(report(.finger(3), .move, at: 4)).isEmpty, "ignored until it lifts")
        #expect(palms.filter(report(.finger(3), .up, at: 5, inRange: false)).isEmpty)
        #expect(palms.filter(report(.finger(4), .down, at: 6)).count == 1, "with no pen in range a finger draws")
    }

    @Test func aPalmAlreadyDownEndsWhenThePenComesIntoRange() {
        var palms = PalmRejection()
        #expect(palms.filter(report(.finger(1), .down, at: 1)).count == 1)
        let passed = palms.filter(report(.pen(0), .move, at: 9, touching: false))
        #expect(passed.map(\.pointer) == [.finger(1), .pen(0)])
        #expect(passed[0].phase == .up && passed[0].time.nanoseconds == 9_000_000)
        #expect(palms.filter(report(.finger(1), .move, at: 10)).isEmpty)
        #expect(palms.isSurfaceInUse)
    }
}
