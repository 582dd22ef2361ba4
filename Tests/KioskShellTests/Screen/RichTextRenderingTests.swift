import Foundation
import KioskCore
import Testing
import TestSupport

@testable import KioskShell

extension SDLSuite {
    @Suite struct RichTextRenderingTests {
        let bg = Color.background

        /// Columns (x) and rows (y) holding any pixel unlike the background, inside `rect`.
        private func inked(_ image: PixelImage, _ rect: PixelRect) -> (xs: ClosedRange<Int>, ys: ClosedRange<Int>)? {
            var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
            for y in rect.y..<(rect.y + rect.height) {
                for x in rect.x..<(rect.x + rect.width) where image.color(x: x, y: y) != bg {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
            return minX <= maxX ? (minX...maxX, minY...maxY) : nil
        }

        @Test func paragraphsWrapAtTheBoxAndCentre() throws {
            let text = HTMLSubset.richText("<h1>Title</h1><p>" + String(repeating: "wrapping words ", count: 40) + "</p>")
            var list = DrawList()
            let box = Rect(left: 460, bottom: 140, width: 1000, height: 800)
            list.richText(text, in: box)
            let image = try OffscreenCapture.render(list, width: 1920, height: 1080)
            let ink = try #require(inked(image, PixelRect(x: 0, y: 0, width: 1920, height: 1080)))
            #expect(ink.xs.lowerBound >= 460 && ink.xs.upperBound < 1460, "wrapped inside the box: \(ink.xs)")
            #expect(ink.xs.upperBound - ink.xs.lowerBound > 900, "lines fill most of the width")
            // Vertically centred: as much room above as below, within a line.
            let above = ink.ys.lowerBound - 140, below = 940 - ink.ys.upperBound
            #expect(abs(above - below) < 30, "\(above) vs \(below)")
            // The bold 24 pt title is taller than the 18 pt body lines (rows 140...).
            let titleRows = try #require(inked(image, PixelRect(x: 0, y: ink.ys.lowerBound, width: 1920, height: 45)))
            #expect(titleRows.ys.count > 20)
        }

        @Test func imagesComeFromTheStoreScaledWithTheWindow() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("labkiosk-img-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("red.png").path
            var red = DrawList()
            red.fill(Rect(left: 0, bottom: 0, width: 1920, height: 1080), .red)
            try OffscreenCapture.savePNG(red, width: 96, height: 54, to: path)

            var list = DrawList()
            list.richText(HTMLSubset.richText("<center><img src=red.png></center>"), in: Rect(left: 0, bottom: 0, width: 1920, height: 1080))
            let half = try OffscreenCapture.render(list, width: 960, height: 540, images: try ImageStore(paths: ["red.png": path]))
            // 96×54 reference pixels at half scale: 48×27, centred.
            #expect(half.countPixels(in: PixelRect(x: 0, y: 0, width: 960, height: 540), differingFrom: bg) == 48 * 27)
            #expect(half.color(x: 480, y: 270) == .red)
            let missing = try ImageStore(paths: [:])
            let blank = try OffscreenCapture.render(list, width: 960, height: 540, images: missing)
            #expect(blank.countPixels(in: PixelRect(x: 0, y: 0, width: 960, height: 540), differingFrom: bg) == 0)
            #expect(missing.takeProblems() == ["image red.png: not found"])
        }

        @Test func anImageFillsItsBoxOnTheBlocksOwnCanvas() throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("labkiosk-img-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let path = folder.appendingPathComponent("stimulus.png").path
            var red = DrawList(canvas: Canvas(width: 40, height: 30))
            red.fill(Rect(left: 0, bottom: 0, width: 40, height: 30), .red)
            try OffscreenCapture.savePNG(red, width: 40, height: 30, to: path)

            // A 4:3 canvas of 800×600 on a 1920×1080 window: scale 1.8, centred with 240 px bands.
            var list = DrawList(canvas: Canvas(width: 800, height: 600))
            list.image("stimulus.png", in: Rect(left: 100, bottom: 100, width: 200, height: 100))
            let image = try OffscreenCapture.render(list, width: 1920, height: 1080, images: try ImageStore(paths: ["stimulus.png": path]))
            // 200×100 canvas units → 360×180 px, left edge at 240 + 180, top at (600 − 200) × 1.8.
            #expect(image.countPixels(in: PixelRect(x: 0, y: 0, width: 1920, height: 1080), differingFrom: bg) == 360 * 180)
            #expect(image.color(x: 420, y: 720) == .red)
            #expect(image.color(x: 419, y: 720) == bg)
            #expect(image.color(x: 779, y: 899) == .red)
        }

        @Test func aSlideScreenRendersEveryPart() throws {
            var harness = try SessionHarness(
                "0:00:00;instructions;filename;w.txt\n0:00:00;instructions;start\n",
                includes: ["w.txt": "<h1>Welcome</h1>\n<p>Body text</p>"])
            harness.run(until: 0.1, step: 0.1)
            let image = try OffscreenCapture.render(harness.session.drawList(), width: 1920, height: 1080)
            let button = ContinueButton.frame(in: Rect(left: 0, bottom: 0, width: 1920, height: 1080))
            // The button's white face and the title near the top both show.
            #expect(image.color(x: Int(button.left) + 10, y: 1080 - Int(button.bottom) - 10) == .white)
            #expect(inked(image, PixelRect(x: 0, y: 90, width: 1920, height: 60)) != nil, "title at 90 % of the height")
        }
    }
}
