import Testing
@testable import KioskCore

@Suite struct BehaviourModelReaderTests {
    private func model(_ text: String) -> BehaviourModel? {
        guard case .success(let read) = BehaviourModelReader.read(text, file: "model.toml") else { return nil }
        return read
    }

    private func problems(_ text: String) -> [String] {
        guard case .failure(let errors) = BehaviourModelReader.read(text, file: "model.toml") else { return [] }
        return errors.diagnostics.map(\.description)
    }

    @Test func anEmptyFileKeepsEveryDefault() throws {
        let read = try #require(model("# nothing set\n"))
        #expect(read.judgement == BehaviourModel().judgement && read.learningPerRun == 0.1 && read.consent == BehaviourModel.Consent())
        #expect(read.conditions.isEmpty && read.visits.isEmpty && read.blockKindPlaces.isEmpty)
    }

    @Test func conditionsStartFromTheJudgeTableAndVisitsScaleResponseTimes() throws {
        let read = try #require(model("""
            [judge]
            accuracy = 0.8
            rt_mu_ms = 500
            rt_sigma_ms = 40
            rt_tau_ms = 100
            learning_per_run = 0.2

            [[condition]]
            name = "easy"
            accuracy = 0.9

            [[condition]]
            name = "hard"
            d_prime = 1.0
            rt_mu_ms = 600

            [[visit]]
            name = "week-4"
            rt_scale = 0.8
            accuracy_change = 0.05

            [consent]
            decline = 0.25
            name = "Ann O'Neil-Smith"

            [break]
            rest_mu_ms = 1000
            rest_tau_ms = 0
            """))
        #expect(read.conditions["easy"] == .init(accuracy: 0.9, responseTime: ExGaussian(muMs: 500, sigmaMs: 40, tauMs: 100)))
        let hard = try #require(read.conditions["hard"])
        #expect(abs(hard.accuracy - 0.691462) < 1e-6 && hard.responseTime.muMs == 600 && hard.responseTime.tauMs == 100)
        #expect(read.consent.declineShare == 0.25 && read.consent.name == "Ann O'Neil-Smith")
        let later = read.judgement(condition: "easy", visit: "week-4", earlierRuns: 0)
        #expect(abs(later.accuracy - 0.95) < 1e-12 && later.responseTime == ExGaussian(muMs: 400, sigmaMs: 32, tauMs: 80))
        // Practice: each earlier run adds the learning, up to every answer right.
        #expect(read.judgement(condition: nil, visit: nil, earlierRuns: 1).accuracy == 1.0)
        #expect(read.judgement(condition: "unknown", visit: "baseline", earlierRuns: 0) == read.judgement)
        #expect(read.rest.beyondMinimum == ExGaussian(muMs: 1000, sigmaMs: 5000, tauMs: 0))
        #expect(read.blockKindPlaces.map(\.kinds) == [["judge"], ["judge"], ["consent"], ["break"]])
    }

    @Test func everyProblemIsReportedAtItsPlaceAtOnce() {
        let found = problems("""
            speed = 2
            [judge]
            accuracy = 1.5
            rt_mu_ms = -10
            rt_tau_ms = 9223372036854775807
            rt_sigma = 40
            [[condition]]
            accuracy = 0.9
            [[condition]]
            name = "easy"
            accuracy = 0.9
            d_prime = 2
            [[visit]]
            name = "week-1"
            rt_scale = 0
            [[visit]]
            name = "week-1"
            [consent]
            decline = 1.0000001
            name = "R2-D2"
            [pad]
            [matb]
            track_gain = 1e300
            track_interval_ms = 5
            sysmon_detection = 2
            resman_policy = "greedy"
            comms_accuracy = -0.5
            [attendance]
            late = 0.2
            late_days = 0
            no_show = 1.5
            """)
        #expect(found == [
            "model.toml:1:1: error: `speed` must be inside a table; a behaviour model has [[condition]], [[visit]], [attendance], [break], [consent], [judge], [matb], [questionnaire]",
            "model.toml:21:1: error: unknown table [pad]; a behaviour model has [[condition]], [[visit]], [attendance], [break], [consent], [judge], [matb], [questionnaire]",
            "model.toml:3:12: error: `accuracy` is the share of right answers, 0 to 1, found 1.5",
            "model.toml:4:12: error: `rt_mu_ms` is the normal part's mean, in milliseconds (0 to 60000), found -10",
            "model.toml:5:13: error: `rt_tau_ms` is the exponential tail's mean, in milliseconds (0 to 60000), found 9223372036854775807",
            "model.toml:6:1: error: unknown key `rt_sigma` in [judge]; expected one of accuracy, d_prime, rt_mu_ms, rt_sigma_ms, rt_tau_ms, learning_per_run",
            "model.toml:19:11: error: `decline` is the share of participants who decline, 0 to 1, found 1.0000001",
            "model.toml:20:8: error: `name` is the name typed, 1 to 80 letters, spaces, hyphens, apostrophes or full stops, found \"R2-D2\"",
            "model.toml:30:13: error: `late_days` is the most days after its window a late visit runs, 1 to 365, found 0",
            "model.toml:31:11: error: `no_show` is the share of participants who stop coming after some visit, 0 to 1, found 1.5",
            "model.toml:23:14: error: `track_gain` is the stick's push per half reticle side the cursor is out, 0 to 100, found 1e+300",
            "model.toml:24:21: error: `track_interval_ms` is the time between looks at the cursor, in milliseconds (10 to 60000), found 5",
            "model.toml:25:20: error: `sysmon_detection` is the share of system-monitoring failures noticed and answered, 0 to 1, found 2",
            "model.toml:27:18: error: `comms_accuracy` is the share of radio prompts answered with the right radio and frequency, 0 to 1, found -0.5",
            "model.toml:26:17: error: `resman_policy` is \"target\" (pumps on below each target, off above) or \"none\", found \"greedy\"",
            "model.toml:7:1: error: a [[condition]] needs `name`, a value of a judgement block's condition column",
            "model.toml:12:1: error: give `accuracy` or `d_prime`, not both",
            "model.toml:15:12: error: `rt_scale` is how many times as long responses take at this visit, 0.1 to 10, found 0",
            "model.toml:17:8: error: the visit \"week-1\" is given twice",
        ])
    }

    @Test func notANumberIsRefusedWhereItStands() {
        #expect(problems("[judge]\naccuracy = nan\n") == ["model.toml:2:12: error: not valid in a behaviour model: expected a value: a \"string\", a number, true or false; got `nan`"])
        #expect(problems("[judge]\naccuracy = -nan\n").count == 1)
    }

    @Test func aModelForWhatThePlanDoesNotHaveIsRefused() throws {
        var block = PlanBlock(kind: .judge, file: "j.toml")
        block.visit = "baseline"
        let plan = Plan(studyName: "study", blocks: [block], counterbalance: [:],
                        visits: [PlanVisit(name: "baseline", day: 0, windowDays: 0, line: 1)])
        let read = try #require(model("[judge]\naccuracy = 0.9\n[consent]\ndecline = 0.1\n[[visit]]\nname = \"week-1\"\n[[visit]]\nname = \"baseline\"\n"
                                      + "[attendance]\nno_show = 0.1\n"))
        #expect(read.problems(against: plan, file: "model.toml").map(\.description) == [
            "model.toml:3:1: error: the plan study has no `consent` block for this to drive",
            "model.toml:6:8: error: the plan study has no visit \"week-1\"; its visits are baseline",
            "model.toml:9:1: error: the plan study has no visit after its first for [attendance] to make late or miss",
        ])
    }
}
