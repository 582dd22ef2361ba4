import KioskCore
import Testing

@testable import KioskShell

@Suite struct TextLayoutTests {
    @Test func tabsExpandToTheNextStopPerLine() {
        #expect(TextLayout.expandingTabs("a\tb") == "a   b")
        #expect(TextLayout.expandingTabs("abcd\te") == "abcd    e")
        #expect(TextLayout.expandingTabs("\tx\nab\ty") == "    x\nab  y")
        #expect(TextLayout.expandingTabs("none") == "none")
    }

    @Test func tabbedSegmentsStartAtTheNextStop() {
        let placed = TextLayout.tabbedSegmentOffsets(segmentWidths: [30, 20, 60, 5], tabStop: 50)
        #expect(placed.offsets == [0, 50, 100, 200])
        #expect(placed.width == 205)
        // A segment ending exactly on a stop still moves to the next one.
        #expect(TextLayout.tabbedSegmentOffsets(segmentWidths: [50, 1], tabStop: 50).offsets == [0, 100])
        #expect(TextLayout.tabbedSegmentOffsets(segmentWidths: [0, 7], tabStop: 50) == ([0, 50], 57))
    }

    @Test func alignmentPlacesTheBlockInsideTheBox() {
        let box = PixelRect(x: 100, y: 50, width: 200, height: 40)
        #expect(TextLayout.origin(textWidth: 50, textHeight: 20, in: box, alignment: .left, verticalAlignment: .top) == (100, 50))
        #expect(TextLayout.origin(textWidth: 50, textHeight: 20, in: box, alignment: .center, verticalAlignment: .center) == (175, 60))
        #expect(TextLayout.origin(textWidth: 50, textHeight: 20, in: box, alignment: .right, verticalAlignment: .bottom) == (250, 70))
    }

    @Test func pointSizesAreAt96Dpi() {
        #expect(TextLayout.pixelSize(pointSize: 12, scale: 1) == 16)
        #expect(TextLayout.pixelSize(pointSize: 16, scale: 1) == 21)
        #expect(TextLayout.pixelSize(pointSize: 30, scale: 2.0 / 3) == 27)
    }
}
