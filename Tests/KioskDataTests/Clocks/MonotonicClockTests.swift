import Testing
@testable import KioskData

@Suite struct MonotonicClockTests {
    @Test func neverGoesBackwards() {
        let a = MonotonicClock.now()
        let b = MonotonicClock.now()
        #expect(a <= b)
    }
}
