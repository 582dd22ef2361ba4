import Foundation
import KioskCore
import TestSupport
import Testing

@Suite struct PlanReaderTests {
    static let workloadPilot = """
        [study]
        name = "workload-pilot"

        [[block]]
        kind = "instructions"
        file = "welcome.txt"

        [[block]]
        kind = "matb"
        scenario = "easy.txt"
        group = "conditions"

        [[block]]
        kind = "matb"
        scenario = "hard.txt"
        group = "conditions"

        [[block]]
        kind = "questionnaire"
        file = "nasatlx_en.txt"

        [[block]]
        kind = "pad"
        config = "drawing.ini"

        [counterbalance]
        conditions = "latin-square"
        """

    @Test func theWorkloadPilotPlanReadsAsWritten() throws {
        let plan = try PlanReader.read(Self.workloadPilot, file: "plan.toml", kinds: PlanBlockKind.all).get()
        #expect(plan.studyName == "workload-pilot")
        #expect(plan.blocks.map(\.kind) == [.instructions, .matb, .matb, .questionnaire, .pad])
        #expect(plan.blocks.map(\.file) == ["welcome.txt", "easy.txt", "hard.txt", "nasatlx_en.txt", "drawing.ini"])
        #expect(plan.blocks.map(\.line) == [4, 8, 13, 18, 22])
        #expect(plan.counterbalance == ["conditions": .latinSquare])
    }

    @Test func aStudyMayAskForATimingCertificateOfAnAge() throws {
        let plan = try PlanReader.read("[study]\nname = \"s\"\ntiming_certificate_max_age_days = 30\n\n[[block]]\nkind = \"break\"\nseconds = 5\n",
                                       file: "plan.toml", kinds: PlanBlockKind.all).get()
        #expect(plan.timingCertificateMaxAgeDays == 30)
        #expect(try PlanReader.read(Self.workloadPilot, file: "plan.toml", kinds: PlanBlockKind.all).get().timingCertificateMaxAgeDays == nil)
        for bad in ["0", "-3", "2.5", "\"30\"", "4000"] {
            let text = "[study]\nname = \"s\"\ntiming_certificate_max_age_days = \(bad)\n\n[[block]]\nkind = \"break\"\nseconds = 5\n"
            guard case .failure(let errors) = PlanReader.read(text, file: "plan.toml", kinds: PlanBlockKind.all) else {
                Issue.record("timing_certificate_max_age_days = \(bad) was accepted")
                continue
            }
            #expect(errors.diagnostics.count == 1)
            #expect(errors.diagnostics.first?.line == 3 && errors.diagnostics.first?.column == 35)
            #expect(errors.diagnostics.first?.message.contains("a whole number of days from 1 to 3650") == true)
        }
    }

    @Test func anyBlockMayFlagItsDataWhenTheDisplayMissesARefresh() throws {
        let text = "[study]\nname = \"s\"\n\n[[block]]\nkind = \"matb\"\nscenario = \"a.txt\"\nflag_missed_refreshes = true\n\n"
            + "[[block]]\nkind = \"break\"\nseconds = 5\n\n[[block]]\nkind = \"judge\"\nconfig = \"j.toml\"\nflag_missed_refreshes = \"yes\"\n"
        guard case .failure(let errors) = PlanReader.read(text, file: "plan.toml", kinds: PlanBlockKind.all) else {
            Issue.record("a flag that is not true or false was accepted")
            return
        }
        #expect(errors.diagnostics.map(\.line) == [16])
        #expect(errors.diagnostics[0].message.contains("`flag_missed_refreshes` is true or false"))
        let plan = try PlanReader.read(text.replacingOccurrences(of: "\"yes\"", with: "false"), file: "plan.toml", kinds: PlanBlockKind.all).get()
        #expect(plan.blocks.map(\.flagMissedRefreshes) == [true, false, false])
    }

