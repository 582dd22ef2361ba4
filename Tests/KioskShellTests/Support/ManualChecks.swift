import Foundation
import KioskCore
import KioskShell
import Testing

/// Checks a person runs by hand on a real display (Xvfb or a kiosk); skipped unless
/// `LABKIOSK_MANUAL` names an output folder. They print figures and write PNGs to look at;
/// they assert nothing about speed (scripts/bench measures the real binary).
extension SDLSuite {
    @Suite(.enabled(if: ProcessInfo.processInfo.environment["LABKIOSK_MANUAL"] != nil))
    struct ManualChecks {
        var outputFolder: String { ProcessInfo.processInfo.environment["LABKIOSK_MANUAL"] ?? "/tmp" }
        var seconds: Double { Double(ProcessInfo.processInfo.environment["LABKIOSK_SECONDS"] ?? "") ?? 20 }

        /// The benchmark scene plus a sample of every text style and a translucent dialog.
        static func demoList(frame: Int) -> DrawList {
            var list = BenchmarkScene.frame(frame, staticPart: BenchmarkScene.staticPart())
            let dialog = Rect(left: 1660, bottom: 40, width: 240, height: 190)
            list.fill(dialog, .whiteTranslucent)
            list.stroke(dialog, .grey)
            list.text("Paused", in: Rect(left: 1660, bottom: 190, width: 240, height: 36), TextStyle(pointSize: 16, bold: true))
            list.text(
                "A wrapped paragraph, left aligned, set in DejaVu Sans at 12 pt.", in: Rect(left: 1670, bottom: 90, width: 220, height: 100),
                TextStyle(pointSize: 12, alignment: .left, verticalAlignment: .top, wraps: true))
            list.text("Press SPACE to continue", in: Rect(left: 1660, bottom: 45, width: 240, height: 40), TextStyle(pointSize: 12, italic: true))
            list.text("bold italic, right", in: Rect(left: 700, bottom: 990, width: 900, height: 30),
                      TextStyle(pointSize: 12, bold: true, italic: true, alignment: .right))
            list.append(.polyline([Point(700, 560), Point(760, 640), Point(820, 580), Point(880, 660)], .red, lineWidth: 4, closed: false))
            list.append(.strokeCircle(center: Point(1500, 620), radius: 40, .blue, lineWidth: 6, dashed: true))
            return list
        }

        /// Opens a window on the current display, shows the demo for a few seconds (so the
        /// screen can be grabbed from outside) and saves the window surface as `demo.png`.
        @Test func showDemoAndSaveScreenshot() throws {
            let window = try Window(WindowConfiguration(mode: .screenSized))
            let renderer = try FrameRenderer(window: window)
            let pump = EventPump(window: window)
            var pacer = FramePacer()
            var events: [InputEvent] = []
            for frame in 0..<Int(min(seconds, 10) * 60) {
                _ = pacer.waitForNextFrame()
                events.removeAll(keepingCapacity: true)
                renderer.windowDidChange(pump.poll(into: &events))
                try renderer.render(Self.demoList(frame: frame))
            }
            let path = outputFolder + "/demo.png"
            try Screenshot.savePNG(of: window, to: path)
            print("demo: \(window.videoDriver) \(window.pixelSize.width)×\(window.pixelSize.height), wrote \(path)")
            try OffscreenCapture.savePNG(Self.demoList(frame: 0), width: 1280, height: 800, to: outputFolder + "/demo-offscreen-1280x800.png")
        }
    }
}
