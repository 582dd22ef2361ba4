import CSDL2
import Glibc
import KioskData

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

    /// The longest side of a picture labkiosk shows: the largest texture common GPUs and
    /// SDL's software renderer take.
    static let longestSide = 16_384
    /// The largest picture file it reads; a stimulus photograph is a few megabytes.
    static let largestFile = 256 << 20

    /// Decodes an image file (PNG, JPEG, and the other formats SDL_image reads): a regular
    /// file of at most ``largestFile`` bytes, whose sides are at most ``longestSide``.
    /// - Returns: a new surface the caller frees.
    /// - Throws: what is wrong with the file, said for a person.
    static func load(_ path: String) throws(ShellError) -> UnsafeMutablePointer<SDL_Surface> {
        let decode = try functions.get().load
        if let problem = problem(withFile: path) { throw ShellError("\(path): \(problem)") }
        guard let surface = decode(path) else {
            throw ShellError("\(path) is not an image labkiosk can read (PNG, JPEG, BMP, GIF…): \(String(cString: SDL_GetError()))")
        }
        guard max(surface.pointee.w, surface.pointee.h) <= longestSide else {
            defer { SDL_FreeSurface(surface) }
            throw ShellError("\(path): \(surface.pointee.w)x\(surface.pointee.h) pixels, larger than labkiosk shows (at most \(longestSide) on a side)")
        }
        return surface
    }

    /// Why a file cannot be given to the decoder: not a regular file (a pipe would keep it
    /// waiting), too large, or a PNG whose header claims sides no window shows (decoding it
    /// would claim their memory first).
    private static func problem(withFile path: String) -> String? {
        let descriptor: Int32
        switch FileDescriptorIO.openRegularFile(path) {
        case .success(let opened): descriptor = opened
        case .failure(let refusal): return access(path, F_OK) == 0 ? refusal.reason : "image not found"
        }
        defer { _ = close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size <= largestFile else {
            return "larger than \(largestFile >> 20) MB, more than labkiosk reads for a picture"
        }
        // A PNG's width and height are the first fields of its IHDR chunk, bytes 16 to 23.
        var header = [UInt8](repeating: 0, count: 24)
        guard read(descriptor, &header, 24) == 24, header.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        let width = header[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = header[20..<24].reduce(0) { $0 << 8 | Int($1) }
        guard max(width, height) <= longestSide else {
            return "\(width)x\(height) pixels, larger than labkiosk shows (at most \(longestSide) on a side)"
        }
        return nil
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
        let surface: UnsafeMutablePointer<SDL_Surface>
        do { surface = try load(path) } catch { return .failure(error) }
        defer { SDL_FreeSurface(surface) }
        return .success((Int(surface.pointee.w), Int(surface.pointee.h)))
    }
}
