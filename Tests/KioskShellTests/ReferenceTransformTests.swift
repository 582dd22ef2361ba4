import KioskCore
import Testing

@testable import KioskShell

@Suite struct ReferenceTransformTests {
    @Test func flipsYAndScales() {
        let t = ReferenceTransform(pixelWidth: 1280, pixelHeight: 800)
        #expect(t.pixelX(1920) == 1280)
        #expect(t.pixelY(1080) == 0)
        #expect(t.pixelY(0) == 800)
        #expect(t.pixelRect(covering: Rect(left: 0, bottom: 540, width: 960, height: 540))
            == PixelRect(x: 0, y: 0, width: 640, height: 400))
    }

    @Test func roundsOutward() {
        let t = ReferenceTransform(pixelWidth: 1280, pixelHeight: 800)
        // 100 → 66.67 px, 200 → 133.33 px: outward gives 66...134.
        let r = t.pixelRect(covering: Rect(left: 100, bottom: 1080 - 200, width: 100, height: 100))
        #expect(r == PixelRect(x: 66, y: 74, width: 68, height: 75))
    }

    @Test func pointerPositionsMapBack() {
        let t = ReferenceTransform(pixelWidth: 1280, pixelHeight: 800)
        let mouse = t.referencePoint(windowX: 640, windowY: 200)
        #expect(abs(mouse.x - 960) < 1e-9 && abs(mouse.y - 810) < 1e-9)
        #expect(ReferenceTransform.referencePoint(normalizedX: 0.5, normalizedY: 0.25) == Point(960, 810))
    }

    @Test func lineWidthsScaleWithAFloorOfOnePixel() {
        #expect(ReferenceTransform(pixelWidth: 1920, pixelHeight: 1080).lineWidthPixels(2) == 2)
        #expect(ReferenceTransform(pixelWidth: 3840, pixelHeight: 2160).lineWidthPixels(2) == 4)
        #expect(ReferenceTransform(pixelWidth: 640, pixelHeight: 360).lineWidthPixels(2) == 1)
    }
}
