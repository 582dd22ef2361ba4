import Testing
import TestSupport
@testable import KioskCore

@Suite struct AdaptiveAutomationTests {
    /// Tracking alone for 60 s: nobody holds the stick, so the cursor drifts away from the centre.
    static let tracking = """
        0:00:00;track;start
        0:01:00;track;stop
        """

    static let rmseRule = """
        [[rule]]
        name = "tracking-help"
        metric = "track.rmse"
        window_seconds = 5
        engage_above = 40
        release_below = 20
        min_seconds_between = 10
        engage = "track;automaticsolver;True"
        release = "track;automaticsolver;False"
        """

    private static func scenario(_ text: String) throws -> Scenario {
        try ScenarioValidator(context: .noFiles).validate(Array(text.utf8), path: "s.txt").get()
    }

    private static func problems(_ rules: String, scenario text: String = tracking) throws -> [String] {
        guard case .failure(let errors) = AdaptiveRulesReader.read(rules, file: "r.toml", scenario: try scenario(text)) else { return [] }
        return errors.diagnostics.map { "\($0.line):\($0.column): \($0.message)" }
    }

    @Test func aRuleEngagesWhenItsFigureCrossesAndReleasesOnlyPastTheHysteresis() throws {
        var harness = try SessionHarness(Self.tracking, adaptiveRules: Self.rmseRule)
        harness.run(until: 61, step: 1.0 / 60)
        let adaptive = harness.linesWithoutLogtime.filter { $0.contains(",manual,adaptive,") || $0.contains("automaticsolver") }
        let decisions = adaptive.filter { $0.contains(".decision,") || $0.contains(",event,track,automaticsolver,") }
        #expect(decisions.count >= 2)
        #expect(decisions.first.map { $0.hasSuffix(",manual,adaptive,tracking-help.decision,engage") } == true, "\(decisions)")
        #expect(decisions.dropFirst().first.map { $0.hasSuffix(",event,track,automaticsolver,1") } == true, "\(decisions)")
        // Engaged when the figure above 40 came, at a whole second of the evaluation grid.
        let figures = adaptive.filter { $0.contains(".figure,") }.compactMap { line -> (Double, Double)? in
            let fields = line.split(separator: ",")
            return Double(fields[0]).flatMap { time in Double(fields[4]).map { (time, $0) } }
        }
        #expect(figures.count == 59, "one figure a second, from 1 s to the stop at 60 s")
        let engagedAt = figures.first { $0.1 > 40 }
        let engageRow = adaptive.first { $0.hasSuffix(".decision,engage") }
        #expect(engageRow.map { $0.hasPrefix("\(engagedAt?.0 ?? -1),") } == true, "\(String(describing: engageRow)) \(String(describing: engagedAt))")
        let cause = adaptive.first { $0.contains("tracking-help.cause") }
        #expect(cause?.contains("track.rmse") == true && cause?.contains("> 40 over 5 s") == true, "\(String(describing: cause))")
        // Each change waits 10 s after the one before.
        let changes = adaptive.filter { $0.contains(".decision,") }.compactMap { Double($0.split(separator: ",")[0]) }
        #expect(zip(changes, changes.dropFirst()).allSatisfy { $1 - $0 >= 10 }, "\(changes)")
    }

    @Test func theSameSessionMakesTheSameDecisionsWhateverTheFrames() throws {
        var reference = try SessionHarness(Self.tracking, adaptiveRules: Self.rmseRule)
        reference.run(until: 61, step: 1.0 / 60)
        var other = try SessionHarness(Self.tracking, adaptiveRules: Self.rmseRule)
        other.run(until: 61, step: 0.37)
        let adaptive = { (lines: [String]) in lines.filter { $0.contains(",manual,adaptive,") || $0.contains("automaticsolver") } }
        #expect(adaptive(other.linesWithoutLogtime) == adaptive(reference.linesWithoutLogtime))
    }

