import KioskCore
import Testing
@testable import KioskShell

/// Where a device's monotonic timestamps fall on each frame clock.
@Suite struct FrameClockTests {
    @Test func aVirtualClockAtASpeedCarriesMonotonicTimesOntoItsOwn() {
        let start = MonotonicTime(nanoseconds: 5_000_000_000)
        let sampleTime = MonotonicTime(nanoseconds: 5_250_000_000)
        // At 4x, a quarter second of real time after the start is a second of virtual time.
        #expect(VirtualFrameClock(start: start, speed: 4).frameTime(ofMonotonic: sampleTime).nanoseconds == 6_000_000_000)
        #expect(VirtualFrameClock(start: start, speed: 1).frameTime(ofMonotonic: sampleTime) == sampleTime)
        #expect(PacedFrameClock().frameTime(ofMonotonic: sampleTime) == sampleTime)
    }
}
