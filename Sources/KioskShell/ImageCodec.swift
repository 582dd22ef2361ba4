import CSDL2
import Glibc

/// SDL_image, loaded with `dlopen` the first time a picture is needed: decoding a slide's
/// image or writing a screenshot.
///
/// Linked, it would map itself and the codec libraries Debian builds it with (libtiff,
/// libwebp, libjpeg, libLerc, libjbig, libdeflate) into every session: about 1 MB of
/// resident memory (scripts/bench) that most scenarios, which show no picture, never use.
enum ImageCodec {
    /// The Debian 12 file name of SDL_image 2 (package libsdl2-image-2.0-0).
    static let libraryName = "libSDL2_image-2.0.so.0"

    private typealias Load = @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<SDL_Surface>?
    private typealias SavePNG = @convention(c) (UnsafeMutablePointer<SDL_Surface>?, UnsafePointer<CChar>?) -> Int32

    private struct Functions: Sendable {
        let load: Load
        let savePNG: SavePNG
    }

    /// Loaded once, on first use; the handle stays open for the life of the process.
    private static let functions: Result<Functions, ShellError> = {
        guard let handle = dlopen(libraryName, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(.unusable("pictures need SDL_image (Debian package libsdl2-image-2.0-0): \(String(cString: dlerror()))"))
        }
        guard let load = dlsym(handle, "IMG_Load"), let save = dlsym(handle, "IMG_SavePNG") else {
            return .failure(.unusable("\(libraryName) has no IMG_Load or IMG_SavePNG"))
        }
        return .success(Functions(load: unsafeBitCast(load, to: Load.self), savePNG: unsafeBitCast(save, to: SavePNG.self)))
    }()

    /// Loads SDL_image now, so a scenario with pictures fails before it starts rather than
    /// when the first picture is due.
    static func ensureAvailable() throws {
        _ = try functions.get()
    }

    /// Decodes an image file (PNG, JPEG, and the other formats SDL_image reads).
    /// - Returns: a new surface the caller frees, or nil with SDL's error set.
    static func load(_ path: String) throws -> UnsafeMutablePointer<SDL_Surface>? {
        try functions.get().load(path)
    }

    /// Writes a surface as a PNG file.
    static func savePNG(_ surface: UnsafeMutablePointer<SDL_Surface>, to path: String) throws {
        guard try functions.get().savePNG(surface, path) == 0 else {
            throw ShellError.imageWrite(path: path, message: String(cString: SDL_GetError()))
        }
    }

    /// The pixel size of an image file, decoded and let go at once (the window decodes each
    /// when it shows), or what is wrong with the file, said for a person.
    static func size(ofFile path: String) -> Result<(width: Int, height: Int), ShellError> {
        guard access(path, F_OK) == 0 else { return .failure(ShellError("image not found: \(path)")) }
        guard let surface = try? load(path) else {
            return .failure(ShellError("\(path) is not an image labkiosk can read (PNG, JPEG, BMP, GIF…): \(String(cString: SDL_GetError()))"))
        }
        defer { SDL_FreeSurface(surface) }
        return .success((Int(surface.pointee.w), Int(surface.pointee.h)))
    }
}
