import CSDL2
import Foundation
import KioskCore
import KioskData
import Testing

@testable import KioskShell

extension SDLSuite {
    /// Window, present and screenshot paths, under the dummy video driver.
    @Suite struct WindowTests {
        func hiddenWindow(width: Int = 640, height: Int = 360) throws -> Window {
            try Window(WindowConfiguration(mode: .windowed(width: width, height: height), hidden: true))
        }

        @Test func rendersToTheWindowSurfaceAndPresentsOnlyChanges() throws {
            let window = try hiddenWindow()
            let renderer = try FrameRenderer(window: window)
            let staticPart = BenchmarkScene.staticPart()
            #expect(try renderer.render(BenchmarkScene.frame(0, staticPart: staticPart)).isFullRepaint)
            let second = try renderer.render(BenchmarkScene.frame(1, staticPart: staticPart))
            #expect(!second.isFullRepaint)
            #expect(second.rects.count >= 1)
            #expect(second.pixelCount < 640 * 360 / 50)
            #expect(try renderer.render(BenchmarkScene.frame(1, staticPart: staticPart)).isUnchanged)
            // What the window shows equals an offscreen render of the same list.
            let onScreen = try Screenshot.capture(window)
            let offscreen = try OffscreenCapture.render(BenchmarkScene.frame(1, staticPart: staticPart), width: 640, height: 360)
            #expect(onScreen == offscreen)
        }

        @Test func screenshotWritesAValidPNGOfTheWindowSize() throws {
            let window = try hiddenWindow(width: 320, height: 200)
            let renderer = try FrameRenderer(window: window)
            var list = DrawList()
            list.fill(Rect(left: 0, bottom: 0, width: 960, height: 540), .red)
            try renderer.render(list)
            let path = NSTemporaryDirectory() + "labkiosk-shot-\(getpid()).png"
            defer { try? FileManager.default.removeItem(atPath: path) }
            try Screenshot.savePNG(of: window, to: path)
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(bytes.count > 33)
            #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            #expect(Array(bytes[12..<16]) == Array("IHDR".utf8))
            func bigEndian(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
            #expect(bigEndian(16) == 320)
            #expect(bigEndian(20) == 200)
            #expect(bytes[25] == 2)  // colour type 2: RGB, opaque
        }

        @Test func resizeRebuildsTheSurfaceAndRepaintsEverything() throws {
            let window = try hiddenWindow()
            let renderer = try FrameRenderer(window: window)
            var list = DrawList()
            list.fill(Rect(left: 0, bottom: 0, width: 960, height: 540), .red)
            try renderer.render(list)
            SDL_SetWindowSize(window.handle, 400, 300)
            renderer.windowDidChange(.resized)
            let update = try renderer.render(list)
            #expect(update.isFullRepaint)
            #expect(renderer.transform.pixelWidth == 400)
            let image = try Screenshot.capture(window)
            #expect(image.width == 400 && image.height == 300)
            // 400×300 shows the canvas at 400×225, 37.5 px down: the red quarter is x 0…200, y 150…262.
            #expect(image.color(x: 10, y: 255) == .red)
            #expect(image.color(x: 390, y: 100) == .background)
            #expect(image.color(x: 10, y: 290) == .background, "the band below the canvas")
        }

        @Test func exposureRepaintsEverythingTheWindowSystemMayHaveLost() throws {
            let window = try hiddenWindow()
            let renderer = try FrameRenderer(window: window)
            let frame = BenchmarkScene.frame(0, staticPart: BenchmarkScene.staticPart())
            try renderer.render(frame)
            #expect(try renderer.render(frame).isUnchanged)
            // The window system drops its copy (a compositor re-creating the buffer): here the
            // pixels behind the window are wiped, as a lost buffer would come back black.
            guard let surface = SDL_GetWindowSurface(window.handle) else { throw ShellError.sdl("SDL_GetWindowSurface") }
            SDL_FillRect(surface, nil, 0)
            renderer.windowDidChange(.exposed)
            let update = try renderer.render(frame)
            #expect(update.isFullRepaint)
            #expect(update.rects == [renderer.transform.windowRect])
            #expect(try Screenshot.capture(window) == OffscreenCapture.render(frame, width: 640, height: 360))
            // Only once: the next identical frame costs nothing again.
            #expect(try renderer.render(frame).isUnchanged)
        }

        @Test func unchangedFramesAreSentOnlyWhereTheSurfaceIsAGPUTexture() throws {
            let window = try hiddenWindow()
            #expect(!window.hasTextureFramebuffer, "the dummy driver has a framebuffer of its own")
            let renderer = try FrameRenderer(window: window)
            #expect(!renderer.sendsUnchangedFrames)
            let frame = BenchmarkScene.frame(0, staticPart: BenchmarkScene.staticPart())
            try renderer.render(frame)
            try renderer.render(frame)
            #expect(renderer.framesSent == 1, "X11's way: an unchanged frame sends nothing")
            // Wayland's way: a static screen is sent on every frame, or the compositor may show black.
            renderer.sendsUnchangedFrames = true
            #expect(try renderer.render(frame).isUnchanged)
            #expect(try renderer.render(frame).isUnchanged)
            #expect(renderer.framesSent == 3)
            #expect(try Screenshot.capture(window) == OffscreenCapture.render(frame, width: 640, height: 360))
        }

        @Test func framebufferAccelerationStaysOffOnlyWhereTheDriverHasItsOwnFramebuffer() throws {
            // X11's XShm framebuffer sends dirty rectangles alone; Wayland has no framebuffer of
            // its own, and with acceleration off SDL_GetWindowSurface failed there.
            #expect(Window.hasNativeFramebuffer(videoDriver: "x11"))
            #expect(Window.hasNativeFramebuffer(videoDriver: "dummy"))
            #expect(Window.hasNativeFramebuffer(videoDriver: "offscreen"))
            #expect(!Window.hasNativeFramebuffer(videoDriver: "wayland"))
            #expect(!Window.hasNativeFramebuffer(videoDriver: "KMSDRM"))
            let window = try hiddenWindow()
            #expect(window.videoDriver == "dummy")
            #expect(SDL_GetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION).map { String(cString: $0) } == "0")
        }

        @Test func aScreenIndexTooLargeFallsBackToTheLastScreenWithAWarning() throws {
            let window = try Window(WindowConfiguration(mode: .windowed(width: 100, height: 100), screenIndex: 7, hidden: true))
            #expect(window.screenIndex == Int(SDL_GetNumVideoDisplays()) - 1)
            #expect(window.warnings.count == 1)
            #expect(window.warnings.first?.contains("screen 7") == true)
        }

        @Test func fullscreenWindowCoversTheScreen() throws {
            let window = try Window(WindowConfiguration(mode: .fullscreen, hidden: true))
            var bounds = SDL_Rect()
            SDL_GetDisplayBounds(0, &bounds)
            #expect(window.size.width == Int(bounds.w) && window.size.height == Int(bounds.h))
        }
    }
}
