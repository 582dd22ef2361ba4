import Testing
import TestSupport
@testable import KioskCore

@Suite struct SimulatedParticipantTests {
    private func at(_ seconds: Double) -> MonotonicTime { MonotonicTime(nanoseconds: Int64((seconds * 1e9).rounded())) }

    /// The headless runner's loop: 60 frames a second, what waits dismissed unless the
    /// participant answers it, the participant's inputs handed over with each frame.
    private func run(_ block: any Block, _ participant: any SimulatedParticipant) {
        block.begin(at: at(0))
        var frame = 0
        while !block.isFinished && frame < 10_000_000 {
            let now = at(Double(frame) / 60)
            if block.isWaitingForParticipant, !participant.answersWaitingScreens { block.dismissWaitingScreen(at: now) }
            block.advance(to: now, inputs: participant.inputs(through: now))
            frame += 1
        }
    }

    /// A two-choice block of `count` trials, half of them "near", half "far".
    private func judgeBlock(count: Int, paradigm: JudgeConfiguration.Paradigm = .choice) -> JudgeBlock {
        var configuration = JudgeConfiguration()
        configuration.paradigm = paradigm
        configuration.conditionColumn = "distance"
        configuration.feedback = false
        configuration.intervalSeconds = 0.2
        configuration.responses = paradigm == .choice
            ? [.init(answer: "friend", label: "Friend", key: "F"), .init(answer: "foe", label: "Foe", joystickButton: 3)]
            : [.init(answer: "go", label: "Go", key: "SPACE")]
        let answers = paradigm == .choice ? ["friend", "foe"] : ["go", "nogo"]
        let trials = JudgeTrialList(file: "t.csv", extraColumns: ["distance"], trials: (0..<count).map { index in
            JudgeTrialList.Trial(image: "i\(index % 4).png", expected: answers[index % 2], extras: [index < count / 2 ? "near" : "far"],
                                 line: index + 2, imageColumn: 1)
        })
        let sizes = Dictionary(uniqueKeysWithValues: (0..<4).map { ("i\($0).png", (width: 100, height: 100)) })
        return JudgeBlock(configuration: configuration, trials: trials, practice: nil, imageSizes: sizes, canvas: Canvas(width: 1920, height: 1080), seed: 3)
    }

    private func model() -> BehaviourModel {
        var model = BehaviourModel()
        model.conditions["near"] = .init(accuracy: 0.9, responseTime: ExGaussian(muMs: 400, sigmaMs: 40, tauMs: 100))
        model.conditions["far"] = .init(accuracy: 0.7, responseTime: ExGaussian(muMs: 600, sigmaMs: 40, tauMs: 100))
        return model
    }

