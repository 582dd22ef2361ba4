@testable import KioskCore
import Testing
@testable import KioskShell

extension SDLSuite {
    /// The ink layer is painted once and then only added to; what shows must be what a fresh
    /// paint of the same strokes shows.
    @Suite struct InkRenderingTests {
        private let canvas = Canvas(width: 400, height: 300)
        private let strokes: [[Point]] = [
            [Point(20, 280), Point(200, 280)],
            [Point(20, 150), Point(120, 100), Point(220, 150)],
            [Point(300, 20), Point(300, 250)],
        ]

        private func list(_ strokes: [[Point]], generation: Int, active: [Point] = []) -> DrawList {
            var list = DrawList(canvas: canvas)
            list.fill(Rect(left: 10, bottom: 10, width: 380, height: 280), .white)
            list.append(.ink(InkLayer(id: 1, generation: generation, box: Rect(left: 10, bottom: 10, width: 380, height: 280),
                                      color: Color(0, 0, 0), lineWidth: 3, strokes: strokes)))
            PadBlock.appendActiveStroke(active, into: &list, color: Color(0, 0, 0), width: 3)
            return list
        }

        private func fresh(_ list: DrawList) throws -> PixelImage {
            try OffscreenCapture.render(list, width: 400, height: 300)
        }

        @Test func addedAndRemovedStrokesShowAsAFreshPaintDoes() throws {
            let renderer = try FrameRenderer(offscreenWidth: 400, height: 300)
            let steps = [
                list(Array(strokes.prefix(1)), generation: 0),
                list(Array(strokes.prefix(1)), generation: 0, active: (0..<40).map { Point(30 + Double($0) * 5, 60 + Double($0 % 7)) }),
                list(Array(strokes.prefix(3)), generation: 0),
                list([strokes[1]], generation: 1),  // two strokes taken away
            ]
            for step in steps {
                try renderer.render(step)
                #expect(try renderer.capture() == (try fresh(step)))
            }
            let last = try renderer.capture()
            #expect(last.color(x: 100, y: 20) == .white, "a stroke taken away is gone")
            #expect(last.color(x: 120, y: 200) == Color(0, 0, 0), "the stroke kept is there")
        }

        @Test func inkOutsideThePadIsNotShown() throws {
            var list = DrawList(canvas: canvas)
            list.append(.ink(InkLayer(id: 2, generation: 0, box: Rect(left: 100, bottom: 100, width: 100, height: 100),
                                      color: Color(0, 0, 0), lineWidth: 3, strokes: [[Point(50, 150), Point(250, 150)]])))
            let image = try fresh(list)
            #expect(image.color(x: 150, y: 150) == Color(0, 0, 0))
            #expect(image.color(x: 60, y: 150) != Color(0, 0, 0))
        }
    }
}
