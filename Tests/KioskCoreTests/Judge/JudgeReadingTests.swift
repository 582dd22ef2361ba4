import Testing
@testable import KioskCore

@Suite struct JudgeReadingTests {
    static let choice = """
        title = "Friend or foe"
        trials = "trials.csv"
        order = "file"
        condition = "distance"
        fixation_seconds = 0.5
        response_seconds = 2
        interval_seconds = 1
        points_correct = 10

        [[response]]
        answer = "friend"
        key = "f"
        button = 1

        [[response]]
        answer = "foe"
        label = "Enemy"
        key = "J"
        """

    private func configuration(_ text: String = choice) -> JudgeConfiguration {
        guard case .success(let read) = JudgeConfigurationReader.read(text, file: "judge.toml") else {
            Issue.record("the configuration does not read")
            return JudgeConfiguration()
        }
        return read
    }

    private func problems(_ text: String) -> [String] {
        guard case .failure(let errors) = JudgeConfigurationReader.read(text, file: "judge.toml") else { return [] }
        return errors.diagnostics.map(\.description)
    }

    @Test func aConfigurationReadsWithItsDefaultsAndAnswers() {
        let c = configuration()
        #expect(c.title == "Friend or foe" && c.paradigm == .choice && c.order == .file && c.conditionColumn == "distance")
        #expect(c.responses == [.init(answer: "friend", label: "Friend", key: "F", joystickButton: 1),
                                .init(answer: "foe", label: "Enemy", key: "J", joystickButton: nil)])
        #expect(c.fixationSeconds == 0.5 && c.imageSeconds == 0 && c.responseSeconds == 2 && c.feedbackSeconds == 0.8)
        #expect(c.scoresPoints && c.pointsCorrect == 10 && c.pointsWrong == 0)
        #expect(c.trialsPlace == (2, 10))
    }

    @Test func everyProblemIsReportedAtItsPlace() {
        let found = problems("""
            trials = "t.csv"
            paradigm = "yes-no"
            response_seconds = 0
            colour = "red"
            [[response]]
            answer = "a"
            key = "F"
            [[response]]
            answer = "a"
            key = "F"
            button = 40
            """)
        #expect(found == [
            "judge.toml:4:1: error: unknown key `colour`; expected one of title, paradigm, instructions, trials, practice, order, condition, fixation_seconds, image_seconds, response_seconds, interval_seconds, interval_jitter_seconds, feedback, feedback_seconds, points_correct, points_wrong, trials_per_block",
            "judge.toml:2:12: error: `paradigm` is \"choice\" or \"go-nogo\", found \"yes-no\"",
            "judge.toml:3:20: error: `response_seconds` is a number of seconds > 0, found 0",
            "judge.toml:9:10: error: the answer \"a\" is given twice",
            "judge.toml:10:7: error: the key F is already the answer of the [[response]] at line 5",
            "judge.toml:11:10: error: `button` is a joystick button number from 1 to 32, found 40",
        ])
    }

    @Test func pointsAtTheEdgesOfTheirTypeAreAnErrorNotACrash() {
        for value in ["-9223372036854775808", "9223372036854775807", "1000000"] {
            #expect(problems("trials = \"t.csv\"\npoints_correct = \(value)\n").contains { $0.hasPrefix("judge.toml:2:18: error: `points_correct`") },
                    "points_correct = \(value)")
        }
    }

    @Test func aGoNoGoTakesOneResponseAndAChoiceTwoToFour() {
        #expect(problems("trials = \"t.csv\"\nparadigm = \"go-nogo\"\n") == [
            "judge.toml:1:1: error: a go-nogo paradigm has exactly one [[response]] (the go response); found 0"])
        #expect(problems("trials = \"t.csv\"\n[[response]]\nanswer = \"a\"\n") == [
            "judge.toml:1:1: error: a choice paradigm has 2 to 4 [[response]] tables (one per answer); found 1"])
        #expect(problems("[[response]]\nanswer = \"a\"\n[[response]]\nanswer = \"b\"\n") == [
            "judge.toml:1:1: error: a judgement configuration needs `trials`, the trial list's file, e.g. trials = \"trials.csv\""])
    }

    @Test func aTrialListCarriesTheLabsColumns() throws {
        let text = "\u{FEFF}image,answer,distance,note\r\nimages/a.png,friend,far,\"tank, \"\"old\"\"\"\r\nimages/b.png,foe,near,\r\n\r\n"
        guard case .success(let list) = JudgeTrialList.read(text, file: "trials.csv", configuration: configuration()) else {
            Issue.record("the list does not read")
            return
        }
        #expect(list.extraColumns == ["distance", "note"])
        #expect(list.trials.map(\.expected) == ["friend", "foe"])
        #expect(list.trials[0].extras == ["far", "tank, \"old\""])
        #expect(list.trials.map(\.line) == [2, 3])
    }

    @Test func aTrialListsProblemsNameLineAndColumn() {
        func problems(_ text: String, _ c: JudgeConfiguration) -> [String] {
            guard case .failure(let errors) = JudgeTrialList.read(text, file: "t.csv", configuration: c) else { return [] }
            return errors.diagnostics.map(\.description)
        }
        let c = configuration()
        #expect(problems("image,answer,distance\na.png,friend,far\nb.png,ally,near\n", c) == [
            "t.csv:3:7: error: the answer \"ally\" is none of the configuration's answers (friend, foe)"])
        #expect(problems("image,answer,distance\na.png,friend\n", c) == ["t.csv:2:7: error: this row has 2 fields; the header has 3"])
        #expect(problems("image,answer,distance\n\"a.png,friend,far\n", c) == ["t.csv:2:1: error: this quoted field has no closing quote"])
        #expect(problems("image,answer\na.png,friend\n", c) == [
            "t.csv:1: error: the configuration's `condition` names the column `distance`, which this list does not have (it has image, answer)"])
        #expect(problems("image,answer,distance,rt_ms\na.png,friend,far,1\n", c) == [
            "t.csv:1:23: error: `rt_ms` is a column the log writes itself; rename this column"])
        var goNoGo = JudgeConfiguration()
        goNoGo.paradigm = .goNoGo
        #expect(problems("image,target\na.png,maybe\n", goNoGo) == ["t.csv:2:7: error: `target` is 1 or 0 (yes/no, true/false, go/nogo), found \"maybe\""])
    }
}