    @Test func aCornerPatchChecksEveryBlockUnlessOneSaysOtherwise() throws {
        let text = "[study]\nname = \"s\"\ntiming_patch = \"top-left\"\ntiming_sensor = \"/dev/input/event7\"\ntiming_sensor_key = 288\n\n"
            + "[[block]]\nkind = \"judge\"\nconfig = \"j.toml\"\n\n[[block]]\nkind = \"prompts\"\nsequence = \"p.toml\"\ntiming_patch = \"bottom-right\"\n\n"
            + "[[block]]\nkind = \"break\"\nseconds = 5\ntiming_patch = \"none\"\n"
        let plan = try PlanReader.read(text, file: "plan.toml", kinds: PlanBlockKind.all).get()
        #expect(plan.timingPatch == CornerPatchSettings(corner: .topLeft, sensor: "/dev/input/event7", sensorKey: 288))
        let machine = CornerPatchSettings(corner: .bottomLeft, size: 60, sensor: "/dev/input/event3")
        let patches = plan.blocks.map { plan.timingPatch(of: $0, machine: machine) }
        #expect(patches.map { $0?.corner } == [.topLeft, .bottomRight, nil])
        // The plan's sensor and corner over the machine's; the size the plan leaves out is the machine's.
        #expect(patches[0] == CornerPatchSettings(corner: .topLeft, size: 60, sensor: "/dev/input/event7", sensorKey: 288))
        // A plan without the keys takes the machine's patch; with neither, there is none.
        let bare = try PlanReader.read("[study]\nname = \"s\"\n\n[[block]]\nkind = \"break\"\nseconds = 5\n", file: "plan.toml",
                                       kinds: PlanBlockKind.all).get()
        #expect(bare.timingPatch == nil)
        #expect(bare.timingPatch(of: bare.blocks[0], machine: machine) == machine)
        #expect(bare.timingPatch(of: bare.blocks[0], machine: CornerPatchSettings()) == nil)
    }

    @Test func aBadCornerPatchIsRefusedWhereItIsWritten() {
        let text = "[study]\nname = \"s\"\ntiming_patch = \"middle\"\ntiming_patch_size = 0\ntiming_sensor = \"event7\"\ntiming_sensor_key = -1\n\n"
            + "[[block]]\nkind = \"break\"\nseconds = 5\ntiming_patch = 3\n"
        guard case .failure(let errors) = PlanReader.read(text, file: "plan.toml", kinds: PlanBlockKind.all) else {
            Issue.record("a bad corner patch was accepted")
            return
        }
        #expect(errors.diagnostics.map(\.line) == [3, 4, 5, 6, 11])
        #expect(errors.diagnostics[0].message == "`timing_patch` is one of \"top-left\", \"top-right\", \"bottom-left\", \"bottom-right\", found middle")
        #expect(errors.diagnostics[2].message.hasPrefix("`timing_sensor` is the light sensor's event device"))
        #expect(errors.diagnostics[4].message == "`timing_patch` is one of \"top-left\", \"top-right\", \"bottom-left\", \"bottom-right\" or \"none\", found 3")
    }

    @Test func breaksAreTimedOrSelfPaced() throws {
        let plan = try PlanReader.read("""
            [study]
            name = "s"
            [[block]]
            kind = "break"
            seconds = 60
            [[block]]
            kind = "break"
            minimum-seconds = 30.5
            language = "fr"
            speed = 10
            """, file: "p.toml", kinds: PlanBlockKind.all).get()
        #expect(plan.blocks[0].seconds == 60 && !plan.blocks[0].selfPaced)
        #expect(plan.blocks[1].seconds == 30.5 && plan.blocks[1].selfPaced && plan.blocks[1].language == .fr && plan.blocks[1].speed == 10)
    }

    @Test func aMATBBlockSetsItsOwnStick() throws {
        let plan = try PlanReader.read("""
            [study]
            name = "s"
            [[block]]
            kind = "matb"
            scenario = "a.txt"
            virtual_stick = "on"
            stick_dead_zone = 0.1
            stick_invert_y = true
            """, file: "p.toml", kinds: PlanBlockKind.all).get()
        #expect(plan.blocks[0].input.virtualStick == .on)
        #expect(plan.blocks[0].input.stickDeadZone == 0.1)
        #expect(plan.blocks[0].input.stickInvertY == true)
        guard case .failure(let errors) = PlanReader.read("""
            [study]
            name = "s"
            [[block]]
            kind = "matb"
            scenario = "a.txt"
            stick_mode = "sideways"
            [[block]]
            kind = "pad"
            config = "d.ini"
            virtual_stick = "on"
            """, file: "p.toml", kinds: PlanBlockKind.all) else {
            Issue.record("a bad stick mode and a stick on a pad were accepted")
            return
        }
        #expect(errors.diagnostics.map(\.line) == [6, 10])
    }

