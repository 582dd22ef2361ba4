import Testing

@testable import KioskCore

/// The corner patch that checks every onset: a real prompts block under the patch frame by
/// frame, and the pairing of its onset frames with light on a fake 60 Hz display.
@Suite struct OnsetPatchTests {
    static let sequence = """
        title = "Patch"

        [[preparation]]
        text = "Get ready."

        [[phase]]
        name = "look"
        text = "Look."
        seconds = 0.1

        [[phase]]
        name = "rest"
        text = "Rest."
        seconds = 0.1

        [[trial]]
        word = "lemon"
        """
    let refresh: Int64 = 16_666_667

    private func at(_ nanoseconds: Int64) -> MonotonicTime { MonotonicTime(nanoseconds: 5_000_000_000 + nanoseconds) }

    private func patchColor(_ list: DrawList, _ patch: TimingPatch, on canvas: Canvas) -> Color? {
        for case .fillRect(let rect, let color) in list.commands.reversed() where rect == patch.rect(on: canvas) { return color }
        return nil
    }

    @Test func thePatchTurnsOnEachFrameThatFirstShowsAnOnsetAndStaysOtherwise() throws {
        let sequence = try PromptSequenceReader.read(Self.sequence, file: "patch.toml").get()
        let canvas = Canvas(width: 1920, height: 1080)
        let prompts = PromptsBlock(sequence: sequence, canvas: canvas, seed: 1, imageSizes: [:], speechSeconds: [:])
        let patch = OnsetPatchCorner.topRight.patch(size: 40, on: canvas)
        let block = OnsetPatchedBlock(prompts, patch: patch)
        block.begin(at: at(0))
        var lit: [Bool] = [], onsets: [[String]] = []
        for frame in 0..<20 {
            if frame == 3 { block.dismissWaitingScreen(at: at(Int64(frame) * refresh)) }
            block.advance(to: at(Int64(frame) * refresh), inputs: [])
            #expect(patchColor(block.drawList(), patch, on: canvas) == (block.isLit ? Color(255, 255, 255) : Color(0, 0, 0)))
            lit.append(block.isLit)
            onsets.append(block.takeFrameOnsets().map { "\($0.kind) \($0.label)" })
        }
        // The preparation at the first frame, the look phase once it is left (frame 3), rest 0.1 s later.
        #expect(onsets[0] == ["preparation Get ready."])
        #expect(onsets[3] == ["phase_start trial 1 look"])
        #expect(onsets[9] == ["phase_start trial 1 rest"])
        #expect(onsets.enumerated().filter { !$0.element.isEmpty }.map(\.offset) == [0, 3, 9])
        // White from the first onset, black from the second, white from the third.
        #expect(lit == [true, true, true, false, false, false, false, false, false] + Array(repeating: true, count: 11))
        #expect(patch == TimingPatch(x: 1880, y: 0, size: 40))
    }

    @Test func overABlockWithNoOnsetsThePatchStaysBlack() {
        let pause = PauseBlock(canvas: .openMATB, title: "Part 1 of 2", message: "Continue when you are ready.")
        let patch = OnsetPatchCorner.bottomLeft.patch(size: 40, on: .openMATB)
        let block = OnsetPatchedBlock(pause, patch: patch)
        block.begin(at: at(0))
        for frame in 0..<5 {
            block.advance(to: at(Int64(frame) * refresh), inputs: [])
            #expect(patchColor(block.drawList(), patch, on: .openMATB) == Color(0, 0, 0))
            #expect(block.takeFrameOnsets().isEmpty)
        }
        #expect(patch == TimingPatch(x: 0, y: 1040, size: 40))
    }

    /// Onset frames 0, 3 and 9, each presented at the next refresh; the sensor sees each
    /// refresh `lag` after it.
    private func frames() -> [OnsetFrame] {
        [(0, true, ["a"]), (3, false, ["b", "c"]), (9, true, ["d"])].map { frame, lit, labels in
            OnsetFrame(onsets: labels.map { DrawnOnset(kind: $0 == "d" ? "image off" : "image on", label: $0) },
                       frameStart: at(Int64(frame) * refresh + 2_000_000), presented: at(Int64(frame + 1) * refresh), patchLit: lit)
        }
    }

