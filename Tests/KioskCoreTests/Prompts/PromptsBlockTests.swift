import Testing
@testable import KioskCore

@Suite struct PromptsBlockTests {
    static let twoTimedPhases = """
        [[phase]]
        name = "a"
        text = "A"
        seconds = 0.25
        [[phase]]
        name = "b"
        text = "B"
        seconds = 0.5
        [[trial]]
        n = 1
        [[trial]]
        n = 2
        """

    @Test func timedPhasesStartOnTheirScheduleWhateverTheFrames() throws {
        var script = try PromptsScript(Self.twoTimedPhases)
        // 60 Hz frames that never land on a phase boundary: 16 666 667 ns apart.
        var frame: Int64 = 0
        while !script.block.isFinished {
            frame += 16_666_667
            script.frame(nanoseconds: frame)
        }
        #expect(script.brief == [
            "phase_start a 0/0", "phase_end a 250/250+5ns", "phase_start b 250/250+5ns",
            "phase_end b 750/750+15ns", "phase_start a 750/750+15ns", "phase_end a 1000/1000+20ns", "phase_start b 1000/1000+20ns",
            "phase_end b 1500/1500+30ns", "finished 1500/1500+30ns completed",
        ])
        #expect(script.block.outcome == .completed && script.block.elapsedSeconds == 1.50000003)
        #expect(script.block.summaryFigures.map { "\($0.name)=\($0.value)" } == ["trials completed=2", "phases shown=4", "stopped early=no"])
    }

    @Test func aLongFrameRunsEveryPhaseDueInItAtItsOwnTime() throws {
        var script = try PromptsScript(Self.twoTimedPhases)
        script.frame(1200)
        #expect(script.brief == [
            "phase_start a 0/0", "phase_end a 250/1200", "phase_start b 250/1200", "phase_end b 750/1200",
            "phase_start a 750/1200", "phase_end a 1000/1200", "phase_start b 1000/1200",
        ])
        #expect(script.rows.filter { $0.event == .phaseStart }.map(\.plannedSeconds) == [0.25, 0.5, 0.25, 0.5])
    }

    @Test func markersCodesAndVariablesAreFilledForEachTrial() throws {
        var script = try PromptsScript("""
            [[phase]]
            name = "close"
            text = "Imagine a {word}."
            image = "img/{word}.png"
            marker = "close_{word}"
            code = 10
            seconds = 1
            [[phase]]
            name = "rest"
            text = "Rest"
            seconds = 1
            [[trial]]
            word = "lemon"
            colour = "yellow;green"
            [[trial]]
            word = "beach"
            colour = "sand"
            """)
        script.frame(1000)
        script.frame(2000)
        #expect(script.markers == [
            PromptsMarker(name: "close_lemon", code: 10, time: .zero, isShownAtFrame: true),
            PromptsMarker(name: "rest", code: nil, time: .milliseconds(1000), isShownAtFrame: true),
            PromptsMarker(name: "close_beach", code: 10, time: .milliseconds(2000), isShownAtFrame: true),
        ])
        let first = script.rows[0]
        #expect(first == PromptsRow(event: .phaseStart, time: .zero, frame: .zero, isShownAtFrame: true, trial: 1, trialIndex: 1,
                                    phase: "close", marker: "close_lemon", code: 10, text: "Imagine a lemon.", image: "img/lemon.png",
                                    plannedSeconds: 1, variables: [.init(name: "word", value: "lemon"), .init(name: "colour", value: "yellow;green")]))
        let end = script.rows[1]
        #expect(end.event == .phaseEnd && end.marker == "close_lemon" && end.text == "Imagine a lemon." && !end.isShownAtFrame)
        #expect(script.rows.last?.text == "Imagine a beach." && script.rows.last?.trial == 2)
    }

    @Test func aShuffleFollowsTheSeedAndIsLogged() throws {
        let text = "trial_order = \"shuffle\"\nrepeat = 2\n[[phase]]\nname = \"p\"\ntext = \"{n}\"\nseconds = 1\n"
            + "[[trial]]\nn = \"one\"\n[[trial]]\nn = \"two\"\n[[trial]]\nn = \"three\""
        var script = try PromptsScript(text, seed: 42)
        script.frame(10_000)
        // CPython: random.Random(42) shuffles range(3) to [1, 0, 2], then to [2, 1, 0].
        #expect(script.block.trialOrder == [1, 0, 2, 2, 1, 0])
        let starts = script.rows.filter { $0.event == .phaseStart }
        #expect(starts.map(\.trialIndex) == [2, 1, 3, 3, 2, 1] && starts.map(\.trial) == [1, 2, 3, 4, 5, 6])
        #expect(starts.map(\.text) == ["two", "one", "three", "three", "two", "one"])
        let header = script.block.logHeader(participant: "P7", sequenceFile: "seq.toml", labkioskVersion: "1.0")
        #expect(header == PromptsLogHeader(title: "", participant: "P7", seed: 42, trialOrder: .shuffle, trialsRun: [2, 1, 3, 3, 2, 1],
                                           sequenceFile: "seq.toml", labkioskVersion: "1.0"))
        let again = try PromptsScript(text, seed: 42)
        #expect(again.block.trialOrder == script.block.trialOrder)
        #expect(try PromptsScript(text, seed: 43).block.trialOrder != script.block.trialOrder)
    }

    static let threeTrialsPausingAfterEach = """
        title = "Pauses"
        pause_every = 1
        [[phase]]
        name = "p"
        text = "{n}"
        seconds = 1
        [[trial]]
        n = 1
        [[trial]]
        n = 2
        [[trial]]
        n = 3
        """

    @Test func thePauseScreenContinuesOnSpaceAndIsNotShownAfterTheLastTrial() throws {
        var script = try PromptsScript(Self.threeTrialsPausingAfterEach)
        script.frame(1000)
        #expect(script.block.isWaitingForParticipant && script.block.progressLine == "1 of 3 trials done")
        script.frame(2500, .keyRelease("SPACE"))
        script.frame(3500)
        script.frame(4000, .keyRelease("ENTER"))
        script.frame(5000)
        #expect(script.brief == [
            "phase_start p 0/0", "phase_end p 1000/1000", "pause 1000/1000 after trial 1 of 3", "continue 2500/2500 key SPACE",
            "phase_start p 2500/2500", "phase_end p 3500/3500", "pause 3500/3500 after trial 2 of 3", "continue 4000/4000 key ENTER",
            "phase_start p 4000/4000", "phase_end p 5000/5000", "finished 5000/5000 completed",
        ])
        #expect(script.markers.map(\.name) == ["p", "pause", "p", "pause", "p", "finished"])
        #expect(script.markers.filter { $0.name == "pause" }.allSatisfy { $0.isShownAtFrame })
        #expect(script.markers.last == PromptsMarker(name: "finished", time: .milliseconds(5000), isShownAtFrame: false))
    }

    @Test func stopHereEndsTheBlockCleanlyAtThePause() throws {
        var script = try PromptsScript(Self.threeTrialsPausingAfterEach)
        script.frame(1000)
        script.frame(1500, .keyRelease("ESCAPE"))
        #expect(script.brief.suffix(2) == ["stop 1500/1500 key ESCAPE", "finished 1500/1500 stopped"])
        #expect(script.block.isFinished && script.block.outcome == .stopped)
        #expect(script.block.summaryFigures.map { "\($0.name)=\($0.value)" } == ["trials completed=1", "phases shown=1", "stopped early=yes"])

        var tapped = try PromptsScript(Self.threeTrialsPausingAfterEach)
        tapped.frame(1000)
        tapped.tap(.stop, at: 1200)
        #expect(tapped.brief.suffix(2) == ["stop 1200/1200 tap", "finished 1200/1200 stopped"])
    }

    @Test func aPhaseUntilContinueWaitsForTheParticipant() throws {
        var script = try PromptsScript("""
            [[phase]]
            name = "ready"
            text = "Ready?"
            until = "continue"
            [[phase]]
            name = "go"
            text = "Go"
            seconds = 2
            """)
        script.frame(100_000)
        #expect(script.block.isWaitingForParticipant && script.block.isClockRunning && script.block.wantsPointer)
        #expect(script.rows[0].plannedSeconds == nil)
        script.frame(100_100, .joystickButton("JOY_BTN_1", pressed: true))
        #expect(!script.block.isWaitingForParticipant && !script.block.wantsPointer)
        // Keys mean nothing while a timed phase shows.
        script.frame(101_000, .keyRelease("SPACE"), .keyRelease("ESCAPE"), .keyRelease("H"))
        script.frame(102_100)
        #expect(script.brief == [
            "phase_start ready 0/0", "continue ready 100100/100100 joystick JOY_BTN_1", "phase_end ready 100100/100100 continue",
            "phase_start go 100100/100100", "phase_end go 102100/102100", "finished 102100/102100 completed",
        ])
    }

    @Test func aPhaseUntilSpeechLastsAsLongAsTheShellMeasured() throws {
        let text = """
            [[phase]]
            name = "breathe"
            speech = "Breathe in slowly."
            text = "Breathe in"
            until = "speech"
            [[phase]]
            name = "hold"
            speech = "Hold."
            until = "speech"
            [[phase]]
            name = "out"
            speech = "Now breathe out, slowly, until your lungs are empty."
            seconds = 1
            """
        var script = try PromptsScript(text, speechSeconds: ["Breathe in slowly.": 2.5])
        script.frame(10_000)
        #expect(script.spoken == ["Breathe in slowly.", "Hold.", "Now breathe out, slowly, until your lungs are empty."])
        // "Hold." is not measured: 5 characters × 0.07 s is under the 1 s floor. The last
        // speech outlasts its phase, so its end is not logged.
        #expect(script.brief == [
            "phase_start breathe 0/0", "speech_end breathe 2500/10000", "phase_end breathe 2500/10000",
            "phase_start hold 2500/10000", "speech_end hold 3500/10000", "phase_end hold 3500/10000",
            "phase_start out 3500/10000", "phase_end out 4500/10000", "finished 4500/10000 completed",
        ])
        #expect(script.rows.filter { $0.event == .phaseStart }.map(\.plannedSeconds) == [2.5, 1, 1])
        #expect(PromptSpeechEstimate.seconds(for: String(repeating: "a", count: 30)) == 0.07 * 30)
    }

    @Test func anUnusableMeasurementFallsBackToTheEstimate() throws {
        let text = "[[phase]]\nname = \"a\"\nspeech = \"One.\"\nuntil = \"speech\"\n[[phase]]\nname = \"b\"\nspeech = \"Two.\"\nuntil = \"speech\""
        var script = try PromptsScript(text, speechSeconds: ["One.": .nan, "Two.": 0])
        script.frame(5000)
        #expect(script.brief.filter { $0.hasPrefix("phase_end") } == ["phase_end a 1000/5000", "phase_end b 2000/5000"])
    }

    @Test func speechShorterThanItsPhaseEndsWithinIt() throws {
        var script = try PromptsScript("[[phase]]\nname = \"p\"\nspeech = \"Relax.\"\nseconds = 3", speechSeconds: ["Relax.": 1.25])
        script.frame(1300)
        script.frame(3000)
        #expect(script.brief == ["phase_start p 0/0", "speech_end p 1250/1300", "phase_end p 3000/3000", "finished 3000/3000 completed"])
    }

    @Test func preparationStepsEachWaitForContinue() throws {
        var script = try PromptsScript("""
            [[preparation]]
            text = "Sit comfortably."
            [[preparation]]
            image = "headset.png"
            [[phase]]
            name = "p"
            text = "x"
            seconds = 1
            """)
        #expect(script.block.isWaitingForParticipant && script.block.progressLine == "Preparation 1 of 2")
        script.frame(5000)
        script.tap(.continue, at: 6000)
        script.frame(7000, .joystickButton("JOY_BTN_2", pressed: false))
        script.frame(8000, .joystickButton("JOY_BTN_2", pressed: true))
        script.frame(9000)
        #expect(script.brief == [
            "preparation 0/0 1 of 2", "continue 6000/6000 tap", "preparation 6000/6000 2 of 2", "continue 8000/8000 joystick JOY_BTN_2",
            "phase_start p 8000/8000", "phase_end p 9000/9000", "finished 9000/9000 completed",
        ])
        #expect(script.rows[0].text == "Sit comfortably." && script.rows[0].isShownAtFrame && script.rows[2].image == "headset.png")
    }

    @Test func dismissingContinuesButNeverStops() throws {
        var script = try PromptsScript("""
            pause_every = 1
            [[preparation]]
            text = "Hello"
            [[phase]]
            name = "p"
            text = "{n}"
            seconds = 1
            [[trial]]
            n = 1
            [[trial]]
            n = 2
            [[trial]]
            n = 3
            """)
        script.dismiss(at: 10)
        script.frame(1010)
        script.dismiss(at: 1020)
        script.frame(2020)
        script.dismiss(at: 2030)
        script.frame(3030)
        #expect(script.brief.filter { $0.hasPrefix("continue") || $0.hasPrefix("stop") || $0.hasPrefix("finished") } == [
            "continue 10/10 unattended", "continue 1020/1020 unattended", "continue 2030/2030 unattended", "finished 3030/3030 completed",
        ])
        // A timed phase does not wait: dismissing it does nothing.
        var timed = try PromptsScript(Self.twoTimedPhases)
        timed.dismiss(at: 100)
        #expect(timed.brief == ["phase_start a 0/0"])
    }

    @Test func quittingMidPhaseEndsThePhaseAndTheBlock() throws {
        var script = try PromptsScript(Self.twoTimedPhases)
        script.frame(400, .quitRequested)
        #expect(script.brief == [
            "phase_start a 0/0", "phase_end a 250/400", "phase_start b 250/400", "quit 400/400", "phase_end b 400/400 quit",
            "finished 400/400 quit",
        ])
        #expect(script.block.isFinished && script.block.outcome == .quit && !script.block.isClockRunning)
        #expect(script.block.summaryFigures.last?.value == "yes")
        script.frame(900)
        script.end(at: 1000)
        #expect(script.rows.count == 6)

        var ended = try PromptsScript(Self.twoTimedPhases)
        ended.end(at: 100)
        #expect(ended.brief == ["phase_start a 0/0", "quit 100/100", "phase_end a 100/100 quit", "finished 100/100 quit"])
    }

    @Test func aReportedProblemIsLoggedAndAFatalOneEnds() throws {
        var script = try PromptsScript(Self.twoTimedPhases)
        script.block.report("marker outlet lost", fatal: false, at: PromptsScript.clock(100_000_000))
        #expect(!script.block.isFinished && script.block.message == "marker outlet lost")
        script.block.report("parallel port gone", fatal: true, at: PromptsScript.clock(200_000_000))
        script.frame(300)
        #expect(script.brief == [
            "phase_start a 0/0", "problem 100/100 marker outlet lost", "problem 200/200 parallel port gone", "quit 200/200",
            "phase_end a 200/200 quit", "finished 200/200 quit",
        ])
    }

    @Test func outputsShownAtFrameTakeThePresentationTime() throws {
        var script = try PromptsScript(Self.twoTimedPhases)
        script.frame(300)
        let presented = script.block.blockTime(of: PromptsScript.clock(316_000_000))
        #expect(presented == .milliseconds(316))
        let shown = script.outputs.map { $0.shown(at: presented) }
        let rows = shown.compactMap { if case .row(let row) = $0 { row } else { nil } }
        #expect(rows.map { PromptsScript.milliseconds($0.frame) } == ["316", "300", "316"])
        #expect(rows.map { PromptsScript.milliseconds($0.time) } == ["0", "250", "250"])
        let markers = shown.compactMap { if case .marker(let marker) = $0 { marker } else { nil } }
        #expect(markers.map(\.time) == [.milliseconds(316), .milliseconds(316)])
    }

    @Test func noTrialsRunWhenRepeatIsZero() throws {
        var script = try PromptsScript("repeat = 0\n[[phase]]\nname = \"p\"\ntext = \"x\"\nseconds = 1")
        #expect(script.block.isFinished && script.brief == ["finished 0/0 completed"])
        script.frame(100)
        #expect(script.rows.count == 1)
    }
}
