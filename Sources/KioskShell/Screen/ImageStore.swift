import CSDL2
import KioskData

/// The pictures instruction slides show (`<img src=…>`), decoded on first use and kept as
/// ARGB surfaces.
///
/// The core names images as the file wrote them; the loader resolved each name to a file
/// before the session started (a missing one is a scenario error), so a miss here means
/// the file vanished or is not an image: it is drawn as nothing and reported once.
public final class ImageStore {
    private let paths: [String: String]
    private var surfaces: [String: UnsafeMutablePointer<SDL_Surface>] = [:]
    private var failed: Set<String> = []
    /// Problems met while loading, not yet taken.
    private var problems: [String] = []

    /// A store without images, for sessions whose slides show none.
    public init() {
        self.paths = [:]
    }

    /// - Parameter paths: file path of each image, by the name slides use.
    /// - Throws: a `ShellError` if there are images and no SDL_image to decode them.
    public init(paths: [String: String]) throws {
        if !paths.isEmpty { try ImageCodec.ensureAvailable() }
        self.paths = paths
    }

    deinit {
        for surface in surfaces.values { SDL_FreeSurface(surface) }
    }

    /// Problems met while loading since the last call (for the caller to print).
    public func takeProblems() -> [String] {
        defer { problems = [] }
        return problems
    }

    /// An image's size in pixels, or nil if it cannot be loaded (the problem is kept).
    public func size(of name: String) -> (width: Int, height: Int)? {
        surface(named: name).map { (Int($0.pointee.w), Int($0.pointee.h)) }
    }

    /// The image as a 32-bit ARGB surface owned by the store, or nil if it cannot be loaded.
    func surface(named name: String) -> UnsafeMutablePointer<SDL_Surface>? {
        if let surface = surfaces[name] { return surface }
        guard !failed.contains(name) else { return nil }
        let loaded: UnsafeMutablePointer<SDL_Surface>
        do {
            guard let path = paths[name] else { throw ShellError("not found") }
            loaded = try ImageCodec.load(path)
        } catch {
            failed.insert(name)
            problems.append("image \(name): \(error)")
            return nil
        }
        defer { SDL_FreeSurface(loaded) }
        guard let converted = SDL_ConvertSurfaceFormat(loaded, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            failed.insert(name)
            problems.append("image \(name): cannot convert: \(String(cString: SDL_GetError()))")
            return nil
        }
        surfaces[name] = converted
        return converted
    }
}
