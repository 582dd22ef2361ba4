import CSDL2
import Testing

@testable import KioskShell

/// Which SDL events make the renderer repaint and send the whole window.
@Suite struct WindowChangeTests {
    /// Every window event SDL 2.26 has, with what it must mean for drawing.
    static let expected: [(SDL_WindowEventID, WindowChange)] = [
        (SDL_WINDOWEVENT_SHOWN, .exposed),
        (SDL_WINDOWEVENT_HIDDEN, []),
        (SDL_WINDOWEVENT_EXPOSED, .exposed),
        (SDL_WINDOWEVENT_MOVED, .exposed),
        (SDL_WINDOWEVENT_RESIZED, .resized),
        (SDL_WINDOWEVENT_SIZE_CHANGED, .resized),
        (SDL_WINDOWEVENT_MINIMIZED, []),
        (SDL_WINDOWEVENT_MAXIMIZED, .exposed),
        (SDL_WINDOWEVENT_RESTORED, .exposed),
        (SDL_WINDOWEVENT_ENTER, []),
        (SDL_WINDOWEVENT_LEAVE, []),
        (SDL_WINDOWEVENT_FOCUS_GAINED, .exposed),
        (SDL_WINDOWEVENT_FOCUS_LOST, []),
        (SDL_WINDOWEVENT_CLOSE, []),
        (SDL_WINDOWEVENT_TAKE_FOCUS, .exposed),
        (SDL_WINDOWEVENT_HIT_TEST, []),
        (SDL_WINDOWEVENT_ICCPROF_CHANGED, []),
        (SDL_WINDOWEVENT_DISPLAY_CHANGED, .exposed),
    ]

    @Test func everyWindowEventAfterWhichTheScreenMayBeLostAsksForAFullRepaint() {
        for (event, change) in Self.expected {
            #expect(WindowChange(windowEvent: event) == change, "window event \(event.rawValue)")
        }
        // Pointer crossings and focus loss are frequent on a desktop and lose nothing: they
        // must not cost a full repaint, or X11 presenting would stop being cheap.
        #expect(WindowChange(windowEvent: SDL_WINDOWEVENT_ENTER).isEmpty)
        #expect(WindowChange(windowEvent: SDL_WINDOWEVENT_FOCUS_LOST).isEmpty)
    }

    @Test func displayChangesAndRendererResetsCountAsExposure() {
        #expect(WindowChange(eventType: SDL_DISPLAYEVENT) == .exposed)
        #expect(WindowChange(eventType: SDL_RENDER_TARGETS_RESET) == .exposed)
        #expect(WindowChange(eventType: SDL_RENDER_DEVICE_RESET) == .exposed)
        #expect(WindowChange(eventType: SDL_KEYDOWN).isEmpty)
        #expect(WindowChange(eventType: SDL_MOUSEMOTION).isEmpty)
    }
}
