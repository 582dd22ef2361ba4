/// How and where the shell opens its window.
public struct WindowConfiguration: Hashable, Sendable {
    /// The window's size and decoration.
    public enum Mode: Hashable, Sendable {
        /// A decorated, resizable window of this size in pixels, centred on the screen.
        case windowed(width: Int, height: Int)
        /// A borderless window exactly covering the screen, placed at its origin (OpenMATB's
        /// default look, docs/openmatb-behaviour.md: Screen regions), without taking the display over.
        case screenSized
        /// Fullscreen at the desktop resolution (`SDL_WINDOW_FULLSCREEN_DESKTOP`): no mode switch.
        case fullscreen
    }

    public var mode: Mode
    /// Zero-based screen (SDL display) index; too large an index falls back to the last screen.
    public var screenIndex: Int
    public var title: String
    /// Create the window unmapped, for tests under the dummy or offscreen video driver.
    public var hidden: Bool
    /// Let the screensaver and display power-off run (off for kiosk use).
    public var allowsScreenSaver: Bool
    /// Take every key, window-manager shortcuts included (kiosk mode), while the window has focus.
    public var grabsKeyboard = false

    public init(
        mode: Mode = .windowed(width: 1280, height: 800), screenIndex: Int = 0, title: String = "labkiosk",
        hidden: Bool = false, allowsScreenSaver: Bool = false
    ) {
        self.mode = mode
        self.screenIndex = screenIndex
        self.title = title
        self.hidden = hidden
        self.allowsScreenSaver = allowsScreenSaver
    }
}
