import Testing
import TestSupport
@testable import KioskCore

@Suite struct SimulatedContinuerTests {
    private func at(_ seconds: Double) -> MonotonicTime { MonotonicTime(nanoseconds: Int64((seconds * 1e9).rounded())) }

    private func visit(_ model: BehaviourModel, seed: UInt64 = 1) -> SimulatedVisit {
        SimulatedVisit(model: model, seed: seed, participant: "SIM-001", visit: nil)
    }

    /// The headless runner's loop, 60 frames a second; what the block hands over, kept.
    private func run(_ block: any Block, _ participant: any SimulatedParticipant, taking: () -> Void = {}) {
        block.begin(at: at(0))
        var frame = 0
        while !block.isFinished && frame < 1_000_000 {
            let now = at(Double(frame) / 60)
            if block.isWaitingForParticipant, !participant.answersWaitingScreens { block.dismissWaitingScreen(at: now) }
            block.advance(to: now, inputs: participant.inputs(through: now))
            taking()
            frame += 1
        }
    }

    @Test func theScreenBeforeABlockIsReadForTheDrawnTime() throws {
        var model = BehaviourModel()
        model.screens.reading = ExGaussian(muMs: 6000, sigmaMs: 0, tauMs: 0)
        let screen = PauseBlock(canvas: Canvas(width: 1920, height: 1080), title: "Part 2 of 3", message: "Continue when you are ready.")
        let reader = try #require(visit(model).participant(for: screen, place: 2, earlierRuns: 0))
        run(screen, reader)
        #expect(screen.isFinished && !screen.quitRequested)
        // Read from the first frame for 6 s; Space comes up 90 ms later, seen at the next frame.
        #expect(screen.elapsedSeconds > 6.09 && screen.elapsedSeconds < 6.09 + 1.0 / 60, "\(screen.elapsedSeconds)")
        // The default: drawn from 4000/1500/3000 ms, the same on the same seed.
        let drawnScreen = PauseBlock(canvas: Canvas(width: 1920, height: 1080), title: "Part 2 of 3", message: "Continue when you are ready.")
        run(drawnScreen, try #require(visit(BehaviourModel(), seed: 7).participant(for: drawnScreen, place: 2, earlierRuns: 0)))
        #expect(abs(drawnScreen.elapsedSeconds - 578.0 / 60) < 1e-9, "\(drawnScreen.elapsedSeconds)")
    }

    @Test func theClosingScreenEndsByItself() throws {
        let closing = PauseBlock(canvas: Canvas(width: 1920, height: 1080), title: "Thank you", message: "The session is over.", endsAfterSeconds: 5)
        run(closing, try #require(visit(BehaviourModel()).participant(for: closing, place: 9, earlierRuns: 0)))
        #expect(closing.isFinished && (5...5.02).contains(closing.elapsedSeconds))
    }

    @Test func everyWaitOfAPromptSequenceIsAnsweredAfterADrawnResponseTime() throws {
        let sequence = try PromptSequenceReader.read("""
            [[preparation]]
            text = "Sit comfortably."
            [[phase]]
            name = "close"
            text = "Close your eyes."
            seconds = 2
            [[phase]]
            name = "rest"
            text = "Continue when you are ready."
            until = "continue"
            [[trial]]
            word = "a"
            [[trial]]
            word = "b"
            """, file: "s.toml").get()
        var model = BehaviourModel()
        model.prompts.responseTime = ExGaussian(muMs: 1500, sigmaMs: 200, tauMs: 300)
        let block = PromptsBlock(sequence: sequence, canvas: Canvas(width: 1920, height: 1080), seed: 1, imageSizes: [:], speechSeconds: [:])
        let answering = try #require(visit(model, seed: 4).participant(for: block, place: 1, earlierRuns: 0))
        var rows: [PromptsRow] = []
        run(block, answering) { for case .row(let row) in block.takeOutputs() { rows.append(row) } }
        #expect(block.outcome == .completed)
        let continued = rows.filter { $0.event == .continue }
        #expect(continued.map(\.detail) == ["key SPACE", "key SPACE", "key SPACE"], "the preparation and each trial's rest")
        #expect(!rows.contains { $0.detail == "unattended" })
        // Each wait lasts its drawn response time and Space's 90 ms, to the frame that took it.
        #expect(continued.map { ($0.time.nanoseconds / 1_000_000) } == [1833, 6016, 9600], "\(continued.map(\.time))")
    }

    @Test func instructionSlidesAreReadOneByOneThenSpaceTurnsThem() throws {
        let harness = try SessionHarness("0:00:00;instructions;filename;i.txt\n0:00:00;instructions;start\n",
                                         includes: ["i.txt": "<h1>One</h1>\nFirst page.\n<newpage>\n<h1>Two</h1>\nSecond page.\n"])
        var model = BehaviourModel()
        model.screens.reading = ExGaussian(muMs: 3000, sigmaMs: 0, tauMs: 0)
        let reader = try #require(visit(model).participant(for: harness.session, place: 0, earlierRuns: 0))
        var frame = 1
        var rows: [LogRecord] = []
        var finishedAt = 0.0
        while !harness.session.isFinished && frame < 10_000 {
            let now = SessionHarness.at(Double(frame) / 60)
            #expect(!harness.session.isWaitingForParticipant || reader.answersWaitingScreens, "slides are read, not moved past")
            harness.session.advance(to: now, inputs: reader.inputs(through: now))
            rows += harness.session.takeRecords()
            finishedAt = Double(frame) / 60
            frame += 1
        }
        #expect(harness.session.isFinished)
        #expect(rows.filter { $0.kind == .input }.map { "\($0.module) \($0.address) \($0.value.text ?? "")" }
                == ["keyboard SPACE press", "keyboard SPACE release", "keyboard SPACE press", "keyboard SPACE release"])
        #expect(!rows.contains { $0.value.text?.contains("automatically") == true })
        // Two slides, each read 3 s from the frame that showed it and turned by Space's release
        // 90 ms later, at the frame after: 3.09 s and a frame or two each.
        #expect(finishedAt == 374.0 / 60, "\(finishedAt)")
    }
}
