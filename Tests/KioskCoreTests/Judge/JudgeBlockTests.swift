import Testing
@testable import KioskCore

@Suite struct JudgeBlockTests {
    private func at(_ seconds: Double) -> MonotonicTime { MonotonicTime(nanoseconds: Int64((seconds * 1e9).rounded())) }
    private func key(_ name: String, _ seconds: Double) -> InputEvent { InputEvent(time: at(seconds), .keyPress(name)) }
    private let space = { (seconds: Double) in InputEvent(time: MonotonicTime(nanoseconds: Int64(seconds * 1e9)), .keyRelease("SPACE")) }

    private func choice(_ edit: (inout JudgeConfiguration) -> Void = { _ in }) -> JudgeConfiguration {
        var c = JudgeConfiguration()
        c.order = .file
        c.fixationSeconds = 0.5
        c.responseSeconds = 2
        c.feedbackSeconds = 0.8
        c.intervalSeconds = 1
        c.responses = [.init(answer: "friend", label: "Friend", key: "F", joystickButton: 2), .init(answer: "foe", label: "Foe", key: "J")]
        edit(&c)
        return c
    }

    private func list(_ rows: [(String, String)], extras: [String] = [], goNoGo: Bool = false) -> JudgeTrialList {
        JudgeTrialList(file: "t.csv", extraColumns: extras.isEmpty ? [] : ["distance"], trials: rows.enumerated().map { index, row in
            JudgeTrialList.Trial(image: row.0, expected: goNoGo ? (row.1 == "1" ? "go" : "nogo") : row.1,
                                 extras: extras.isEmpty ? [] : [extras[index]], line: index + 2, imageColumn: 1)
        })
    }

    private func block(_ c: JudgeConfiguration, _ trials: JudgeTrialList, practice: JudgeTrialList? = nil, seed: UInt64 = 7) -> JudgeBlock {
        let sizes = Dictionary(uniqueKeysWithValues: (trials.trials + (practice?.trials ?? [])).map { ($0.image, (width: 400, height: 300)) })
        let judge = JudgeBlock(configuration: c, trials: trials, practice: practice, imageSizes: sizes, canvas: Canvas(width: 1920, height: 1080), seed: seed)
        judge.begin(at: at(0))
        judge.advance(to: at(0), inputs: [])
        return judge
    }

    @Test func aResponseIsTimedFromTheShownFrameToTheInputsOwnTime() {
        let judge = block(choice(), list([("a.png", "friend"), ("b.png", "foe")], extras: ["far", "near"]))
        #expect(judge.isWaitingForParticipant)
        judge.advance(to: at(1), inputs: [space(1)])
        judge.advance(to: at(1.25), inputs: [key("F", 1.2)])  // during the fixation: early
        judge.advance(to: at(1.5), inputs: [])
        judge.frameShown(at: at(1.5112))
        #expect(judge.drawList().commands.contains { if case .image("a.png", _) = $0 { true } else { false } })
        judge.advance(to: at(1.9), inputs: [key("F", 1.876543)])
        judge.frameShown(at: at(1.91))
        judge.advance(to: at(2.7), inputs: [])  // feedback over: the interval starts
        judge.advance(to: at(2.72), inputs: [])
        let rows = judge.takeOutputs()
        #expect(rows.count == 1)
        let row = rows[0]
        #expect(row.trial == 1 && !row.practice && row.block == 1 && row.listLine == 2 && row.image == "a.png" && row.extras == ["far"])
        #expect(row.expected == "friend" && row.response == "friend" && row.input == "F" && row.correct && !row.timedOut)
        #expect(row.responseMilliseconds.map { abs($0 - 365.343) < 1e-6 } ?? false)
        #expect(row.earlyResponses == 1)
        #expect(abs(row.onsetSeconds - 1.5112) < 1e-9)
        #expect(abs(row.shownMilliseconds - 398.8) < 1e-6)
        #expect(abs(row.fixationMilliseconds - 511.2) < 1e-6)
        #expect(row.intervalMilliseconds == 1000)
        #expect(row.line.hasPrefix("1\t0\t1\t2\ta.png\tfar\tfriend\tfriend\tF\t1\t365.343\t0\t1\t1.511200\t398.800\t511.200\t1000.000\t0\t0\t\n"))
        #expect(row.onsetEarliestSeconds == nil)
    }

