import CSDL2
import KioskCore
import KioskData

/// Writes what is on screen to PNG files.
public enum Screenshot {
    /// Writes the window's surface, exactly the pixels last sent to the screen, as a PNG.
    ///
    /// Call it after `FrameRenderer.render`; right after a resize, before the next render,
    /// SDL hands out a fresh (blank) surface.
    public static func savePNG(of window: Window, to path: String) throws {
        guard let surface = SDL_GetWindowSurface(window.handle) else { throw ShellError.sdl("SDL_GetWindowSurface") }
        try savePNG(surface: surface, to: path)
    }

    /// Copies the window's surface into memory.
    public static func capture(_ window: Window) throws -> PixelImage {
        guard let surface = SDL_GetWindowSurface(window.handle) else { throw ShellError.sdl("SDL_GetWindowSurface") }
        return try PixelImage(surface: surface)
    }

    /// Writes a surface as an opaque RGB PNG.
    ///
    /// Window surfaces are XRGB: their padding byte is not alpha, so saving them as RGBA
    /// could give a transparent image.
    static func savePNG(surface: UnsafeMutablePointer<SDL_Surface>, to path: String) throws {
        guard let rgb = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_RGB24.rawValue, 0) else {
            throw ShellError.sdl("SDL_ConvertSurfaceFormat(RGB24)")
        }
        defer { SDL_FreeSurface(rgb) }
        try ImageCodec.savePNG(rgb, to: path)
    }
}
