import Foundation
import KioskCore
import KioskData
import Testing

@testable import KioskShell

extension SDLSuite {
    @Suite struct OffscreenRenderingTests {
        let bg = Color.background

        @Test func filledRectLandsAtTheScaledPositionWithYFlipped() throws {
            var list = DrawList()
            list.fill(Rect(left: 100, bottom: 100, width: 200, height: 100), .red)
            // 960×540 is half scale: x 50..150, y from the top (1080 - 200) / 2 = 440 ... 490.
            let image = try OffscreenCapture.render(list, width: 960, height: 540)
            #expect(image.color(x: 50, y: 440) == .red)
            #expect(image.color(x: 149, y: 489) == .red)
            #expect(image.color(x: 100, y: 465) == .red)
            #expect(image.color(x: 49, y: 465) == bg)
            #expect(image.color(x: 150, y: 465) == bg)
            #expect(image.color(x: 100, y: 439) == bg)
            #expect(image.color(x: 100, y: 490) == bg)
            #expect(image.countPixels(in: PixelRect(x: 0, y: 0, width: 960, height: 540), differingFrom: bg) == 100 * 50)
        }

        @Test func thinDiagonalLinesSurviveScalingDown() throws {
            // At 1280×800 a 2-px line is 1 px wide; its corners must not snap onto one line.
            var list = DrawList()
            list.append(.polyline([Point(804, 158), Point(834, 173), Point(834, 143)], .black, lineWidth: 2, closed: true))
            let image = try OffscreenCapture.render(list, width: 1280, height: 800)
            #expect(image.countPixels(in: PixelRect(x: 0, y: 0, width: 1280, height: 800), differingFrom: bg) > 60)
        }

        @Test func strokedRectIsTwoPixelsCentredOnItsEdges() throws {
            var list = DrawList()
            list.stroke(Rect(left: 100, bottom: 100, width: 200, height: 100), .black, lineWidth: 2)
            let image = try OffscreenCapture.render(list, width: 1920, height: 1080)
            // Left edge at x = 100: columns 99 and 100; top edge at y = 1080 - 200 = 880: rows 879, 880.
            #expect(image.color(x: 99, y: 930) == .black)
            #expect(image.color(x: 100, y: 930) == .black)
            #expect(image.color(x: 98, y: 930) == bg)
            #expect(image.color(x: 101, y: 930) == bg)
            #expect(image.color(x: 200, y: 879) == .black)
            #expect(image.color(x: 200, y: 880) == .black)
            #expect(image.color(x: 200, y: 881) == bg)
            #expect(image.color(x: 200, y: 930) == bg)  // interior stays empty
        }

        @Test func textRendersInsideItsBoxAndNowhereElse() throws {
            let box = Rect(left: 200, bottom: 500, width: 400, height: 60)
            var list = DrawList()
            list.text("SYSTEM MONITORING", in: box, TextStyle(pointSize: 16))
            let image = try OffscreenCapture.render(list, width: 1920, height: 1080)
            let pixels = ReferenceTransform(pixelWidth: 1920, pixelHeight: 1080).pixelRect(covering: box)
            let inside = image.countPixels(in: pixels, differingFrom: bg)
            let everywhere = image.countPixels(in: PixelRect(x: 0, y: 0, width: 1920, height: 1080), differingFrom: bg)
            #expect(inside > 500)
            #expect(everywhere == inside)
        }

        @Test func overflowingTextIsClippedToItsBox() throws {
            let box = Rect(left: 200, bottom: 500, width: 60, height: 20)
            var list = DrawList()
            list.text("A much longer text than the box", in: box, TextStyle(pointSize: 30))
            let image = try OffscreenCapture.render(list, width: 1920, height: 1080)
            let pixels = ReferenceTransform(pixelWidth: 1920, pixelHeight: 1080).pixelRect(covering: box)
            let everywhere = image.countPixels(in: PixelRect(x: 0, y: 0, width: 1920, height: 1080), differingFrom: bg)
            #expect(everywhere > 0)
            #expect(everywhere == image.countPixels(in: pixels, differingFrom: bg))
        }

        @Test func alignmentMovesTextWithinTheBox() throws {
            let box = Rect(left: 0, bottom: 0, width: 600, height: 100)
            func inkColumns(_ style: TextStyle) throws -> (first: Int, last: Int) {
                var list = DrawList()
                list.text("Hello", in: box, style)
                let image = try OffscreenCapture.render(list, width: 1920, height: 1080)
                let columns = (0..<600).filter { x in
                    image.countPixels(in: PixelRect(x: x, y: 980, width: 1, height: 100), differingFrom: bg) > 0
                }
                return (columns.first ?? -1, columns.last ?? -1)
            }
            let left = try inkColumns(TextStyle(pointSize: 20, alignment: .left))
            let right = try inkColumns(TextStyle(pointSize: 20, alignment: .right))
            let center = try inkColumns(TextStyle(pointSize: 20))
            #expect(left.first < 5)
            #expect(right.last > 594)
            #expect(abs((center.first + center.last) / 2 - 300) < 5)
        }

