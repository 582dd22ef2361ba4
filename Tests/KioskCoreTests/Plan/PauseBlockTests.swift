import Testing
@testable import KioskCore

@Suite struct PauseBlockTests {
    private func at(_ seconds: Double) -> MonotonicTime { MonotonicTime(nanoseconds: Int64(seconds * 1e9)) }

    @Test func aTimedBreakEndsByItselfAndTakesNoContinue() {
        let pause = PauseBlock(canvas: .openMATB, title: "Break", message: "", endsAfterSeconds: 60)
        pause.begin(at: at(0))
        pause.advance(to: at(1), inputs: [InputEvent(time: at(1), .keyRelease("SPACE"))])
        #expect(!pause.isFinished && !pause.isWaitingForParticipant)
        pause.advance(to: at(60), inputs: [])
        #expect(pause.isFinished && !pause.quitRequested)
    }

    @Test func aSelfPacedBreakOffersContinueAfterItsMinimum() {
        let pause = PauseBlock(canvas: .openMATB, title: "Break", message: "", minimumSeconds: 30)
        pause.begin(at: at(0))
        pause.advance(to: at(10), inputs: [InputEvent(time: at(10), .keyRelease("SPACE"))])
        #expect(!pause.isFinished && !pause.isWaitingForParticipant)
        pause.advance(to: at(31), inputs: [])
        #expect(pause.isWaitingForParticipant)
        pause.advance(to: at(32), inputs: [InputEvent(time: at(32), .pointerUp(Point(960, 300), .finger(1)))])
        #expect(pause.isFinished)
    }

    @Test func closingTheWindowIsAQuit() {
        let pause = PauseBlock(canvas: .openMATB, title: "Next", message: "")
        pause.begin(at: at(0))
        pause.advance(to: at(1), inputs: [InputEvent(time: at(1), .quitRequested)])
        #expect(pause.isFinished && pause.quitRequested)
    }
}
