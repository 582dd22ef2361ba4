import KioskCore
import Testing

@testable import KioskShell

@Suite struct ReferenceTransformTests {
    @Test func flipsYAndScalesBothAxesAlike() {
        let t = ReferenceTransform(pixelWidth: 1920, pixelHeight: 1080)
        #expect(t.pixelX(1920) == 1920 && t.pixelY(1080) == 0 && t.pixelY(0) == 1080)
        let half = ReferenceTransform(pixelWidth: 960, pixelHeight: 540)
        #expect(half.pixelRect(covering: Rect(left: 0, bottom: 540, width: 960, height: 540))
            == PixelRect(x: 0, y: 0, width: 480, height: 270))
    }

    /// 16:10 (1280×800): the canvas is 1280×720, centred, with 40 px bands above and below.
    @Test func aTallerWindowLetterboxesTheCanvas() {
        let t = ReferenceTransform(pixelWidth: 1280, pixelHeight: 800)
        #expect(abs(t.scale - 2.0 / 3) < 1e-12)
        #expect(t.pixelX(0) == 0 && t.pixelX(1920) == 1280)
        #expect(t.pixelY(1080) == 40 && t.pixelY(0) == 760)
        // A reference square stays square in pixels.
        let square = t.pixelRect(covering: Rect(left: 300, bottom: 300, width: 300, height: 300))
        #expect(square.width == square.height)
    }

    /// 4:3 (1024×768): the canvas is 1024×576, centred, with 96 px bands above and below;
    /// a 21:9 window gets bands at the sides instead.
    @Test func otherShapesCentreTheCanvas() {
        let fourByThree = ReferenceTransform(pixelWidth: 1024, pixelHeight: 768)
        #expect(fourByThree.pixelY(1080) == 96 && fourByThree.pixelY(0) == 672)
        let wide = ReferenceTransform(pixelWidth: 2560, pixelHeight: 1080)
        #expect(wide.scale == 1 && wide.pixelX(0) == 320 && wide.pixelX(1920) == 2240)
    }

    @Test func roundsOutward() {
        let t = ReferenceTransform(pixelWidth: 1280, pixelHeight: 720)
        // 100 → 66.67 px, 200 → 133.33 px: outward gives 66...134.
        let r = t.pixelRect(covering: Rect(left: 100, bottom: 1080 - 200, width: 100, height: 100))
        #expect(r == PixelRect(x: 66, y: 66, width: 68, height: 68))
    }

    @Test func pointerPositionsMapBack() {
        let t = ReferenceTransform(pixelWidth: 1280, pixelHeight: 800)
        let mouse = t.referencePoint(windowX: 640, windowY: 40 + 180)
        #expect(abs(mouse.x - 960) < 1e-9 && abs(mouse.y - 810) < 1e-9)
        let finger = t.referencePoint(normalizedX: 0.5, normalizedY: 220.0 / 800)
        #expect(abs(finger.x - 960) < 1e-9 && abs(finger.y - 810) < 1e-9)
        #expect(t.referencePoint(windowX: 0, windowY: 0).y > 1080, "the band above the canvas is outside the reference range")
    }

    @Test func lineWidthsScaleWithAFloorOfOnePixel() {
        #expect(ReferenceTransform(pixelWidth: 1920, pixelHeight: 1080).lineWidthPixels(2) == 2)
        #expect(ReferenceTransform(pixelWidth: 3840, pixelHeight: 2160).lineWidthPixels(2) == 4)
        #expect(ReferenceTransform(pixelWidth: 640, pixelHeight: 360).lineWidthPixels(2) == 1)
    }
}