        @Test func wrappedTextStaysInTheBoxAndTakesSeveralLines() throws {
            let box = Rect(left: 100, bottom: 300, width: 300, height: 400)
            var list = DrawList()
            list.text(
                "Welcome. Please keep the cursor inside the target and answer radio messages addressed to you.",
                in: box, TextStyle(pointSize: 16, alignment: .left, verticalAlignment: .top, wraps: true))
            let image = try OffscreenCapture.render(list, width: 1920, height: 1080)
            let pixels = ReferenceTransform(pixelWidth: 1920, pixelHeight: 1080).pixelRect(covering: box)
            let inkRows = (pixels.y..<pixels.bottom).filter { y in
                image.countPixels(in: PixelRect(x: pixels.x, y: y, width: pixels.width, height: 1), differingFrom: bg) > 0
            }
            #expect((inkRows.last ?? 0) - (inkRows.first ?? 0) > 60)  // at least three lines of ~25 px
            #expect(image.countPixels(in: PixelRect(x: 0, y: 0, width: 1920, height: 1080), differingFrom: bg)
                == image.countPixels(in: pixels, differingFrom: bg))
        }

        @Test func tabsAlignToPixelTabStops() throws {
            // Whatever precedes the tab, the text after it starts at the same 50 px stop.
            func firstInkColumn(_ text: String, from: Int) throws -> Int {
                var list = DrawList()
                list.text(text, in: Rect(left: 0, bottom: 0, width: 800, height: 100), TextStyle(pointSize: 16, alignment: .left))
                let image = try OffscreenCapture.render(list, width: 1920, height: 1080)
                return (from..<800).first { x in
                    image.countPixels(in: PixelRect(x: x, y: 980, width: 1, height: 100), differingFrom: bg) > 0
                } ?? -1
            }
            let afterShort = try firstInkColumn("i\tX", from: 20)
            let afterLong = try firstInkColumn("iii\tX", from: 25)
            #expect(afterShort == afterLong)
            #expect(afterShort >= 50 && afterShort < 55)
            #expect(try firstInkColumn("\tX", from: 0) == afterShort)
        }

        @Test func dashedCircleDrawsEveryOtherSegment() throws {
            let center = Point(960, 540), radius = 200.0
            var list = DrawList()
            list.append(.strokeCircle(center: center, radius: radius, .black, lineWidth: 2, dashed: true))
            let image = try OffscreenCapture.render(list, width: 1920, height: 1080)
            // Sample the middle of each of the 50 segments: even ones drawn, odd ones gaps.
            for segment in 0..<50 {
                let angle = 2 * Double.pi * (Double(segment) + 0.5) / 50
                let x = Int((960 + radius * cos(angle)).rounded()), y = Int((540 - radius * sin(angle)).rounded())
                let ink = image.countPixels(in: PixelRect(x: x - 1, y: y - 1, width: 3, height: 3), differingFrom: bg)
                if segment % 2 == 0 {
                    #expect(ink > 0, "segment \(segment) should be drawn")
                } else {
                    #expect(ink == 0, "segment \(segment) should be a gap")
                }
            }
            #expect(image.color(x: 960, y: 540) == bg)
        }

        @Test func solidCircleAndDiscAndPolygonAndThickLine() throws {
            var list = DrawList()
            list.append(.fillCircle(center: Point(300, 300), radius: 100, .green))
            list.append(.strokeCircle(center: Point(900, 300), radius: 100, .black, lineWidth: 4, dashed: false))
            list.append(.fillPolygon([Point(1300, 200), Point(1500, 200), Point(1400, 400)], .blue))
            list.line(Point(100, 900), Point(700, 1000), .red, lineWidth: 6)
            let image = try OffscreenCapture.render(list, width: 1920, height: 1080)
            #expect(image.color(x: 300, y: 780) == .green)
            #expect(image.color(x: 300, y: 1080 - 300 + 98) == .green)
            #expect(image.color(x: 300, y: 1080 - 300 + 103) == bg)
            for k in 0..<16 {
                let angle = 2 * Double.pi * Double(k) / 16
                let x = Int((900 + 100 * cos(angle)).rounded()), y = Int((780 - 100 * sin(angle)).rounded())
                #expect(image.color(x: x, y: y) == .black, "ring at angle \(k)/16")
            }
            #expect(image.color(x: 900, y: 780) == bg)
            #expect(image.color(x: 1400, y: 780) == .blue)
            #expect(image.color(x: 1300 + 5, y: 1080 - 400) == bg)
            // Midpoint of the line, and 10 px off it perpendicular-ish.
            #expect(image.color(x: 400, y: 1080 - 950) == .red)
            #expect(image.color(x: 400, y: 1080 - 950 - 10) == bg)
        }

