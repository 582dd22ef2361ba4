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
            [typing]
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
            "model.toml:1:1: error: `speed` must be inside a table; a behaviour model has [[condition]], [[visit]], [attendance], [break], [consent], [judge], [matb], [pad], [prompts], [questionnaire], [screens]",
            "model.toml:21:1: error: unknown table [typing]; a behaviour model has [[condition]], [[visit]], [attendance], [break], [consent], [judge], [matb], [pad], [prompts], [questionnaire], [screens]",
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

    @Test func drawingPromptsScreensAndWorkloadAreReadOverTheirDefaults() throws {
        let read = try #require(model("""
            [pad]
            shape = "circle"
            strokes = 5
            size_px = 120
            jitter_px = 0.5
            speed_px_per_s = 400
            sample_rate_hz = 200
            pressure_mean = 0.7
            pressure_sd = 0.05
            tilt_x_deg = -20
            tilt_y_deg = 40
            tilt_sd_deg = 2
            gap_mu_ms = 300
            view_tau_ms = 0

            [prompts]
            rt_mu_ms = 1200

            [screens]
            read_mu_ms = 6000
            read_sigma_ms = 1000

            [questionnaire]
            workload_weight = 0.6
            """))
        var drawing = BehaviourModel.Drawing()
        (drawing.shape, drawing.strokes, drawing.sizePx, drawing.jitterPx, drawing.speedPxPerSecond, drawing.sampleRateHz) = (.circle, 5, 120, 0.5, 400, 200)
        (drawing.pressureMean, drawing.pressureStandardDeviation) = (0.7, 0.05)
        (drawing.tiltXDegrees, drawing.tiltYDegrees, drawing.tiltStandardDeviationDegrees) = (-20, 40, 2)
        drawing.gap = ExGaussian(muMs: 300, sigmaMs: 100, tauMs: 200)
        drawing.view = ExGaussian(muMs: 3000, sigmaMs: 800, tauMs: 0)
        #expect(read.drawing == drawing)
        #expect(read.prompts.responseTime == ExGaussian(muMs: 1200, sigmaMs: 500, tauMs: 1000))
        #expect(read.screens.reading == ExGaussian(muMs: 6000, sigmaMs: 1000, tauMs: 3000))
        #expect(read.questionnaire.workloadWeight == 0.6)
        // The mean answer moves from 0.5 toward the workload: 0.4 × 0.5 + 0.6 × 0.9.
        #expect(abs(read.questionnaire.answerMean(afterWorkload: 0.9) - 0.74) < 1e-12)
        #expect(read.questionnaire.answerMean(afterWorkload: nil) == 0.5)
        #expect(read.blockKindPlaces.map(\.kinds) == [["pad"], ["prompts"], ["questionnaire", "matb"], ["matb"]])
        #expect(BehaviourModel().screens.reading == ExGaussian(muMs: 4000, sigmaMs: 1500, tauMs: 3000))
        #expect(BehaviourModel().drawing.sampleRateHz == 133)
    }

    @Test func everyProblemOfTheNewTablesIsReportedAtItsPlaceAtOnce() {
        let found = problems("""
            [pad]
            shape = "spiral"
            strokes = 2.5
            size_px = 0
            jitter_px = -1
            speed_px_per_s = 0.5
            sample_rate_hz = 9223372036854775807
            pressure_mean = 1.2
            tilt_x_deg = 95
            gap_mu_ms = 60001
            view_sigma_ms = -5
            colour = "red"
            [prompts]
            rt_tau_ms = -1
            rt = 3
            [screens]
            read_mu_ms = -0.5
            read_sd_ms = 3
            [questionnaire]
            workload_weight = 1.5
            """)
        let pen = BehaviourModelReader.padKeys.map(\.name).joined(separator: ", ")
        #expect(found == [
            "model.toml:20:19: error: `workload_weight` is how far the answers follow the workload of the MATB block just run, 0 to 1, found 1.5",
            "model.toml:3:11: error: `strokes` is the strokes drawn on each image (or on the empty pad), a whole number from 1 to 100, found 2.5",
            "model.toml:4:11: error: `size_px` is each stroke's size, in pad pixels (1 to 4000), found 0",
            "model.toml:5:13: error: `jitter_px` is the standard deviation of the pen's wavering, in pad pixels (0 to 100), found -1",
            "model.toml:6:18: error: `speed_px_per_s` is the drawing speed along the stroke, in pad pixels a second (1 to 10000), found 0.5",
            "model.toml:7:18: error: `sample_rate_hz` is the pen's samples a second (1 to 1000), found 9223372036854775807",
            "model.toml:8:17: error: `pressure_mean` is the pen's mean pressure, 0 to 1, found 1.2",
            "model.toml:9:14: error: `tilt_x_deg` is the pen's tilt toward the pad's right, in degrees (-90 to 90), found 95",
            "model.toml:10:13: error: `gap_mu_ms` is the normal part's mean of the pen-up time before each stroke, in milliseconds (0 to 60000), found 60001",
            "model.toml:11:17: error: `view_sigma_ms` is its standard deviation, in milliseconds (0 to 60000), found -5",
            "model.toml:12:1: error: unknown key `colour` in [pad]; expected one of \(pen)",
            "model.toml:2:9: error: `shape` is the shape each stroke traces: \"line\", \"circle\", \"figure-eight\", found \"spiral\"",
            "model.toml:14:13: error: `rt_tau_ms` is its exponential tail's mean, in milliseconds (0 to 60000), found -1",
            "model.toml:15:1: error: unknown key `rt` in [prompts]; expected one of rt_mu_ms, rt_sigma_ms, rt_tau_ms",
            "model.toml:17:14: error: `read_mu_ms` is the normal part's mean of the time a screen is read before going on, in milliseconds (0 to 60000), found -0.5",
            "model.toml:18:1: error: unknown key `read_sd_ms` in [screens]; expected one of read_mu_ms, read_sigma_ms, read_tau_ms",
        ])
    }

    @Test func helpRequestsAreReadAndABelowAboveTheAboveIsRefused() throws {
        let read = try #require(model("[matb]\nhelp_above = 0.6\nhelp_below = 0.1\nhelp_window_ms = 5000\n"))
        #expect(read.helpRequests == BehaviourModel.HelpRequests(above: 0.6, below: 0.1, windowMs: 5000))
        #expect(BehaviourModel().helpRequests.above == nil)
        #expect(problems("[matb]\nhelp_above = 0.3\nhelp_below = 0.4\n").contains { $0.hasPrefix("model.toml:3:14: error: `help_below` (0.4) is above `help_above` (0.3)") })
        #expect(problems("[matb]\nhelp_above = 1.5\nhelp_window_ms = 10\n").count == 2)
    }

    @Test func notANumberIsRefusedWhereItStands() {
        #expect(problems("[pad]\nspeed_px_per_s = inf\n").count == 1)
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
        let drawingModel = try #require(model("[pad]\nstrokes = 2\n[prompts]\nrt_mu_ms = 900\n[screens]\nread_mu_ms = 100\n[questionnaire]\nworkload_weight = 0.5\n"))
        let questionnaireOnly = Plan(studyName: "study", blocks: [PlanBlock(kind: .questionnaire, file: "tlx.txt")], counterbalance: [:])
        #expect(drawingModel.problems(against: questionnaireOnly, file: "model.toml").map(\.description) == [
            "model.toml:1:1: error: the plan study has no `pad` block for this to drive",
            "model.toml:3:1: error: the plan study has no `prompts` block for this to drive",
            "model.toml:8:1: error: the plan study has no `matb` block for this to drive",
        ])
        let everything = Plan(studyName: "study", blocks: [PlanBlock(kind: .pad, file: "p.ini"), PlanBlock(kind: .prompts, file: "s.toml"),
                                                           PlanBlock(kind: .matb, file: "m.txt")], counterbalance: [:])
        #expect(drawingModel.problems(against: everything, file: "model.toml").isEmpty)
    }
}