    /// A study's name the roster cannot keep on one line, or too long to begin a folder's name.
    @Test(arguments: ["tab\\tstudy", "cr\\rstudy", "line\\nbreak", "zero\\u200Bwidth", String(repeating: "s", count: 61)])
    func studyNamesTheRosterCannotKeepAreErrors(_ name: String) {
        guard case .failure(let errors) = PlanReader.read("[study]\nname = \"\(name)\"\n[[block]]\nkind = \"break\"\nseconds = 1\n", file: "p.toml",
                                                          kinds: PlanBlockKind.all) else {
            Issue.record("accepted: \(name)")
            return
        }
        #expect(errors.diagnostics.map(\.line) == [2])
        #expect(errors.diagnostics[0].message.hasPrefix("a study's name"))
    }

    @Test func lengthsAndSpeedsNoRunCanKeepAreErrors() {
        for (block, line) in [("kind = \"break\"\nseconds = 1e20", 3), ("kind = \"break\"\nminimum-seconds = 1e300", 3),
                              ("kind = \"break\"\nseconds = 30\nspeed = 1e12", 6), ("kind = \"break\"\nseconds = 30\nspeed = 1e-9", 6)] {
            guard case .failure(let errors) = PlanReader.read("[study]\nname = \"s\"\n[[block]]\n\(block)\n", file: "p.toml", kinds: PlanBlockKind.all)
            else {
                Issue.record("accepted: \(block)")
                continue
            }
            #expect(errors.diagnostics.map(\.line) == [line], "\(block)")
        }
    }

    @Test func everyProblemIsReportedAtItsKey() {
        let text = """
            [study]
            name = "s"

            [[block]]
            kind = "matb"
            config = "x.ini"

            [[block]]
            kind = "slideshow"

            [[block]]
            kind = "break"
            language = "de"

            [counterbalance]
            conditions = "random"
            """
        guard case .failure(let errors) = PlanReader.read(text, file: "p.toml", kinds: PlanBlockKind.all) else {
            Issue.record("expected errors")
            return
        }
        let found = errors.diagnostics.map { "\($0.line):\($0.column) \($0.message.prefix(24))" }
        #expect(found == [
            "4:1 a `matb` block needs `sc",
            "6:1 `config` is not a settin",
            "9:1 unknown block kind `slid",
            "11:1 a break needs either `se",
            "13:1 `language` is one of en,",
            "16:1 `conditions` is ordered ",
        ])
    }

    @Test func badTOMLIsLocatedByTheLibrary() {
        guard case .failure(let errors) = PlanReader.read("[study]\nname = \"s\n", file: "p.toml", kinds: PlanBlockKind.all) else {
            Issue.record("expected an error")
            return
        }
        #expect(errors.diagnostics.count == 1 && errors.diagnostics[0].line == 2)
    }
}

@Suite struct PlanVisitReaderTests {
    static let threeVisits = """
        [study]
        name = "memory"

        [[visit]]
        name = "baseline"

        [[visit]]
        name = "week-1"
        day = 7
        window_days = 1

        [[block]]
        kind = "break"
        seconds = 1
        visit = "baseline"

        [[block]]
        kind = "break"
        seconds = 2
        visit = "week-1"
        group = "g"

        [[block]]
        kind = "break"
        seconds = 3
        visit = "week-1"
        group = "g"

        [counterbalance]
        g = "latin-square"
        """

    @Test func visitsAndTheirBlocksRead() throws {
        let plan = try PlanReader.read(Self.threeVisits, file: "plan.toml", kinds: PlanBlockKind.all).get()
        #expect(plan.visits == [PlanVisit(name: "baseline", day: 0, line: 4), PlanVisit(name: "week-1", day: 7, windowDays: 1, line: 7)])
        #expect(plan.blocks.map(\.visit) == ["baseline", "week-1", "week-1"])
        let order = try PlanOrder.resolve(plan, participant: "P2")
        let week = order.restricted(toVisit: "week-1", of: plan)
        #expect(week.blocks == [2, 1])
        #expect(week.decisions.count == 1 && week.decisions[0].hasPrefix("g: latin-square"))
        let baseline = order.restricted(toVisit: "baseline", of: plan)
        #expect(baseline.blocks == [0] && baseline.decisions.isEmpty)
    }