    @Test func anOnsetTheDisplayCouldNotPinToOneRefreshIsMarkedWithTheEarliest() throws {
        // The counter stepped during the copy: 1.5112 reported, 1.4945 the refresh before it.
        let judge = block(choice(), list([("a.png", "friend")]))
        judge.advance(to: at(1), inputs: [space(1)])
        judge.advance(to: at(1.5), inputs: [])
        judge.frameShown(at: at(1.5112), earliestPossible: at(1.4945))
        judge.advance(to: at(1.9), inputs: [key("F", 1.876543)])
        judge.frameShown(at: at(1.91))
        judge.advance(to: at(2.7), inputs: [])
        judge.advance(to: at(2.72), inputs: [])
        let row = judge.takeOutputs()[0]
        // The onset and the response time stay the reported refresh's: never before the light.
        #expect(abs(row.onsetSeconds - 1.5112) < 1e-9)
        #expect(row.responseMilliseconds.map { abs($0 - 365.343) < 1e-6 } ?? false)
        #expect(row.onsetEarliestSeconds.map { abs($0 - 1.4945) < 1e-9 } ?? false)
        #expect(row.line.hasSuffix("\t1.494500\n"))
        let read = try JudgeLogFile.read(JudgeLogFile.opening(information: [], extraColumns: judge.extraColumns) + row.line, file: "log")
        #expect(read.rows.first?.onsetEarliestSeconds.map { abs($0 - 1.4945) < 1e-9 } ?? false)
    }

    @Test func noAnswerInTheWindowIsTooSlowAndLateInputsDoNotCount() {
        let judge = block(choice { $0.fixationSeconds = 0; $0.feedback = false }, list([("a.png", "foe")]))
        judge.advance(to: at(1), inputs: [space(1)])  // the image shows at once: onset 1.0
        judge.advance(to: at(3.01), inputs: [key("J", 3.005)])
        judge.advance(to: at(3.02), inputs: [])
        let row = judge.trialRows[0]
        #expect(row.timedOut && !row.correct && row.response.isEmpty && row.responseMilliseconds == nil)
        #expect(abs(row.shownMilliseconds - 2010) < 1e-6)
    }

    @Test func aWrongAnswerByJoystickOrTapIsLoggedWithWhatGaveIt() {
        let judge = block(choice { $0.fixationSeconds = 0; $0.feedback = false; $0.intervalSeconds = 0 }, list([("a.png", "foe"), ("b.png", "friend")]))
        judge.advance(to: at(1), inputs: [space(1)])
        judge.advance(to: at(1.5), inputs: [InputEvent(time: at(1.4), .joystickButton("JOY_BTN_2", pressed: true))])
        judge.advance(to: at(1.52), inputs: [])
        judge.advance(to: at(1.54), inputs: [])  // the first trial logged at 1.52, when the next one showed
        let foe = judge.responseButtons[1]
        judge.advance(to: at(2), inputs: [InputEvent(time: at(1.9), .pointerDown(Point(foe.centerX, foe.centerY), .finger(3)))])
        judge.advance(to: at(2.02), inputs: [])
        #expect(judge.trialRows.map(\.input) == ["JOY_BTN_2", "tap"])
        #expect(judge.trialRows.map(\.shownMilliseconds) == [500, 480])
        #expect(judge.trialRows.map(\.response) == ["friend", "foe"])
        #expect(judge.trialRows.map(\.correct) == [false, false])
        #expect(judge.trialRows[1].responseMilliseconds.map { abs($0 - 380) < 1e-6 } ?? false)
    }

    @Test func practiceComesFirstDoesNotCountAndBreaksSplitTheBlocks() {
        let judge = block(choice { $0.fixationSeconds = 0; $0.feedback = false; $0.intervalSeconds = 0; $0.trialsPerBlock = 1; $0.pointsCorrect = 5; $0.pointsWrong = -1 },
                          list([("a.png", "friend"), ("b.png", "foe")]), practice: list([("p.png", "foe")]))
        var time = 1.0
        func step(_ inputs: [InputEvent] = []) {
            judge.advance(to: at(time), inputs: inputs)
            time += 0.02
        }
        step([space(time)])  // instructions → practice
        step([key("J", time - 0.01)])
        step(); step()
        #expect(judge.isWaitingForParticipant)  // practice over
        step([space(time)])
        step([key("F", time - 0.01)])
        step(); step()
        #expect(judge.isWaitingForParticipant)  // a break after block 1
        judge.dismissWaitingScreen(at: at(time))
        step()
        step([key("F", time - 0.01)])
        step(); step()
        #expect(judge.isWaitingForParticipant)  // done
        judge.dismissWaitingScreen(at: at(time))
        #expect(judge.isFinished)
        #expect(judge.trialRows.map(\.practice) == [true, false, false])
        #expect(judge.trialRows.map(\.block) == [0, 1, 2])
        #expect(judge.trialRows.map(\.trial) == [1, 1, 2])
        #expect(judge.trialRows.map(\.points) == [5, 5, -1])
        #expect(judge.trialRows.map(\.score) == [0, 5, 4])
        #expect(judge.summary.groups.first?.trials == 2)
    }

