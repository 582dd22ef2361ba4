import CSDL2
import KioskData

extension ShellError {
    /// Captures `SDL_GetError()` for a failed call (SDL_ttf and SDL_image share SDL's error slot).
    static func sdl(_ call: String) -> ShellError {
        .sdl(call: call, message: String(cString: SDL_GetError()))
    }
}
