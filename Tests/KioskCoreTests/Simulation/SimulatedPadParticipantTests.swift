import Testing
@testable import KioskCore

@Suite struct SimulatedPadParticipantTests {
    private func at(_ seconds: Double) -> MonotonicTime { MonotonicTime(nanoseconds: Int64((seconds * 1e9).rounded())) }

    /// A pad block run as the headless runner runs it, 60 frames a second, the simulated
    /// participant's inputs handed over with each frame; every record it hands to its host.
    private func drawn(_ configuration: PadConfiguration = PadConfiguration(), imageSizes: [String: (width: Int, height: Int)] = [:],
                       drawing: BehaviourModel.Drawing = .init(), seed: UInt64 = 5) throws -> (records: [PadRecord], block: PadBlock) {
        let block = try PadBlock(configuration: configuration, imageSizes: imageSizes, canvas: Canvas(width: 1920, height: 1080), participant: "SIM-001")
        var model = BehaviourModel()
        model.drawing = drawing
        let participant = try #require(SimulatedVisit(model: model, seed: seed, participant: "SIM-001", visit: nil).participant(for: block, place: 1, earlierRuns: 0))
        #expect(participant.answersWaitingScreens)
        block.begin(at: at(0))
        var records: [PadRecord] = []
        var frame = 0
        while !block.isFinished && frame < 100_000 {
            let now = at(Double(frame) / 60)
            block.advance(to: now, inputs: participant.inputs(through: now))
            for case .record(let record) in block.takeOutputs() { records.append(record) }
            frame += 1
        }
        #expect(block.isFinished)
        return (records, block)
    }

    private func events(_ records: [PadRecord]) -> [InteractLogEvent] {
        records.compactMap { if case .event(let event) = $0 { event } else { nil } }
    }

    private func samples(_ records: [PadRecord]) -> [PadSampleRow] {
        records.compactMap { if case .sample(let row) = $0, row.kind == .sample { row } else { nil } }
    }

    @Test func strokesOnTheEmptyPadAreSampledAtThePensRateWithPressureAndTilt() throws {
        var drawing = BehaviourModel.Drawing()
        drawing.shape = .line
        drawing.jitterPx = 0
        let (records, block) = try drawn(drawing: drawing)
        #expect(block.summaryFigures.map(\.value) == ["1", "3"], "one trial, three strokes")
        #expect(events(records).map(\.text) == ["DrawingEnabled"] + Array(repeating: ["ButtonDown", "ButtonReleased"], count: 3).flatMap { $0 })
        let strokes = records.compactMap { if case .stroke(let row) = $0 { row } else { nil } }
        // Three 200 px lines side by side across the 1260 px pad, at its middle height: each
        // 200 px at 250 px/s is 0.8 s, 107 intervals of 1/133 s.
        #expect(strokes.map { [$0.x1, $0.y1, $0.x2, $0.y2] } == [[110, 300, 310, 300], [530, 300, 730, 300], [950, 300, 1150, 300]])
        #expect(strokes.map { $0.up.nanoseconds - $0.down.nanoseconds } == [804_511_278, 804_511_278, 804_511_278])
        #expect(strokes.map(\.down.nanoseconds) == [6_973_688_717, 8_513_856_798, 10_039_718_177])
        let drawn = samples(records)
        #expect(drawn.count == 3 * 108 && drawn.allSatisfy { $0.tool == .pen })
        for stroke in 1...3 {
            let its = drawn.filter { $0.stroke == stroke }
            #expect(its.map(\.contact) == [.down] + Array(repeating: .move, count: 106) + [.up])
            let intervals = zip(its, its.dropFirst()).map { $1.eventTime.nanoseconds - $0.eventTime.nanoseconds }
            #expect(intervals.allSatisfy { (7_518_796...7_518_797).contains($0) }, "133 samples a second")
        }
        let first = try #require(drawn.first)
        // The pen lands at three tenths of the stroke's pressure (0.548, drawn), in 8192 levels.
        #expect(first.pressure.map { ($0 * 8191).rounded() } == 1347 && first.tiltX == 33 && first.tiltY == 30, "\(first)")
        let middle = drawn[50]
        #expect(middle.pressure.map { ($0 * 8191).rounded() } == 4489 && middle.x.map { abs($0 - 203.98) < 1e-9 } == true && middle.y == 300, "\(middle)")
        #expect(drawn.filter { $0.contact == .up }.allSatisfy { $0.pressure == 0 })
        // The trial ended by holding "Hold to end" with the pen.
        #expect(records.contains { if case .sample(let row) = $0 { row.kind == .control && row.detail == "end" } else { false } })
    }

    @Test func eachStimulusIsLookedAtHiddenAndDrawnOn() throws {
        var configuration = PadConfiguration()
        configuration.stimulusImages = ["house.png", "tree.png"]
        var drawing = BehaviourModel.Drawing()
        drawing.strokes = 1
        let (records, _) = try drawn(configuration, imageSizes: ["house.png": (200, 200), "tree.png": (200, 200)], drawing: drawing)
        // The first stimulus shows as the pad opens and is hidden with Down; the second is held
        // up with Right for the look, and goes as Right comes up (hold to view).
        #expect(events(records).map(\.text) == [
            "DrawingEnabled", "StimulusOn_house.png", "KeyPressed_40(DOWN:1)", "StimulusOff_house.png", "KeyReleased_40(DOWN:1)",
            "ButtonDown", "ButtonReleased",
            "KeyPressed_39(RIGHT:1)", "StimulusOn_tree.png", "KeyReleased_39(RIGHT:1)", "StimulusOff_tree.png",
            "ButtonDown", "ButtonReleased",
        ])
        #expect(samples(records).compactMap(\.stroke).reduce(into: Set<Int>()) { $0.insert($1) } == [1, 2])
    }

    @Test func withoutOnScreenControlsTheTrialEndsWithEscape() throws {
        var configuration = PadConfiguration()
        configuration.onScreenControls = false
        var drawing = BehaviourModel.Drawing()
        drawing.strokes = 1
        drawing.shape = .circle
        let (records, _) = try drawn(configuration, drawing: drawing)
        #expect(events(records).map(\.text) == ["DrawingEnabled", "ButtonDown", "ButtonReleased", "KeyPressed_27(ESCAPE:1)"])
    }

    @Test func theSameSeedDrawsTheSameStrokesAndAnotherOthers() throws {
        let once = try drawn(seed: 8).records, again = try drawn(seed: 8).records, other = try drawn(seed: 9).records
        #expect(once == again)
        #expect(once != other)
    }

    @Test func shapesAreTracedFromTheirStartAndClosedWhereTheyClose() {
        for shape in BehaviourModel.Drawing.Shape.allCases {
            let start = SimulatedPenStroke.point(shape, 0), end = SimulatedPenStroke.point(shape, 1)
            #expect(shape == .line ? (start.x, end.x) == (-0.5, 0.5) : abs(start.x - end.x) < 1e-12 && abs(start.y - end.y) < 1e-12)
        }
        #expect(abs(SimulatedPenStroke.pathLength(.circle) - Double.pi) < 1e-4)
        #expect(abs(SimulatedPenStroke.pathLength(.line) - 1) < 1e-12)
    }
}
