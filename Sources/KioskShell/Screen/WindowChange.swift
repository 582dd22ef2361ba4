import CSDL2

/// What happened to the window since the last poll, as far as drawing is concerned.
public struct WindowChange: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The size changed: the window surface must be fetched again and everything repainted.
    public static let resized = WindowChange(rawValue: 1 << 0)
    /// The window system may have lost what was on screen, or never shown it: everything
    /// must be repainted and sent again.
    ///
    /// A compositor keeps its own copy of the window, and may drop it, re-create the buffer
    /// behind it or take a frame sent before it mapped the window for nothing (Xwayland under
    /// `cage` does all three when the window is mapped, maximized or made fullscreen). The
    /// dirty rectangles after that would be drawn on a black or stale picture.
    public static let exposed = WindowChange(rawValue: 1 << 1)

    /// What an `SDL_WINDOWEVENT` of this kind means for drawing.
    ///
    /// Every event after which the window system may show something other than the last
    /// frame counts: size (`SIZE_CHANGED`, `RESIZED`), exposure (`SHOWN`, `EXPOSED`),
    /// state (`MAXIMIZED`, `RESTORED`, the way fullscreen is reported), placement (`MOVED`,
    /// `DISPLAY_CHANGED`) and focus (`FOCUS_GAINED`, `TAKE_FOCUS`: a kiosk compositor hands
    /// focus over when it maps or raises the window). Pointer crossings, hiding, minimising,
    /// losing focus and closing do not.
    init(windowEvent: SDL_WindowEventID) {
        switch windowEvent {
        case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED: self = .resized
        case SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_MAXIMIZED, SDL_WINDOWEVENT_RESTORED,
            SDL_WINDOWEVENT_MOVED, SDL_WINDOWEVENT_DISPLAY_CHANGED, SDL_WINDOWEVENT_FOCUS_GAINED, SDL_WINDOWEVENT_TAKE_FOCUS:
            self = .exposed
        default: self = []
        }
    }

    /// What an SDL event other than a window event means for drawing: a display added,
    /// removed or turned, or the renderer behind a GPU-backed window surface reset.
    init(eventType: SDL_EventType) {
        switch eventType {
        case SDL_DISPLAYEVENT, SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET: self = .exposed
        default: self = []
        }
    }
}
