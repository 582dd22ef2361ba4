import CSDL2
import KioskData

/// The SDL window the shell draws into, with the hints and video subsystem it needs.
///
/// Creating a window initialises SDL's video subsystem (reference counted, so several
/// windows or tests in sequence are fine) and releases it on deinit. SDL is not thread
/// safe: create, use and drop a window on one thread.
public final class Window {
    public let configuration: WindowConfiguration
    /// Things the caller should tell the operator, such as a screen index that did not exist.
    public let warnings: [String]
    /// The screen the window was placed on, after clamping.
    public let screenIndex: Int
    /// SDL's window id, which events carry.
    public let id: UInt32
    /// The SDL_Window pointer.
    let handle: OpaquePointer

    /// Opens the window described by `configuration`.
    ///
    /// Honours `SDL_VIDEODRIVER` (x11, wayland, or dummy/offscreen for headless tests).
    public init(_ configuration: WindowConfiguration = WindowConfiguration()) throws {
        self.configuration = configuration
        Self.setHints()
        guard SDL_InitSubSystem(SDL_INIT_VIDEO) == 0 else { throw ShellError.sdl("SDL_InitSubSystem(VIDEO)") }
        // SDL reads the framebuffer hint when the window surface is first made, so it can
        // follow the driver SDL picked: where there is no native framebuffer, the "0" of
        // setHints would leave SDL_GetWindowSurface nothing to make the surface with.
        let driver = SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? ""
        if !Self.hasNativeFramebuffer(videoDriver: driver) { SDL_ResetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION) }

        var warnings: [String] = []
        let screenCount = Int(SDL_GetNumVideoDisplays())
        guard screenCount >= 1 else {
            let error = ShellError.sdl("SDL_GetNumVideoDisplays")
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw error
        }
        var screen = configuration.screenIndex
        if screen >= screenCount || screen < 0 {
            let clamped = screen < 0 ? 0 : screenCount - 1
            warnings.append("screen \(screen) does not exist (\(screenCount) screen(s) found); using screen \(clamped)")
            screen = clamped
        }
        var bounds = SDL_Rect()
        if SDL_GetDisplayBounds(Int32(screen), &bounds) != 0 {
            bounds = SDL_Rect(x: 0, y: 0, w: 1280, h: 800)
            warnings.append("could not read the bounds of screen \(screen): \(String(cString: SDL_GetError()))")
        }

