import Testing
@testable import KioskShell

@Suite struct MonotonicClockTests {
    @Test func neverGoesBackwards() {
        let a = MonotonicClock.now()
        let b = MonotonicClock.now()
        #expect(a <= b)
    }
}
