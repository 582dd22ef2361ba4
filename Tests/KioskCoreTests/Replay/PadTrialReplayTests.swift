import Testing
@testable import KioskCore

@Suite struct PadTrialReplayTests {
    static func sample(_ ms: Int64, _ x: Double, _ y: Double, _ contact: PadSampleRow.Contact, stroke: Int?, image: String? = "figure-1.png") -> PadSampleRow {
        PadSampleRow(kind: .sample, eventTime: MonotonicTime(nanoseconds: ms * 1_000_000), frameTime: MonotonicTime(nanoseconds: ms * 1_000_000),
                     x: x, y: y, tool: .pen, contact: contact, stroke: stroke, onScreen: image, phase: "Copy")
    }

    static let text: String = {
        let rows = [
            sample(1000, 10, 10, .hover, stroke: nil),
            sample(1010, 10, 10, .down, stroke: 1), sample(1020, 20, 15, .move, stroke: 1), sample(1030, 30, 20, .up, stroke: 1),
            sample(2000, 50, 50, .down, stroke: 2), sample(2010, 60, 60, .up, stroke: 2),
            PadSampleRow(kind: .undo, eventTime: MonotonicTime(nanoseconds: 3_000_000_000), frameTime: MonotonicTime(nanoseconds: 3_000_000_000),
                         phase: "Copy", detail: "2"),
            sample(4000, 5, 5, .hover, stroke: nil, image: nil),
        ]
        return "# labkiosk drawing-pad samples 1\n# pad: 200x100 px\n# input mask: 4,6 /pads/dots.png\n"
            + PadSampleRow.columns.joined(separator: "\t") + "\n" + rows.map { $0.line + "\n" }.joined()
    }()

    @Test func readsThePadTheMaskAndEveryRow() throws {
        let file = try PadSamplesFile.read(Self.text, file: "t_samples.tsv")
        #expect(file.padWidth == 200 && file.padHeight == 100)
        #expect(file.mask?.path == "/pads/dots.png" && file.mask?.x == 4 && file.mask?.y == 6)
        #expect(file.rows.count == 8)
        let expected = "expected 14 tab-separated columns: a kind, two times in ns (0 to 4000000000000000000), then the rest as the header names them"
        // Not a number, and numbers no clock gives (their differences would overflow).
        for time in ["soon", "-9223372036854775808", "9223372036854775807", "-1"] {
            #expect(throws: PadSamplesFile.Failure(file: "t_samples.tsv", line: 6, message: expected), "\(time)") {
                try PadSamplesFile.read(Self.text.replacingOccurrences(of: "sample\t1010000000", with: "sample\t\(time)"), file: "t_samples.tsv")
            }
        }
    }

    @Test func aCutShortLastLineIsSetAside() throws {
        let file = try PadSamplesFile.read(Self.text + "sample\t5000", file: "t_samples.tsv")
        #expect(file.rows.count == 8)
    }

    @Test func drawsTheStrokesByThenLessTheUndoneOnesOnTheImageShown() throws {
        let replay = PadTrialReplay(samples: try PadSamplesFile.read(Self.text, file: "t_samples.tsv"))
        #expect(replay.duration == 3_000_000_000)
        func list(at ms: Int64) -> [DrawCommand] {
            var list = DrawList(canvas: replay.canvas)
            replay.draw(at: ms * 1_000_000, imageSize: { _ in (width: 40, height: 30) }, into: &list)
            return list.commands
        }
        func strokes(_ commands: [DrawCommand]) -> [[Point]] {
            commands.compactMap { if case .polyline(let points, _, _, _) = $0 { points } else { nil } }
        }
        let top = 100 + ReplayOverlay.bandHeight
        // Mid-stroke 1: its first two points, over the stimulus (placed at the mask's offset).
        #expect(strokes(list(at: 20)) == [[Point(10, top - 10), Point(20, top - 15)]])
        #expect(list(at: 20).contains(.image("figure-1.png", box: Rect(left: 4, bottom: top - 6 - 30, width: 40, height: 30))))
        #expect(strokes(list(at: 1500)).count == 2)
        // Stroke 2 undone; the image gone, the mask back.
        #expect(strokes(list(at: 3000)) == [[Point(10, top - 10), Point(20, top - 15), Point(30, top - 20)]])
        #expect(list(at: 3000).contains(.image("/pads/dots.png", box: Rect(left: 4, bottom: top - 6 - 30, width: 40, height: 30))))
        #expect(replay.moment(at: 1_500_000_000) == (stroke: 2, phase: "Copy", image: "figure-1.png"))
    }

    @Test func anUncertainOnsetsRowLeavesTheImageAndPhaseShown() throws {
        let stimulus = InteractLogEvent(number: 4, time: MonotonicTime(nanoseconds: 1_400_000_000), text: "StimulusOn_figure-1.png", isShownAtFrame: true)
        let mark = PadSampleRow.uncertainOnset(of: stimulus, earliestPossible: MonotonicTime(nanoseconds: 1_383_333_333))
        let text = Self.text.replacingOccurrences(of: "sample\t2000000000", with: mark.line + "\nsample\t2000000000")
        let replay = PadTrialReplay(samples: try PadSamplesFile.read(text, file: "t_samples.tsv"))
        #expect(replay.moment(at: 500_000_000) == (stroke: 1, phase: "Copy", image: "figure-1.png"))
    }
}
