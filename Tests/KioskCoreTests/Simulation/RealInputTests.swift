import Testing
@testable import KioskCore

/// `--real-input` (docs/simulate.md): which way each block's inputs go, the simulated
/// participant's taps in a window, and the response-time error measured against them.
@Suite struct RealInputTests {
    private func at(_ seconds: Double) -> MonotonicTime { MonotonicTime(nanoseconds: Int64((seconds * 1e9).rounded())) }

    @Test func eachKindOfBlockNamesTheDevicesItsInputsGoThrough() {
        #expect(RealInputPath.of(PlanBlock(kind: .judge, file: "j.toml")).devices == [.touchscreen])
        #expect(RealInputPath.of(PlanBlock(kind: .instructions, file: "i.txt")).devices == [.keyboard])
        #expect(RealInputPath.of(PlanBlock(kind: .prompts, file: "s.toml")).devices == [.keyboard])
        #expect(RealInputPath.of(PlanBlock(kind: .pad, file: "p.ini")).devices == [.keyboard, .pen])
        #expect(RealInputPath.of(PlanBlock(kind: .break, seconds: 30)) == .nothing)
        #expect(RealInputPath.of(PlanBlock(kind: .matb, file: "s.txt")).devices == [.joystick, .keyboard, .touchscreen])
        #expect(RealInputPath.of(PlanBlock(kind: .consent, file: "c.toml")).devices == [.keyboard, .touchscreen])
        #expect(RealInputPath.of(PlanBlock(kind: .questionnaire, file: "q.txt")).devices == [.keyboard, .touchscreen])
        #expect(RealInputPath.of(PlanBlock(kind: .break, seconds: 30, selfPaced: true)).devices == [.keyboard])
        #expect(RealInputPath.of(PlanBlock(kind: .matb, file: "s.txt")).description
            == "tracking with the stick, through the simulated joystick; system monitoring, pumps and radios by their keys, and Space, "
            + "through the simulated keyboard; a questionnaire's sliders as taps, through the simulated touchscreen")
    }

    @Test func eachLoggedInputIsPairedWithTheSameInputMadeAndItsErrorIsTheLogtimesExcess() throws {
        let made = [MadeInput(time: at(10), payload: .keyPress("F1")), MadeInput(time: at(10.05), payload: .joystickAxes(x: 0.25, y: -0.5)),
                    MadeInput(time: at(10.09), payload: .keyRelease("F1")), MadeInput(time: at(11), payload: .pointerDown(Point(5, 5), .finger(0))),
                    MadeInput(time: at(11.08), payload: .pointerUp(Point(5, 5), .finger(0))), MadeInput(time: at(12), payload: .keyPress("F2"))]
        // A key's stamp is SDL's millisecond; the stick's and the finger's the kernel's, to the microsecond the log keeps.
        func logged(_ seconds: Double, _ payloads: [InputEvent.Payload]) -> LoggedInput {
            LoggedInput(time: ScenarioTime(nanoseconds: 0), logtime: at(seconds), action: .inputs(payloads), rowIndex: 0)
        }
        let log = [logged(10.0014, [.keyPress("F1")]), logged(10.05, [.joystickAxes(x: 0.25, y: -0.5)]), logged(10.0903, [.keyRelease("F1")]),
                   logged(11, [.pointerDown(Point(5.01, 5), .finger(7))]), logged(11.080001, [.pointerUp(Point(5.01, 5), .finger(7))])]
        var errors = MadeInputErrors()
        errors.add(made: made + [MadeInput(time: at(30), payload: .keyPress("F3"))], logged: log, end: at(29))
        let keys = try #require(errors.summary(.keys))
        #expect(keys.count == 2)
        #expect(abs(keys.mean - 0.85) < 1e-6)
        #expect(abs(keys.max - 1.4) < 1e-6)
        #expect(errors.milliseconds[.stick] == [0])
        let taps = try #require(errors.summary(.taps))
        #expect(taps.count == 2)
        #expect(abs(taps.max - 0.001) < 1e-6)
        // F2 was made but never logged: counted, not paired with anything earlier.
        #expect(errors.unlogged == [.keys: 1])
        // A logged input more than a millisecond before the one made is not it.
        var early = MadeInputErrors()
        early.add(made: [MadeInput(time: at(20), payload: .keyPress("F1"))], logged: [logged(19.9, [.keyPress("F1")])], end: at(29))
        #expect(early.unlogged == [.keys: 1])
        // A key dropped by the window system leaves the next one made paired with its own row, not the dropped one's.
        var dropped = MadeInputErrors()
        dropped.add(made: [MadeInput(time: at(40), payload: .keyPress("NUM_1")), MadeInput(time: at(41), payload: .keyPress("NUM_1"))],
                    logged: [logged(41.01, [.keyPress("NUM_1")])], end: at(50))
        #expect(dropped.unlogged == [.keys: 1])
        #expect(dropped.milliseconds[.keys].map { $0.map { ($0 * 1000).rounded() / 1000 } } == [10])
        // Logged more than a second after it was made, an input is another.
        var stalled = MadeInputErrors()
        stalled.add(made: [MadeInput(time: at(60), payload: .keyPress("F1"))], logged: [logged(61.5, [.keyPress("F1")])], end: at(70))
        #expect(stalled.unlogged == [.keys: 1])
        #expect(TimeErrorSummary([]) == nil)
    }

    @Test func aPensSamplesArePairedInOrderAndItsTouchesOnButtonsAreNoSamples() throws {
        let pen = InputEvent.Pointer.pen(1)
        let made = [MadeInput(time: at(1), payload: .pointerDown(Point(0, 0), pen)),  // the pad's Start button
                    MadeInput(time: at(2), payload: .pointerDown(Point(10, 10), pen)), MadeInput(time: at(2.005), payload: .pointerMove(Point(11, 10), pen)),
                    MadeInput(time: at(2.01), payload: .pointerMove(Point(12, 10), pen)), MadeInput(time: at(2.015), payload: .pointerUp(Point(12, 10), pen))]
        func row(_ seconds: Double, _ contact: PadSampleRow.Contact, tool: PointerTool = .pen) -> PadSampleRow {
            PadSampleRow(kind: .sample, eventTime: at(seconds), frameTime: at(seconds + 0.01), x: 1, y: 1, tool: tool, contact: contact)
        }
        let samples = [row(2, .down), row(2.005, .move), row(2.010001, .move), row(2.015, .up), row(2.5, .move, tool: .finger),
                       PadSampleRow(kind: .control, eventTime: at(3), frameTime: at(3), detail: "end")]
        var errors = MadeInputErrors()
        errors.add(made: made, samples: samples, end: at(3))
        let figures = try #require(errors.summary(.pen))
        #expect(figures.count == 4)
        #expect(abs(figures.max - 0.001) < 1e-6)
        #expect(errors.unlogged == [.pen: 1])
    }

    /// A choice block of `count` trials answered by a key and a joystick button.
    private func judgeBlock(count: Int) -> JudgeBlock {
        var configuration = JudgeConfiguration()
        configuration.feedback = false
        configuration.intervalSeconds = 0.2
        configuration.responses = [.init(answer: "friend", label: "Friend", key: "F"), .init(answer: "foe", label: "Foe", joystickButton: 3)]
        let trials = JudgeTrialList(file: "t.csv", extraColumns: [], trials: (0..<count).map { index in
            JudgeTrialList.Trial(image: "i.png", expected: index % 2 == 0 ? "friend" : "foe", extras: [], line: index + 2, imageColumn: 1)
        })
        return JudgeBlock(configuration: configuration, trials: trials, practice: nil, imageSizes: ["i.png": (width: 100, height: 100)],
                          canvas: Canvas(width: 1920, height: 1080), seed: 3)
    }

    @Test func inAWindowTheParticipantJudgesTheShownImageOnceAndTapsItsAnswer() throws {
        let block = judgeBlock(count: 40)
        let visit = SimulatedVisit(model: BehaviourModel(), seed: 4, participant: "SIM-001", visit: nil, realInput: true)
        let participant = try #require(visit.participant(for: block, place: 0, earlierRuns: 0))
        block.begin(at: at(0))
        // A window's loop: each frame reaches the screen 5 ms after it is drawn, and the block
        // hears of it at the next frame; the taps made come back with a later frame's inputs.
        var made: [InputEvent] = []
        var frame = 0
        var shownBefore: MonotonicTime?
        while !block.isFinished && frame < 100_000 {
            let now = at(Double(frame) / 60)
            if let shownBefore { block.frameShown(at: shownBefore) }
            if block.isWaitingForParticipant { block.dismissWaitingScreen(at: now) }
            let awaiting = block.isOnsetAwaitingPresentation
            let decided = participant.inputsDecided(lookingAt: now)
            // Nothing is decided on an image not yet shown.
            if awaiting { #expect(decided.isEmpty) }
            made += decided
            block.advance(to: now, inputs: made.filter { $0.time <= now && $0.time > at(Double(frame - 1) / 60) })
            shownBefore = now.adding(milliseconds: 5)
            frame += 1
        }
        let rows = block.trialRows
        #expect(rows.count == 40)
        #expect(Set(rows.map(\.input)) == ["tap"])
        #expect(rows.allSatisfy { $0.earlyResponses == 0 })
        // Each answer is one tap, made after the onset logged: the response time is the tap's.
        let downs = made.filter { if case .pointerDown = $0.payload { true } else { false } }
        #expect(downs.count == rows.filter { $0.responseMilliseconds != nil }.count)
        var errors = ResponseTimeErrors()
        let log = JudgeLogFile(information: [("first frame", "0.000000 s on CLOCK_MONOTONIC")], extraColumns: [], rows: rows)
        #expect(errors.add(log: log, taps: downs.map(\.time)) == 0)
        #expect(errors.milliseconds.count == downs.count)
        #expect(errors.milliseconds.allSatisfy { abs($0) < 0.002 })
    }

    private func row(onset: Double, rt: Double?) -> JudgeTrialRow {
        JudgeTrialRow(trial: 1, practice: false, block: 1, listLine: 2, image: "i.png", extras: [], expected: "friend", response: rt == nil ? "" : "friend",
                      input: rt == nil ? "" : "tap", correct: rt != nil, responseMilliseconds: rt, timedOut: rt == nil, earlyResponses: 0,
                      onsetSeconds: onset, shownMilliseconds: 500, fixationMilliseconds: 0, intervalMilliseconds: 200, points: 0, score: 0)
    }

    @Test func eachAnswerIsPairedWithTheFirstTapAfterItsOnsetAndTheErrorIsTheLoggedTimesExcess() throws {
        // First frame at 100 s; trials at 1, 3 (no answer: its tap came too late), 5 and 7 s.
        let log = JudgeLogFile(information: [("first frame", "100.000000 s on CLOCK_MONOTONIC (onset_s counts from it)")], extraColumns: [],
                               rows: [row(onset: 1, rt: 400.5), row(onset: 3, rt: nil), row(onset: 5, rt: 300), row(onset: 7, rt: 250)])
        let taps = [at(101.4), at(104.9), at(105.3002), at(107.25)]
        var errors = ResponseTimeErrors()
        #expect(errors.add(log: log, taps: taps) == 0)
        #expect(errors.milliseconds.count == 3)
        #expect(abs(errors.milliseconds[0] - 0.5) < 1e-6)
        #expect(abs(errors.milliseconds[1] - -0.2) < 1e-6)
        #expect(abs(errors.milliseconds[2]) < 1e-6)
        let summary = try #require(errors.summary)
        #expect(summary.count == 3)
        #expect(abs(summary.mean - 0.1) < 1e-6)
        #expect(abs(summary.max - 0.5) < 1e-6)
        #expect(abs(summary.p99 - 0.5) < 1e-6)
        // An answer with no tap after its onset is counted, not paired with an earlier one.
        var lonely = ResponseTimeErrors()
        #expect(lonely.add(log: log, taps: [at(101.4)]) == 2)
        #expect(ResponseTimeErrors().summary == nil)
    }
}