    @Test func aShuffleFollowsItsSeed() {
        let trials = list((1...12).map { ("\($0).png", "friend") })
        func order(_ seed: UInt64) -> [String] {
            let judge = block(choice { $0.order = .shuffle; $0.fixationSeconds = 0; $0.feedback = false; $0.intervalSeconds = 0 }, trials, seed: seed)
            var time = 1.0
            judge.advance(to: at(time), inputs: [space(time)])
            while !judge.isWaitingForParticipant {
                time += 0.02
                judge.advance(to: at(time), inputs: [key("F", time - 0.001)])
            }
            return judge.trialRows.map(\.image)
        }
        #expect(order(11) == order(11))
        #expect(order(11) != order(12))
        #expect(Set(order(11)) == Set(trials.trials.map(\.image)))
        #expect(PlanOrder.shuffled(12, seed: 11).map { "\($0 + 1).png" } == order(11))
    }

    @Test func goNoGoScoresHitsMissesFalseAlarmsAndDPrime() {
        // 10 targets (8 answered), 10 lures (2 answered).
        let flags = Array(repeating: "1", count: 10) + Array(repeating: "0", count: 10)
        var c = choice { $0.paradigm = .goNoGo; $0.fixationSeconds = 0; $0.feedback = false; $0.intervalSeconds = 0 }
        c.responses = [.init(answer: "go", label: "Go", key: "SPACE")]
        let judge = block(c, list(flags.enumerated().map { ("\($0.offset).png", $0.element) }, goNoGo: true))
        var time = 1.0
        judge.advance(to: at(time), inputs: [InputEvent(time: at(time), .keyRelease("ENTER"))])
        for index in 0..<20 {
            let respond = index < 8 || (index >= 10 && index < 12)
            time += 0.3
            judge.advance(to: at(time), inputs: respond ? [key("SPACE", time - 0.1)] : [])
            if !respond { time += 2; judge.advance(to: at(time), inputs: []) }
            time += 0.02
            judge.advance(to: at(time), inputs: [])
            time += 0.02
            judge.advance(to: at(time), inputs: [])
        }
        guard let all = judge.summary.groups.first else { Issue.record("no summary"); return }
        #expect(all.trials == 20 && all.hits == 8 && all.misses == 2 && all.falseAlarms == 2 && all.correctRejections == 8 && all.correct == 16)
        #expect(all.hitRate == 0.8 && all.falseAlarmRate == 0.2)
        // Python: NormalDist().inv_cdf(8.5 / 11) - NormalDist().inv_cdf(2.5 / 11)
        #expect(all.dPrime.map { abs($0 - 1.4957171895266042) < 1e-12 } ?? false)
        #expect(judge.summary.groups.map(\.condition) == ["all", "go", "nogo"])
        #expect(judge.summaryFigures.map(\.name) == ["trials", "accuracy", "median RT ms", "d′"])
    }

    @Test func theNormalQuantileIsExact() {
        #expect(abs(JudgeSummary.inverseNormal(0.975) - 1.9599639845400536) < 1e-13)
        #expect(abs(JudgeSummary.inverseNormal(1e-10) - -6.361340902404056) < 1e-9)
        #expect(JudgeSummary.inverseNormal(0.5) == 0)
    }

    @Test func quittingMidTrialKeepsTheTrialsThatEnded() {
        let judge = block(choice { $0.fixationSeconds = 0; $0.feedback = false; $0.intervalSeconds = 5 }, list([("a.png", "friend"), ("b.png", "foe")]))
        judge.advance(to: at(1), inputs: [space(1)])
        judge.advance(to: at(1.5), inputs: [key("F", 1.4)])
        judge.advance(to: at(1.6), inputs: [InputEvent(time: at(1.6), .quitRequested)])
        #expect(judge.isFinished)
        #expect(judge.trialRows.count == 1)
    }

    @Test func theLogReadsBack() throws {
        let judge = block(choice { $0.fixationSeconds = 0; $0.feedback = false }, list([("a b.png", "friend")], extras: ["far"]))
        judge.advance(to: at(1), inputs: [space(1)])
        judge.advance(to: at(1.5), inputs: [key("J", 1.4)])
        judge.advance(to: at(1.52), inputs: [])
        let text = JudgeLogFile.opening(information: [("title", "Friend or foe"), ("seed", "7")], extraColumns: judge.extraColumns)
            + judge.takeOutputs().map(\.line).joined()
        let read = try JudgeLogFile.read(text + "2\t0\t1", file: "log")
        #expect(read.rows == judge.trialRows)
        #expect(read.extraColumns == ["distance"])
        #expect(read.value("seed") == "7")
        #expect(throws: JudgeLogFile.Failure.self) { try JudgeLogFile.read(text + "2\t0\t1\n", file: "log") }
    }
}