    private func judged(seed: UInt64, paradigm: JudgeConfiguration.Paradigm = .choice) throws -> [JudgeTrialRow] {
        let block = judgeBlock(count: 1200, paradigm: paradigm)
        let visit = SimulatedVisit(model: model(), seed: seed, participant: "SIM-001", visit: nil)
        run(block, try #require(visit.participant(for: block, place: 0, earlierRuns: 0)))
        return block.trialRows
    }

    @Test func judgementsFollowTheModelsAccuracyAndResponseTimesByCondition() throws {
        let rows = try judged(seed: 11)
        #expect(rows.count == 1200)
        for (condition, accuracy, meanMs) in [("near", 0.9, 500.0), ("far", 0.7, 700.0)] {
            let trials = rows.filter { $0.extras == [condition] }
            let right = Double(trials.filter(\.correct).count) / Double(trials.count)
            // 600 trials: the binomial standard error is at most 0.019; four of them.
            #expect(abs(right - accuracy) < 0.075, "\(condition): accuracy \(right)")
            let times = trials.compactMap(\.responseMilliseconds)
            #expect(times.count == trials.count)
            let mean = times.reduce(0, +) / Double(times.count)
            // The mean of an ex-Gaussian is mu + tau; its SD here is about 108 ms.
            #expect(abs(mean - meanMs) < 20, "\(condition): mean RT \(mean)")
        }
        // Answers came through the answers' own inputs: a key, and a joystick button.
        #expect(Set(rows.map(\.input)) == ["F", "JOY_BTN_3"])
    }

    @Test func theSameSeedGivesTheSameAnswersAndAnotherOthers() throws {
        let first = try judged(seed: 11).map(\.line), again = try judged(seed: 11).map(\.line), other = try judged(seed: 12).map(\.line)
        #expect(first == again)
        #expect(first != other)
    }

    @Test func goNoGoWithholdsTheResponseToWhatIsSeenAsANonTarget() throws {
        let rows = try judged(seed: 5, paradigm: .goNoGo)
        let nogo = rows.filter { $0.expected == "nogo" && $0.extras == ["near"] }
        let falseAlarms = Double(nogo.filter { !$0.response.isEmpty }.count) / Double(nogo.count)
        #expect(abs(falseAlarms - 0.1) < 0.06)
        #expect(nogo.allSatisfy { $0.response.isEmpty == $0.correct })
    }

    @Test func practiceRunsGainTheModelsLearningEachTime() throws {
        var learning = BehaviourModel()
        learning.judgement.accuracy = 0.5
        learning.learningPerRun = 0.25
        let visit = SimulatedVisit(model: learning, seed: 2, participant: "SIM-001", visit: nil)
        var accuracies: [Double] = []
        for earlierRuns in 0..<3 {
            let block = judgeBlock(count: 400)
            run(block, try #require(visit.participant(for: block, place: 4, earlierRuns: earlierRuns)))
            accuracies.append(Double(block.trialRows.filter(\.correct).count) / 400)
        }
        #expect(zip([0.5, 0.75, 1.0], accuracies).allSatisfy { abs($0 - $1) < 0.1 }, "\(accuracies)")
    }

    private func consentBlock() -> ConsentBlock {
        let form = ConsentForm(title: "Consent", pages: [.init(file: "a.html"), .init(file: "b.html")],
                               statements: ["I have read it.", "I may stop at any time."], asksName: true, asksSignature: true)
        return ConsentBlock(form: form, pageTexts: ["<p>About it.</p>", "<p>Your data.</p>"], canvas: Canvas(width: 1280, height: 800))
    }

    @Test func consentIsGivenByTappingTypingAndSigning() throws {
        var agreeing = BehaviourModel()
        agreeing.consent.name = "ann o'neil-smith jr."
        let block = consentBlock()
        run(block, try #require(SimulatedVisit(model: agreeing, seed: 1, participant: "SIM-001", visit: nil).participant(for: block, place: 0, earlierRuns: 0)))
        #expect(block.outcome?.decision == .agreed)
        #expect(block.ticked == [true, true] && block.strokes.count == 1 && block.strokes[0].count == 61)
        // The field capitalises each word as it is typed.
        #expect(block.name == "Ann O'neil-Smith Jr.")
        #expect(block.elapsedSeconds > 3)
    }

    @Test func aDecliningShareDeclinesTheSameAtEveryVisit() throws {
        var declining = BehaviourModel()
        declining.consent.declineShare = 0.5
        var declined = 0
        for number in 1...200 {
            let participant = "SIM-\(number)"
            let baseline = SimulatedVisit(model: declining, seed: 9, participant: participant, visit: "baseline")
            #expect(baseline.declinesConsent == SimulatedVisit(model: declining, seed: 9, participant: participant, visit: "week-1").declinesConsent)
            let block = consentBlock()
            run(block, try #require(baseline.participant(for: block, place: 0, earlierRuns: 0)))
            #expect(block.outcome?.decision == (baseline.declinesConsent ? .declined : .agreed))
            if baseline.declinesConsent { declined += 1 }
        }
        #expect((70...130).contains(declined))
    }

    /// The tracking cursor's RMS distance from the centre over a minute, with the model's
    /// operator at the stick (nil: nobody).
    private func trackingDeviation(stickForce: Double, operated: Bool) throws -> (rms: Double, stickRows: Int) {
        var harness = try SessionHarness("0:00:00;track;joystickforce;\(stickForce)\n0:00:00;track;start\n0:01:00;track;stop\n")
        let visit = SimulatedVisit(model: BehaviourModel(), seed: 8, participant: "SIM-001", visit: nil)
        let operating = operated ? try #require(visit.participant(for: harness.session, place: 0, earlierRuns: 0)) : nil
        var frame = 1
        var rows: [LogRecord] = []
        while !harness.session.isFinished && frame < 10_000 {
            let now = SessionHarness.at(Double(frame) / 60)
            harness.session.advance(to: now, inputs: operating?.inputs(through: now) ?? [])
            // As a host takes them every frame.
            rows += harness.session.takeRecords()
            frame += 1
        }
        let figure = try #require(harness.session.summaryFigures.first { $0.name == "track RMS deviation px" })
        let stickRows = rows.filter { $0.kind == .input && $0.module == "joystick" }
        #expect(stickRows.allSatisfy { $0.value.number.map { $0 == StickResponse.quantized($0) } ?? false }, "axes at the log's precision")
        return (try #require(Double(figure.value)), stickRows.count)
    }

    @Test func theTrackingOperatorLeavesTheCursorFartherOutWithAWeakerStick() throws {
        let strong = try trackingDeviation(stickForce: 3, operated: true)
        let weak = try trackingDeviation(stickForce: 1.5, operated: true)
        let unattended = try trackingDeviation(stickForce: 3, operated: false)
        #expect(strong.stickRows > 500 && weak.stickRows > 500 && unattended.stickRows == 0)
        #expect(strong.rms < weak.rms && weak.rms < unattended.rms, "\(strong) \(weak) \(unattended)")
    }

    @Test func systemMonitoringFailuresAreNoticedWithTheModelsShareAndAnsweredByTheirKeys() throws {
        func figures(detection: Double) throws -> [String: String] {
            var harness = try SessionHarness("""
                0:00:00;sysmon;start
                0:00:05;sysmon;scales-1-failure;True
                0:00:20;sysmon;lights-1-failure;True
                0:00:35;sysmon;scales-3-failure;True
                0:00:55;sysmon;stop
                """)
            var model = BehaviourModel()
            model.monitoring.detection = detection
            let operating = try #require(SimulatedVisit(model: model, seed: 2, participant: "SIM-001", visit: nil)
                .participant(for: harness.session, place: 0, earlierRuns: 0))
            var frame = 1
            while !harness.session.isFinished && frame < 10_000 {
                let now = SessionHarness.at(Double(frame) / 60)
                harness.session.advance(to: now, inputs: operating.inputs(through: now))
                _ = harness.session.takeRecords()
                frame += 1
            }
            return Dictionary(uniqueKeysWithValues: harness.session.summaryFigures.map { ($0.name, $0.value) })
        }
        let noticing = try figures(detection: 1), missing = try figures(detection: 0)
        #expect(noticing["sysmon HIT"] == "3" && noticing["sysmon MISS"] == "0" && noticing["sysmon FA"] == "0", "\(noticing)")
        #expect(missing["sysmon HIT"] == "0" && missing["sysmon MISS"] == "3", "\(missing)")
    }

    @Test func resourcesAreKeptAtTheirTargetsByThePumpsKeys() throws {
        func inTolerance(keepsTargets: Bool) throws -> String? {
            var harness = try SessionHarness("0:00:00;resman;start\n0:03:00;resman;stop\n")
            var model = BehaviourModel()
            model.resources.keepsTargets = keepsTargets
            let operating = try #require(SimulatedVisit(model: model, seed: 2, participant: "SIM-001", visit: nil)
                .participant(for: harness.session, place: 0, earlierRuns: 0))
            var frame = 1
            var pumpKeys = 0
            var refills = 0
            while !harness.session.isFinished && frame < 20_000 {
                let now = SessionHarness.at(Double(frame) / 60)
                let inputs = operating.inputs(through: now)
                pumpKeys += inputs.filter { if case .keyPress(let key) = $0.payload { key.hasPrefix("NUM_") } else { false } }.count
                // Pumps 5 and 6 refill C and D from E and F.
                refills += inputs.filter { $0.payload == .keyPress("NUM_5") || $0.payload == .keyPress("NUM_6") }.count
                harness.session.advance(to: now, inputs: inputs)
                _ = harness.session.takeRecords()
                frame += 1
            }
            #expect((pumpKeys > 0) == keepsTargets)
            #expect((refills > 0) == keepsTargets, "C and D refilled once they ran low")
            return harness.session.summaryFigures.first { $0.name == "resman tank A in tolerance %" }?.value
        }
        // Tanks A and B leak from their targets; the operator's pumps keep them in the band, and C
        // and D, which feed them, refilled.
        #expect(try inTolerance(keepsTargets: true) == "100.0")
        #expect(try inTolerance(keepsTargets: false).flatMap(Double.init).map { $0 < 50 } == true)
    }

    @Test func aSelfPacedBreakLastsItsMinimumAndTheRestTakenPastIt() throws {
        var model = BehaviourModel()
        model.rest.beyondMinimum = ExGaussian(muMs: 5000, sigmaMs: 0, tauMs: 0)
        let visit = SimulatedVisit(model: model, seed: 1, participant: "SIM-001", visit: nil)
        let pause = PauseBlock(canvas: Canvas(width: 1920, height: 1080), title: "A break", message: "Rest.", minimumSeconds: 30)
        run(pause, try #require(visit.participant(for: pause, place: 2, earlierRuns: 0)))
        #expect(pause.isFinished && !pause.quitRequested)
        // Continue shows at the first frame past 30 s; Space is released 5.09 s later, seen at the next frame.
        #expect(pause.elapsedSeconds > 35.09 && pause.elapsedSeconds < 35.09 + 2.0 / 60, "\(pause.elapsedSeconds)")
    }

    @Test func aQuestionnaireIsAnsweredPageByPageWithTheModelsAnswers() throws {
        let questions = (1...6).map { "Item \($0);How much?;Low/High;0/100/50" }
        var harness = try SessionHarness("0:00:00;genericscales;filename;q.txt\n0:00:00;genericscales;start\n",
                                         includes: ["q.txt": questions[0..<3].joined(separator: "\n") + "\n<newpage>\n" + questions[3...].joined(separator: "\n")])
        var model = BehaviourModel()
        model.questionnaire.answerMean = 0.8
        model.questionnaire.answerStandardDeviation = 0.05
        let answering = try #require(SimulatedVisit(model: model, seed: 3, participant: "SIM-001", visit: nil).participant(for: harness.session, place: 0, earlierRuns: 0))
        #expect(answering.answersWaitingScreens, "a questionnaire on screen is answered, not moved past")
        var frame = 1
        var rows: [LogRecord] = []
        while !harness.session.isFinished && frame < 10_000 {
            let now = SessionHarness.at(Double(frame) / 60)
            harness.session.advance(to: now, inputs: answering.inputs(through: now))
            rows += harness.session.takeRecords()
            frame += 1
        }
        #expect(harness.session.isFinished)
        // Each slider set once, by one tap, on both pages (the last page's answers are also its performance rows).
        let set = rows.filter { $0.kind == .state && $0.module == "genericscales" && $0.address.hasPrefix("slider_") }
        #expect(set.map(\.address) == ["slider_1, value", "slider_2, value", "slider_3, value"] + ["slider_1, value", "slider_2, value", "slider_3, value"])
        let answers = set.compactMap { Double($0.value.text ?? "") }
        // Each answer near 80 of 100 (the model's 0.8, with a standard deviation of 5).
        #expect(answers.count == 6 && answers.allSatisfy { $0 > 60 && $0 < 100 }, "\(answers)")
        #expect(rows.filter { $0.kind == .performance && $0.module == "genericscales" }.map(\.address) == ["Item 4", "Item 5", "Item 6"])
    }

    @Test func exGaussianDrawsHaveTheirMeanAndStayPositive() {
        var generator = SplitMix64(seed: 4)
        let distribution = ExGaussian(muMs: 300, sigmaMs: 50, tauMs: 200)
        let draws = (0..<20_000).map { _ in distribution.drawMilliseconds(&generator) }
        let mean = draws.reduce(0, +) / Double(draws.count)
        // SD = sqrt(50² + 200²) ≈ 206; the mean's standard error is 1.5 ms.
        #expect(abs(mean - 500) < 8)
        #expect(draws.allSatisfy { $0 >= 1 })
        #expect(abs(BehaviourModel.Judgement.accuracy(dPrime: 2) - 0.841345) < 1e-6)
    }
}