    @Test func everyVisitProblemIsNamedAtItsPlace() {
        let text = """
            [study]
            name = "memory"

            [[visit]]
            name = "baseline"
            day = 2

            [[visit]]
            name = "a/b"
            day = 1

            [[visit]]
            name = "late"
            day = 1.5
            window_days = -1
            colour = "red"

            [[visit]]
            name = "empty"
            day = 9

            [[block]]
            kind = "break"
            seconds = 1
            visit = "baseline"
            group = "g"

            [[block]]
            kind = "break"
            seconds = 1
            visit = "late"
            group = "g"

            [[block]]
            kind = "break"
            seconds = 1

            [[block]]
            kind = "break"
            seconds = 1
            visit = "nowhere"
            """
        let problems = PlanReader.readEveryBlock(text, file: "p.toml", kinds: PlanBlockKind.all).problems.map { "\($0.line):\($0.column) \($0.message)" }
        #expect(problems.contains("6:1 the first visit is day 0: it fixes the others' days"))
        #expect(problems.contains { $0.hasPrefix("9:1 a visit's name cannot hold '/'") })
        #expect(problems.contains("14:1 `day` is the days after the first visit, a whole number from 0 to 3660"))
        #expect(problems.contains("15:1 `window_days` is the days either side of `day` the visit may run, a whole number from 0 to 365"))
        #expect(problems.contains("16:1 `colour` is not a setting of a visit; it takes name, day, window_days"))
        #expect(problems.contains("18:1 visit `empty` has no block; a block joins it with visit = \"empty\""))
        #expect(problems.contains("34:1 this plan has visits, so each block names the one it belongs to: visit = \"baseline\""))
        #expect(problems.contains("41:1 `visit` is one of the plan's visits: baseline, late, empty"))
        #expect(problems.contains("22:1 group `g` has blocks in visits baseline and late; a counterbalanced group is ordered within one visit"))
        #expect(problems.count == 9)
    }

    @Test func aPracticeBlockRepeatsUntilItsCriterion() throws {
        let text = """
            [study]
            name = "training"

            [[block]]
            kind = "judge"
            config = "practice.toml"
            repeat_until = "accuracy >= 0.8"
            max_repeats = 4

            [[block]]
            kind = "matb"
            scenario = "easy.txt"
            repeat_until = "track in target % >= 70"
            """
        let plan = try PlanReader.read(text, file: "p.toml", kinds: PlanBlockKind.all).get()
        #expect(plan.blocks[0].repeatUntil?.description == "accuracy >= 0.8" && plan.blocks[0].maxRuns == 4)
        #expect(plan.blocks[1].repeatUntil?.figure == "track in target %" && plan.blocks[1].maxRuns == PlanBlock.defaultMaxRuns)
    }

    @Test func everyCriterionProblemIsNamedAtItsKey() {
        let text = """
            [study]
            name = "training"

            [[block]]
            kind = "judge"
            config = "a.toml"
            repeat_until = "points >= high"
            max_repeats = 0

            [[block]]
            kind = "judge"
            config = "b.toml"
            repeat_until = "speed >= 3"

            [[block]]
            kind = "judge"
            config = "c.toml"
            max_repeats = 2

            [[block]]
            kind = "pad"
            config = "d.ini"
            repeat_until = "accuracy >= 0.8"
            """
        let problems = PlanReader.readEveryBlock(text, file: "p.toml", kinds: PlanBlockKind.all).problems.map { "\($0.line):\($0.column) \($0.message)" }
        #expect(problems.contains { $0.hasPrefix("7:1 `repeat_until`: expected \"FIGURE >= NUMBER\"") && $0.hasSuffix("\"high\" after >= is not a number") })
        #expect(problems.contains("8:1 `max_repeats` is the most times the block runs in all, a whole number from 1 to 20, found 0"))
        #expect(problems.contains("13:1 a `judge` block reports trials, accuracy, median RT ms, d′, points; `speed` is not one of them"))
        #expect(problems.contains("18:1 `max_repeats` goes with `repeat_until`, the criterion the block repeats until"))
        #expect(problems.contains { $0.hasPrefix("23:1 `repeat_until` is not a setting of a `pad` block") })
        #expect(problems.count == 5)
    }
}
