import Testing
@testable import KioskCore

@Suite struct DeskPINPadTests {
    private func time(_ seconds: Double) -> MonotonicTime { MonotonicTime(nanoseconds: Int64(seconds * 1e9)) }

    private func fiveWrong(_ pad: inout DeskPINPad, at seconds: Double) {
        for _ in 0..<DeskPINPad.triesBeforeLockout {
            for digit in "1111" { pad.type(digit, at: time(seconds)) }
            _ = pad.submit(at: time(seconds)) { $0 == "2468" }
        }
    }

    /// Each lockout doubles the next, up to an hour, until the right PIN.
    @Test func lockoutsGrowUntilTheRightPIN() {
        var pad = DeskPINPad()
        var at = 0.0
        for expected in [60, 120, 240, 480, 960, 1920, 3600, 3600] {
            fiveWrong(&pad, at: at)
            #expect(pad.secondsLocked(at: time(at)) == expected)
            at += Double(expected)
        }
        for digit in "2468" { pad.type(digit, at: time(at)) }
        #expect(pad.submit(at: time(at)) { $0 == "2468" } == .unlocked)
        fiveWrong(&pad, at: at)
        #expect(pad.secondsLocked(at: time(at)) == 60)
    }

    /// What the shell keeps across a restart brings the lockout and the count back.
    @Test func aRestartTakesBackTheTriesAndTheLockout() {
        var pad = DeskPINPad()
        fiveWrong(&pad, at: 0)
        fiveWrong(&pad, at: 60)
        let memory = pad.memory(at: time(100))
        #expect(memory == DeskPINPad.Memory(wrongTries: 0, lockouts: 2, secondsLocked: 80))
        var restarted = DeskPINPad()
        restarted.restore(memory, at: time(0))
        #expect(restarted.isLockedOut(at: time(79)) && !restarted.isLockedOut(at: time(80)))
        fiveWrong(&restarted, at: 80)
        #expect(restarted.secondsLocked(at: time(80)) == 240)
        var tampered = DeskPINPad()
        tampered.restore(DeskPINPad.Memory(wrongTries: 99, lockouts: -3, secondsLocked: 1_000_000), at: time(0))
        #expect(tampered.secondsLocked(at: time(0)) == 3600 && tampered.wrongTries == 4)
    }
}