        @Test func translucentFillBlendsWithWhatIsBelow() throws {
            var list = DrawList()
            list.fill(Rect(left: 0, bottom: 0, width: 100, height: 100), .black)
            list.fill(Rect(left: 0, bottom: 0, width: 100, height: 100), Color(255, 255, 255, 128))
            let image = try OffscreenCapture.render(list, width: 1920, height: 1080)
            let c = image.color(x: 50, y: 1030)
            #expect(abs(c.red - 153) <= 2 && c.red == c.green && c.green == c.blue)
        }

        /// Drawing frame by frame with dirty rectangles must give exactly the pixels a fresh
        /// full render of the same list gives.
        @Test(arguments: [(1280, 720), (1280, 800), (1024, 768), (1920, 1080)])
        func incrementalFramesMatchFullRenders(size: (width: Int, height: Int)) throws {
            let staticPart = BenchmarkScene.staticPart()
            let renderer = try FrameRenderer(offscreenWidth: size.width, height: size.height)
            var lists: [DrawList] = []
            for frame in [0, 1, 2, 3, 4, 5, 30, 31, 200, 450, 451] {
                lists.append(BenchmarkScene.frame(frame, staticPart: staticPart))
            }
            // A changed text, a removed item, two overlapping items swapping order, a translucent overlay.
            var changed = BenchmarkScene.frame(201, staticPart: staticPart)
            changed.text("NASA-505", in: Rect(left: 20, bottom: 420, width: 536, height: 40), TextStyle(pointSize: 20))
            lists.append(changed)
            var commands = lists[0].commands
            commands.remove(at: 5)
            var removed = DrawList()
            for c in commands { removed.append(c) }
            lists.append(removed)
            var a = removed, b = removed
            let red = DrawCommand.fillRect(Rect(left: 1000, bottom: 100, width: 80, height: 80), .red)
            let green = DrawCommand.fillRect(Rect(left: 1040, bottom: 140, width: 80, height: 80), .green)
            a.append(red)
            a.append(green)
            b.append(green)
            b.append(red)
            lists.append(a)
            lists.append(b)
            var overlay = b
            overlay.fill(Rect(left: 900, bottom: 50, width: 300, height: 300), .whiteTranslucent)
            lists.append(overlay)
            lists.append(lists[0])

            for (index, list) in lists.enumerated() {
                let update = try renderer.render(list)
                if index > 0 { #expect(!update.isFullRepaint, "frame \(index) should be partial") }
                let incremental = try renderer.capture()
                let full = try OffscreenCapture.render(list, width: size.width, height: size.height)
                #expect(incremental == full, "frame \(index) differs from a full render")
            }
            #expect(try renderer.render(lists[lists.count - 1]).isUnchanged)
        }

        @Test func missingFontIsAClearError() {
            let fonts = FontFiles(regular: "/nonexistent/Regular.ttf", bold: FontFiles.dejaVu.bold)
            #expect(throws: ShellError.fontMissing(path: "/nonexistent/Regular.ttf")) {
                _ = try OffscreenCapture.render(DrawList(), width: 10, height: 10, fonts: fonts)
            }
            #expect(ShellError.fontMissing(path: "/x.ttf").description.contains("/x.ttf"))
        }

        @Test func textCacheBudgetIsAnEighthOfTheSurface() throws {
            #expect(try FrameRenderer(offscreenWidth: 1920, height: 1080).textCache.budgetBytes == 1920 * 1080 * 4 / 8)
            #expect(try FrameRenderer(offscreenWidth: 3840, height: 2160).textCache.budgetBytes == 3840 * 2160 * 4 / 8)
            #expect(try FrameRenderer(offscreenWidth: 320, height: 200).textCache.budgetBytes == 256 << 10, "a floor for tiny windows")
        }

        @Test func textCacheStaysWithinItsBudget() throws {
            let renderer = try FrameRenderer(offscreenWidth: 640, height: 360)
            for i in 0..<3000 {
                var list = DrawList()
                list.text("Counter \(i) with some padding text", in: Rect(left: 0, bottom: 0, width: 1920, height: 200),
                          TextStyle(pointSize: 30))
                try renderer.render(list)
            }
            #expect(renderer.textCache.bytesInUse <= renderer.textCache.budgetBytes)
            #expect(renderer.textCache.entryCount <= renderer.textCache.maximumEntries)
            #expect(renderer.textCache.entryCount > 10)
        }
    }
}