        var flags = configuration.hidden ? SDL_WINDOW_HIDDEN.rawValue : SDL_WINDOW_SHOWN.rawValue
        let x: Int32, y: Int32, width: Int32, height: Int32
        switch configuration.mode {
        case .windowed(let w, let h):
            guard w > 0, h > 0 else {
                SDL_QuitSubSystem(SDL_INIT_VIDEO)
                throw ShellError.invalidArgument("window size must be positive, got \(w)×\(h)")
            }
            flags |= SDL_WINDOW_RESIZABLE.rawValue
            x = Int32(bitPattern: CSDL_WINDOWPOS_CENTERED_DISPLAY(Int32(screen)))
            y = x
            (width, height) = (Int32(w), Int32(h))
        case .screenSized:
            flags |= SDL_WINDOW_BORDERLESS.rawValue
            (x, y, width, height) = (bounds.x, bounds.y, bounds.w, bounds.h)
        case .fullscreen:
            flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue
            (x, y, width, height) = (bounds.x, bounds.y, bounds.w, bounds.h)
        }
        guard let handle = SDL_CreateWindow(configuration.title, x, y, width, height, flags) else {
            let error = ShellError.sdl("SDL_CreateWindow")
            SDL_QuitSubSystem(SDL_INIT_VIDEO)
            throw error
        }
        if configuration.allowsScreenSaver { SDL_EnableScreenSaver() } else { SDL_DisableScreenSaver() }
        if configuration.grabsKeyboard { SDL_SetWindowKeyboardGrab(handle, SDL_TRUE) }
        self.handle = handle
        self.id = SDL_GetWindowID(handle)
        self.screenIndex = screen
        self.warnings = warnings
    }

    deinit {
        SDL_DestroyWindow(handle)
        SDL_QuitSubSystem(SDL_INIT_VIDEO)
    }

    /// Hints must be set before SDL reads them (at init or when the first event is handled).
    private static func setHints() {
        // Touch arrives only as FINGER events and the mouse only as MOUSE events; without
        // these SDL synthesises each from the other and every tap would count twice.
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_TOUCH_MOUSE_EVENTS, "0")
        // Textures are drawn at their own size; should anything ever scale, keep edges crisp.
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "nearest")
        // On X11 SDL 2.26 otherwise backs the window surface with an OpenGL texture and
        // presents the whole frame on every update; the native XShm framebuffer sends only
        // the dirty rectangles, which is what keeps CPU low.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        // SIGTERM and SIGINT are the runner's to handle (TerminationSignal): SDL would make
        // them close requests, which kiosk mode ignores.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        // A fullscreen kiosk must stay up when a dialog or on-screen keyboard takes focus.
        SDL_SetHint(SDL_HINT_VIDEO_MINIMIZE_ON_FOCUS_LOSS, "0")
        // On Wayland, SDL 2.26 draws its own decorations through libdecor when the compositor
        // offers none. Under the cage kiosk compositor a libdecor window is never configured,
        // so it is never shown (with or without libdecor's cairo plugin); plain xdg-shell
        // windows are. The cost: no title bar for a windowed run on GNOME's native Wayland.
        SDL_SetHint(SDL_HINT_VIDEO_WAYLAND_ALLOW_LIBDECOR, "0")
    }

    /// Whether SDL 2.26 has a framebuffer of the video driver's own to put the window surface
    /// in (X11's XShm, the dummy and offscreen drivers' memory), so that turning
    /// `SDL_HINT_FRAMEBUFFER_ACCELERATION` off keeps dirty-rectangle updates. Wayland and
    /// KMSDRM have none: with the hint off `SDL_GetWindowSurface` fails there; left to SDL,
    /// the surface is a GPU texture.
    static func hasNativeFramebuffer(videoDriver: String) -> Bool {
        ["x11", "dummy", "offscreen"].contains(videoDriver)
    }

    /// Whether SDL backs this window's surface with a GPU texture (under Wayland and KMSDRM),
    /// where every update redraws and sends the whole frame whatever rectangles it is given.
    public var hasTextureFramebuffer: Bool { !Self.hasNativeFramebuffer(videoDriver: videoDriver) }

    /// The window size in window coordinates (the coordinates mouse events use).
    public var size: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(handle, &w, &h)
        return (Int(w), Int(h))
    }

    /// The window size in pixels (equal to `size` on X11; larger on HiDPI Wayland).
    public var pixelSize: (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSizeInPixels(handle, &w, &h)
        return (Int(w), Int(h))
    }

    /// The video driver SDL picked: "x11", "wayland", "dummy", "offscreen"...
    public var videoDriver: String {
        guard let name = SDL_GetCurrentVideoDriver() else { return "none" }
        return String(cString: name)
    }

    /// Shows or hides the mouse cursor while it is over the window (kiosks hide it).
    /// Unmaps the window (another process's window takes the screen), or maps and raises it.
    public func setHidden(_ hidden: Bool) {
        if hidden {
            SDL_HideWindow(handle)
        } else {
            SDL_ShowWindow(handle)
            SDL_RaiseWindow(handle)
            // Without a window manager (a bare X server) nothing else gives the keyboard back to
            // the window the batch's window covered; elsewhere this does nothing.
            _ = SDL_SetWindowInputFocus(handle)
        }
    }

    public func setCursorVisible(_ visible: Bool) {
        SDL_ShowCursor(visible ? SDL_ENABLE : SDL_DISABLE)
    }
}