    @Test func eachOnsetIsPairedWithTheEdgeItsFrameMade() {
        let edges = [LightEdge(time: at(-5 * refresh), isLight: true),   // the screen before the block: no onset's
                     LightEdge(time: at(refresh + 300_000), isLight: true),
                     LightEdge(time: at(4 * refresh - 200_000), isLight: false),
                     LightEdge(time: at(10 * refresh + 1_000_000), isLight: true)]
        let rows = OnsetLightPairing.pair(frames: frames(), edges: edges)
        #expect(rows.map(\.label) == ["a", "b", "c", "d"])
        #expect(rows.map(\.onsetMinusLightMilliseconds) == [-0.3, 0.2, 0.2, -1.0])
        #expect(rows.map(\.lightEdges) == [1, 1, 1, 1])
        let summary = OnsetCheckSummary(frames: frames(), rows: rows, edges: edges)
        #expect(summary.seen == 4 && summary.flickeringFrames == 0)
        #expect(summary.problems(sensor: "s").isEmpty)
        #expect(summary.lines == ["onsets checked: 4 of 4 seen, 4 light edges, 0 flickering frames",
                                  "onset - light: mean -0.225 ms, SD 0.568 ms, |p99| 1.000 ms",
                                  "onset - light, image on (3): mean 0.033 ms, SD 0.289 ms, |p99| 0.300 ms",
                                  "onset - light, image off (1): mean -1.000 ms, SD 0.000 ms, |p99| 1.000 ms"])
    }

    @Test func flickerUnseenOnsetsAndASensorThatNeverSawThePatchAreProblems() {
        // A pulsed backlight: off and on again within the first frame's window; the second frame
        // turned the patch black, but the sensor saw nothing then.
        let edges = [LightEdge(time: at(refresh + 300_000), isLight: true), LightEdge(time: at(refresh + 1_300_000), isLight: false),
                     LightEdge(time: at(refresh + 2_300_000), isLight: true), LightEdge(time: at(10 * refresh), isLight: false)]
        let rows = OnsetLightPairing.pair(frames: frames(), edges: edges)
        #expect(rows.map { $0.light != nil } == [true, false, false, false])
        let summary = OnsetCheckSummary(frames: frames(), rows: rows, edges: edges)
        #expect(summary.flickeringFrames == 1)
        #expect(summary.problems(sensor: "s") == [
            "the light sensor s sees flicker: 1 onset frames turned it more than once (a backlight dimmed by pulsing, or a threshold too near the patch's light)",
            "3 of 4 onsets were not seen by the light sensor"])
        let dark = OnsetCheckSummary(frames: frames(), rows: OnsetLightPairing.pair(frames: frames(), edges: []), edges: [])
        #expect(dark.problems(sensor: "s").first?.hasPrefix("the light sensor s never saw light from the patch") == true)
    }

    @Test func theTableReadsBackAndRefusesWhatIsNotOne() throws {
        let rows = OnsetLightPairing.pair(frames: frames(), edges: [LightEdge(time: at(refresh + 300_000), isLight: true)])
        let text = OnsetCheckRow.columns.joined(separator: "\t") + "\n" + rows.map(\.line).joined()
        let read = try OnsetCheckRow.read(text).get()
        #expect(read.map(\.label) == rows.map(\.label))
        #expect(read.map(\.onsetMinusLightMilliseconds) == [-0.3, nil, nil, nil])
        #expect(rows[0].line == "image on\ta\t5.016667\t5.016967\t-0.300\t1\t\n")
        // A table written before `logged_onset_earliest_s` reads as it did.
        let old = OnsetCheckRow.columnsBeforeEarliest.joined(separator: "\t") + "\n" + rows.map { String($0.line.dropLast(2)) + "\n" }.joined()
        #expect(try OnsetCheckRow.read(old).get() == read)
        if case .failure(let problem) = OnsetCheckRow.read(text + "image on\tx\tnot a time\t\t\t0\n") {
            #expect(problem.line == 6)
        } else {
            Issue.record("a row that is not one was read")
        }
        #expect((try? OnsetCheckRow.read("kind\tlabel\n").get()) == nil)
    }

    @Test func anOnsetTheDisplayCouldNotPinToOneRefreshIsMarkedInTheTableTheSummaryAndTheReport() throws {
        // Frame 3's counter stepped during its copy: refresh 4 reported, refresh 3 may have shown it.
        var uncertain = frames()
        uncertain[1].earliestPossible = at(3 * refresh)
        let edges = [LightEdge(time: at(refresh + 300_000), isLight: true), LightEdge(time: at(4 * refresh - 200_000), isLight: false)]
        let rows = OnsetLightPairing.pair(frames: uncertain, edges: edges)
        #expect(rows.map { $0.loggedOnsetEarliest != nil } == [false, true, true, false])
        #expect(rows[1].loggedOnset == at(4 * refresh), "the onset stays the reported refresh")
        #expect(rows[1].line.hasSuffix("\t\(TabSeparated.decimal(at(3 * refresh).seconds, places: 6))\n"))
        let read = try OnsetCheckRow.read(OnsetCheckRow.columns.joined(separator: "\t") + "\n" + rows.map(\.line).joined()).get()
        // Written in microseconds.
        #expect(zip(read, rows).allSatisfy { a, b in
            a.loggedOnsetEarliest.map { abs($0.since(b.loggedOnsetEarliest!)) < 1_000 } ?? (b.loggedOnsetEarliest == nil)
        })
        let summary = OnsetCheckSummary(frames: uncertain, rows: rows, edges: edges)
        #expect(summary.lines[0] == "onsets checked: 3 of 4 seen, 2 light edges, 0 flickering frames, 2 uncertain (logged at the later refresh)")
        let section = OnsetCheckReport.section(rows, title: "Block 1", plotPrefix: "block1-")
        #expect(section.figures[1] == ("onsets uncertain", "2 of 4"))
        #expect(section.notes.contains { $0.hasPrefix("2 onsets are uncertain") })
    }

    @Test func theReportTabulatesEachKindAndPlotsEveryOnset() {
        let edges = [LightEdge(time: at(refresh + 300_000), isLight: true), LightEdge(time: at(4 * refresh - 200_000), isLight: false)]
        let section = OnsetCheckReport.section(OnsetLightPairing.pair(frames: frames(), edges: edges), title: "Block 1", plotPrefix: "block1-")
        #expect(section.heading == "Onset − light: Block 1")
        #expect(section.figures.map(\.name) == ["onsets seen by the sensor", "onsets uncertain", "image on", "image off"])
        #expect(section.figures[0].value == "3 of 4")
        #expect(section.figures[1].value == "0 of 4")
        #expect(section.figures[3].value == "none of 1 seen")
        #expect(section.plots.map(\.name) == ["block1-onset-light"])
        #expect(section.notes.contains("1 onsets were not seen by the light sensor."))
    }
}