    /// A request key a task of the scenario listens to would do both at one press: a task's
    /// default key, or one the scenario sets; the same key beside a scenario without that task is fine.
    @Test func aRequestKeyATaskListensToIsRefused() throws {
        let rule = { (key: String) in "[[rule]]\nname = \"ask\"\nkey = \"\(key)\"\nengage = \"track;automaticsolver;True\"\nrelease = \"track;automaticsolver;False\"\n" }
        let both = "0:00:00;sysmon;start\n0:00:00;track;start\n0:00:00;sysmon;scales-2-key;G\n0:00:10;sysmon;stop\n0:00:10;track;stop\n"
        #expect(try Self.problems(rule("F1"), scenario: both) == ["3:7: `key` F1 is what sysmon scales-1-key listens to: one press would do both; choose a key no task uses"])
        #expect(try Self.problems(rule("G"), scenario: both) == ["3:7: `key` G is what sysmon scales-2-key (line 3) listens to: one press would do both; choose a key no task uses"])
        #expect(try Self.problems(rule("F1")).isEmpty, "the tracking scenario runs no system monitoring")
    }

    @Test func aParticipantsKeyEngagesAndReleasesInTurn() throws {
        var harness = try SessionHarness(Self.tracking, adaptiveRules: """
            [[rule]]
            name = "ask"
            key = "A"
            min_seconds_between = 5
            engage = "track;automaticsolver;True"
            release = "track;automaticsolver;False"
            """)
        harness.run(until: 2, step: 1.0 / 60)
        harness.send(.keyPress("A"), at: 2)
        harness.send(.keyRelease("A"), at: 2.1)
        harness.send(.keyPress("A"), at: 4)   // too soon: 5 s between changes
        harness.send(.keyPress("A"), at: 8)
        harness.run(until: 10, step: 1.0 / 60)
        let lines = harness.linesWithoutLogtime.filter { $0.contains(",manual,adaptive,") || $0.contains("automaticsolver") }
        // A boolean is logged as OpenMATB logs it: 1 or 0.
        #expect(lines == ["0,manual,adaptive,ask.trigger,key A", "0.0,parameter,track,automaticsolver,0",
                          "2.0,manual,adaptive,ask.decision,engage", "2.0,manual,adaptive,ask.cause,key A", "2.0,event,track,automaticsolver,1",
                          // A request too soon after the last change is turned down, and the log says so.
                          "4.0,manual,adaptive,ask.refused,key A 2 s after the last change; min_seconds_between is 5 s",
                          "8.0,manual,adaptive,ask.decision,release", "8.0,manual,adaptive,ask.cause,key A", "8.0,event,track,automaticsolver,0"])
    }

    @Test func aRulesFileIsReadWithEveryProblemAtItsPlace() throws {
        let rules = try AdaptiveRulesReader.read(Self.rmseRule, file: "r.toml", scenario: try Self.scenario(Self.tracking)).get()
        #expect(rules.rules.map(\.name) == ["tracking-help"] && rules.evaluationMilliseconds == 1000)
        #expect(rules.rules[0].trigger == .metric(.trackRMSE, windowSeconds: 5))
        #expect(rules.rules[0].engage.map(\.command) == [.set(path: "automaticsolver", value: .bool(true))])
        #expect(try Self.problems("""
            evaluation_seconds = 0
            [[rule]]
            name = "a"
            metric = "track.speed"
            window_seconds = 5
            engage_above = 1
            release_below = 0
            engage = "track;automaticsolver;True"
            release = "track;automaticsolver;False"
            [[rule]]
            name = "b"
            metric = "track.rmse"
            window_seconds = 5
            engage_above = 40
            release_below = 60
            engage = "sysmon;lights-1-failure;True"
            release = "track;automaticsolver;Maybe"
            [[rule]]
            name = "c"
            metric = "sysmon.misses"
            key = "A"
            engage = "track;automaticsolver;True"
            release = "track;automaticsolver;False"
            [[rule]]
            name = "a"
            key = "NOT_A_KEY"
            engage = "track;automaticsolver;True"
            release = "track;automaticsolver;False"
            """) == [
                "1:22: `evaluation_seconds` is seconds, from 0.1 to 60 (found `0`)",
                "4:10: `metric` is one of `track.rmse`, `track.in_target`, `sysmon.misses`, `sysmon.response_time`, `communications.accuracy`, `resman.deviation` (found `track.speed`)",
                "15:17: `release_below` (60) is above `engage_above` (40): the rule would switch at every evaluation; release at or below where it engages",
                "16:10: `engage` commands the sysmon task, which s.txt does not run",
                "17:11: `release` command 1: automaticsolver should be a boolean (not Maybe).",
                "21:7: a rule has one trigger: a `metric` with its `window_seconds`, a participant's `key` or on-screen `button`, or an LSL `stream` (or `stream_type`), not `metric` and `key`",
                "25:8: a rule named `a` is already at line 2; rule names are unique",
                "26:7: `key` is a key or joystick button as scenarios name them (`A`, `SPACE`, `F1`, `JOY_BTN_1`…) (found `NOT_A_KEY`)",
            ])
    }

    static let streamRule = """
        [[rule]]
        name = "index"
        stream = "MWL"
        smoothing_seconds = 2
        quiet_seconds = 3
        fallback = "release"
        engage_above = 0.7
        release_below = 0.5
        engage = "track;automaticsolver;True"
        release = "track;automaticsolver;False"
        """

    @Test func aStreamRuleFollowsItsSmoothedValueFallsBackWhenQuietAndIgnoresWhatIsNoNumber() throws {
        var harness = try SessionHarness(Self.tracking, adaptiveRules: Self.streamRule)
        func sample(_ value: Double, at seconds: Double) {
            harness.send(.streamSample(InputEvent.StreamSample(stream: "MWL:0", value: value, streamTime: 500 + seconds)), at: seconds)
        }
        // 0.2 every 0.25 s to 4 s, then 0.9 to 8 s (with a NaN and an absurd value among them), then nothing.
        for step in 1...32 {
            let seconds = Double(step) * 0.25
            sample(step == 20 ? .nan : step == 21 ? 1e300 : seconds <= 4 ? 0.2 : 0.9, at: seconds)
        }
        harness.run(until: 20, step: 1.0 / 60)
        let adaptive = harness.linesWithoutLogtime.filter { $0.contains(",manual,adaptive,index.") && !$0.contains(".figure,") }
        #expect(adaptive == [
            "0,manual,adaptive,index.trigger,\"LSL stream name MWL, channel 0, mean over 2 s; quiet after 3 s: release\"",
            "0,manual,adaptive,index.engage_above,0.7", "0,manual,adaptive,index.release_below,0.5",
            // Each value no rule can take is counted at the next evaluation, and left out.
            "5.0,manual,adaptive,index.ignored,1",
            // Each sample decides as it comes: at 5.75 s the mean of the last 2 s (one 0.2, five
            // 0.9s) passes 0.7.
            "5.75,manual,adaptive,index.decision,engage", "5.75,manual,adaptive,index.cause,LSL MWL:0 0.783 > 0.7 over 2 s",
            "6.0,manual,adaptive,index.ignored,1",
            // The last sample came at 8 s: no figure from 10 s, quiet from 11 s, and the rule falls back.
            "11.0,manual,adaptive,index.quiet,3.0", "11.0,manual,adaptive,index.decision,release",
            "11.0,manual,adaptive,index.cause,LSL MWL:0 quiet for 3 s: fallback release",
        ], "\(adaptive)")
        let samples = harness.linesWithoutLogtime.filter { $0.contains(",input,lsl,") }
        #expect(samples.count == 64 && samples[0] == "0.25,input,lsl,MWL:0,0.2" && samples[1] == "0.25,input,lsl,MWL:0.time,500.25", "\(samples.prefix(2))")
        #expect(samples.contains("5.0,input,lsl,MWL:0,nan") && samples.contains("5.25,input,lsl,MWL:0,1e+300"))
    }

    /// A stream goes quiet at the instant its quiet time is up, between two evaluations.
    @Test func aStreamGoesQuietTheMomentItsQuietTimeIsUp() throws {
        var harness = try SessionHarness(Self.tracking, adaptiveRules: Self.streamRule)
        harness.run(until: 1.3, step: 1.0 / 60)
        harness.send(.streamSample(InputEvent.StreamSample(stream: "MWL:0", value: 0.9, streamTime: 501.3)), at: 1.3)
        harness.run(until: 6, step: 1.0 / 60)
        let lines = harness.linesWithoutLogtime.filter { $0.contains(",manual,adaptive,index.quiet") || $0.contains(",manual,adaptive,index.decision") }
        #expect(lines == ["1.3,manual,adaptive,index.decision,engage",
                          "4.3,manual,adaptive,index.quiet,3.0", "4.3,manual,adaptive,index.decision,release"], "\(lines)")
    }

    static let lastSampleRule = """
        [[rule]]
        name = "index"
        stream = "MWL"
        quiet_seconds = 3
        fallback = "release"
        engage_above = 0.7
        release_below = 0.5
        engage = "track;automaticsolver;True"
        release = "track;automaticsolver;False"
        """

    /// A sample counts from the scenario time it was taken at, whenever a frame received it: one
    /// taken before the session began, one that came late, one read after its frame's time.
    @Test func aSampleCountsFromWhenItWasTakenAndItsLogSaysSoWhenItCameAfter() throws {
        var harness = try SessionHarness(Self.tracking, adaptiveRules: Self.lastSampleRule)
        func sample(_ value: Double, takenAt seconds: Double) -> (payload: InputEvent.Payload, stampedAt: Double) {
            (.streamSample(InputEvent.StreamSample(stream: "MWL:0", value: value, streamTime: 500 + seconds)), seconds)
        }
        harness.send([sample(0.2, takenAt: -0.4)], inFrameAt: 0.1)   // before the session's first frame
        harness.run(until: 2.05, step: 1.0 / 60)
        harness.send([sample(0.9, takenAt: 2.03)], inFrameAt: 2.1)   // late: the frame at 2.05 went without it
        harness.send([sample(0.2, takenAt: 3.01)], inFrameAt: 3)     // read after the frame's time
        harness.run(until: 8, step: 1.0 / 60)
        let lines = harness.linesWithoutLogtime.filter { $0.contains(",input,lsl,") || $0.contains(",manual,adaptive,index.") && !$0.contains(".figure,") }
        #expect(lines.dropFirst(3) == [
            "0.0,input,lsl,MWL:0,0.2", "0.0,input,lsl,MWL:0.time,499.6", "0.0,input,lsl,MWL:0.taken,-0.4",
            "2.05,input,lsl,MWL:0,0.9", "2.05,input,lsl,MWL:0.time,502.03", "2.05,input,lsl,MWL:0.taken,2.03",
            "2.05,manual,adaptive,index.decision,engage", "2.05,manual,adaptive,index.cause,LSL MWL:0 0.9 > 0.7",
            "3.01,input,lsl,MWL:0,0.2", "3.01,input,lsl,MWL:0.time,503.01",
            "3.01,manual,adaptive,index.decision,release", "3.01,manual,adaptive,index.cause,LSL MWL:0 0.2 < 0.5",
            // Quiet 3 s after the last sample was taken.
            "6.01,manual,adaptive,index.quiet,3.0",
        ], "\(lines)")

        // A re-run from the log counts each sample from the same time, row for row (the log stops at 8 s, mid-session).
        let rows = try SessionLogReader.read(SessionLogFormat.header + SessionLogFormat.bytes(for: harness.rows), file: "log.csv").rows
        let scenario = try ScenarioValidator(context: .noFiles).validate(Array(Self.tracking.utf8), path: "test.txt").get()
        var configuration = try MATBConfiguration(runNumber: 1, version: "test").applying(logSettings: SessionLogHeader(rows: rows).settings).get()
        configuration.adaptiveRules = try AdaptiveRulesReader.read(Self.lastSampleRule, file: "rules.toml", scenario: scenario).get()
        let rerun = SessionReenactment(scenario: scenario, configuration: configuration, inputs: LoggedInputReader.inputs(in: rows))
        let outcome = SessionLogVerification.compare(rows, with: rerun)
        #expect(outcome == .identicalAsFarAsItGoes(rows: rows.count), "\(outcome)")
    }

    @Test func aStreamRulesSettingsAreReadAndCheckedAtTheirPlace() throws {
        let rules = try AdaptiveRulesReader.read(Self.streamRule, file: "r.toml", scenario: try Self.scenario(Self.tracking)).get()
        #expect(rules.rules[0].trigger == .stream(.init(lookup: .name, value: "MWL", smoothingSeconds: 2, quietSeconds: 3, fallback: .release)))
        #expect(try Self.problems("""
            [[rule]]
            name = "s"
            stream_type = "EEG:x"
            channel = -1
            window_seconds = 4
            fallback = "panic"
            missing = "maybe"
            engage_above = 1
            release_below = 0
            engage = "track;automaticsolver;True"
            release = "track;automaticsolver;False"
            """) == [
                "5:1: `window_seconds` goes with a `metric`",
                "3:15: `stream_type` is the stream's type, text without commas, colons or line breaks",
            ])
    }

    @Test func aTapOnARulesButtonEngagesAndReleasesAndTheButtonShowsIt() throws {
        var harness = try SessionHarness(Self.tracking, adaptiveRules: """
            [[rule]]
            name = "help"
            button = "Help"
            engage = "track;automaticsolver;True"
            release = "track;automaticsolver;False"
            """)
        harness.run(until: 1, step: 1.0 / 60)
        let button = try #require(harness.session.adaptiveButtons.first)
        #expect(button.label == "Help" && button.frame.left > 1632 && button.frame.top < 100, "below pump status: \(button.frame)")
        let inside = Point(button.frame.left + 20, button.frame.bottom + 20)
        harness.send(.pointerDown(inside, .finger(1)), at: 2)
        harness.send(.pointerUp(inside, .finger(1)), at: 2.1)
        let pressedLook = harness.session.drawList().commands.contains { $0 == .fillRect(button.frame, .lightGrey) }
        harness.send(.pointerDown(Point(10, 10), .finger(1)), at: 3)   // elsewhere: nothing
        harness.send(.pointerUp(Point(10, 10), .finger(1)), at: 3.1)
        harness.send(.pointerDown(inside, .mouse), at: 4)
        let lines = harness.linesWithoutLogtime.filter { $0.contains(",manual,adaptive,help.") }
        #expect(lines == ["0,manual,adaptive,help.trigger,button Help", "2.0,manual,adaptive,help.decision,engage", "2.0,manual,adaptive,help.cause,button Help",
                          "4.0,manual,adaptive,help.decision,release", "4.0,manual,adaptive,help.cause,button Help"])
        #expect(pressedLook, "the button shows pressed while its rule is engaged")
    }

    @Test func aRuleSetsAWorkloadLevelAndShowsAMessageForItsTime() throws {
        var harness = try SessionHarness("""
            0:00:00;track;start
            0:00:00;resman;start
            0:01:00;track;stop
            0:01:00;resman;stop
            """, adaptiveRules: """
            [[rule]]
            name = "harder"
            key = "H"
            engage_level = 0.85
            engage_message = "Harder now"
            release_level = 0.25
            message_seconds = 2
            """)
        harness.run(until: 1, step: 1.0 / 60)
        harness.send(.keyPress("H"), at: 2)
        let shown = harness.session.drawList().commands.contains { if case .text("Harder now", _, _) = $0 { true } else { false } }
        harness.run(until: 4.5, step: 1.0 / 60)
        let gone = !harness.session.drawList().commands.contains { if case .text("Harder now", _, _) = $0 { true } else { false } }
        let lines = harness.linesWithoutLogtime.filter { $0.hasPrefix("2.0,") && ($0.contains("adaptive") || $0.contains(",event,")) }
        #expect(lines == ["2.0,manual,adaptive,harder.decision,engage", "2.0,manual,adaptive,harder.cause,key H", "2.0,manual,adaptive,harder.message,Harder now",
                          "2.0,event,track,targetproportion,0.15", "2.0,event,resman,tank-a-lossperminute,1020", "2.0,event,resman,tank-b-lossperminute,1020"])
        #expect(shown && gone, "the message shows for its 2 s")
        #expect(try Self.problems("[[rule]]\nname = \"x\"\nkey = \"H\"\nengage_level = 0.5\n", scenario: "0:00:00;sysmon;start\n0:00:10;sysmon;stop\n") == [
            "4:16: `engage_level` sets tracking's and resources management's difficulty, and s.txt runs neither",
            "1:1: a [[rule]] needs what it does when it releases: `release` (commands as scenario lines write them after the time, `track;automaticsolver;True`), `release_level` or `release_message`",
        ])
    }
}
