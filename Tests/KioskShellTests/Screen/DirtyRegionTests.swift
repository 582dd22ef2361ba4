import KioskCore
import Testing

@testable import KioskShell

@Suite struct DirtyRegionTests {
    let identity = ReferenceTransform(pixelWidth: 1920, pixelHeight: 1080)

    func staticList() -> [DrawCommand] {
        var list = DrawList()
        list.fill(Rect(left: 0, bottom: 1026, width: 1920, height: 54), .black)
        list.text("TRACKING", in: Rect(left: 672, bottom: 1026, width: 960, height: 54), TextStyle(pointSize: 16))
        list.stroke(Rect(left: 100, bottom: 100, width: 300, height: 200), .black)
        return list.commands
    }

    @Test func unchangedListHasNoDirtyRects() {
        var region = DirtyRegion()
        let list = staticList()
        #expect(region.dirtyRects(from: list, to: list, in: identity).isEmpty)
        // An equal list built separately (a different array) is unchanged too.
        #expect(region.dirtyRects(from: list, to: staticList(), in: identity).isEmpty)
    }

    @Test func smallItemMovedFarGivesTwoSmallRects() {
        var region = DirtyRegion()
        let before = staticList() + [.fillRect(Rect(left: 500, bottom: 500, width: 10, height: 10), .red)]
        let after = staticList() + [.fillRect(Rect(left: 1500, bottom: 200, width: 10, height: 10), .red)]
        let rects = region.dirtyRects(from: before, to: after, in: identity)
        // Reference (500, 500)-(510, 510), y flipped: rows 570..580, padded by 2 px.
        #expect(Set(rects) == [
            PixelRect(x: 498, y: 568, width: 14, height: 14),
            PixelRect(x: 1498, y: 868, width: 14, height: 14),
        ])
    }

    @Test func smallItemMovedSlightlyGivesOneMergedRect() {
        var region = DirtyRegion()
        let before = staticList() + [.fillRect(Rect(left: 500, bottom: 500, width: 10, height: 10), .red)]
        let after = staticList() + [.fillRect(Rect(left: 503, bottom: 501, width: 10, height: 10), .red)]
        let rects = region.dirtyRects(from: before, to: after, in: identity)
        #expect(rects == [PixelRect(x: 498, y: 567, width: 17, height: 15)])
    }

    @Test func changeInTheMiddleOfTheListOnlyDirtiesThatCommand() {
        var region = DirtyRegion()
        var before = staticList()
        var after = staticList()
        before.insert(.text("112.500", box: Rect(left: 10, bottom: 10, width: 100, height: 20), TextStyle(pointSize: 12)), at: 1)
        after.insert(.text("112.525", box: Rect(left: 10, bottom: 10, width: 100, height: 20), TextStyle(pointSize: 12)), at: 1)
        let rects = region.dirtyRects(from: before, to: after, in: identity)
        #expect(rects == [PixelRect(x: 8, y: 1048, width: 104, height: 24)])
    }

    @Test func scaledWindowScalesRects() {
        var region = DirtyRegion()
        region.boundsPaddingPixels = 0
        let half = ReferenceTransform(pixelWidth: 960, pixelHeight: 540)
        let rects = region.dirtyRects(
            from: [], to: [.fillRect(Rect(left: 100, bottom: 100, width: 200, height: 100), .red)], in: half)
        #expect(rects == [PixelRect(x: 50, y: 440, width: 100, height: 50)])
    }

    @Test func reorderedOverlappingItemsAreDirty() {
        var region = DirtyRegion()
        region.boundsPaddingPixels = 0
        let a = DrawCommand.fillRect(Rect(left: 0, bottom: 0, width: 100, height: 100), .red)
        let b = DrawCommand.fillRect(Rect(left: 50, bottom: 50, width: 100, height: 100), .green)
        let rects = region.dirtyRects(from: [a, b], to: [b, a], in: identity)
        #expect(rects == [PixelRect(x: 0, y: 930, width: 150, height: 150)])
    }

    @Test func addingADuplicateDirtiesIt() {
        var region = DirtyRegion()
        region.boundsPaddingPixels = 0
        let translucent = DrawCommand.fillRect(Rect(left: 0, bottom: 0, width: 10, height: 10), Color(255, 0, 0, 128))
        #expect(region.dirtyRects(from: [translucent], to: [translucent, translucent], in: identity)
            == [PixelRect(x: 0, y: 1070, width: 10, height: 10)])
    }

    @Test func offscreenCommandsAreClippedAway() {
        var region = DirtyRegion()
        let outside = DrawCommand.fillRect(Rect(left: 3000, bottom: 0, width: 10, height: 10), .red)
        #expect(region.dirtyRects(from: [], to: [outside], in: identity).isEmpty)
    }

    @Test func tooManyRectsCollapseIntoTheirBoundingBox() {
        var region = DirtyRegion()
        region.boundsPaddingPixels = 0
        // 40 squares on an 8 × 5 grid, too far apart to merge pairwise.
        let items: [DrawCommand] = (0..<40).map { (i: Int) -> DrawCommand in
            let left = Double((i % 8) * 200), bottom = Double((i / 8) * 200)
            return .fillRect(Rect(left: left, bottom: bottom, width: 40, height: 40), .red)
        }
        let rects = region.dirtyRects(from: [], to: items, in: identity)
        #expect(rects == [PixelRect(x: 0, y: 1080 - 840, width: 1440, height: 840)])
        // 16 of them stay separate.
        #expect(region.dirtyRects(from: [], to: Array(items.prefix(16)), in: identity).count == 16)
    }

    @Test func mergeKeepsDistantRectsApartAndJoinsNearOnes() {
        var rects = [
            PixelRect(x: 0, y: 0, width: 10, height: 10), PixelRect(x: 12, y: 0, width: 10, height: 10),
            PixelRect(x: 1000, y: 1000, width: 10, height: 10),
        ]
        DirtyRegion.merge(&rects, slack: 64 * 64, maximumCount: 16)
        #expect(Set(rects) == [PixelRect(x: 0, y: 0, width: 22, height: 10), PixelRect(x: 1000, y: 1000, width: 10, height: 10)])
    }
}
