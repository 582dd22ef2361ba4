import CSDL2
import KioskCore
import KioskData

/// A copy of rendered pixels, for assertions in tests and for writing PNGs.
public struct PixelImage: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// Rows top to bottom, each pixel `0xAARRGGBB` with alpha 255.
    public let argb: [UInt32]

    public init(width: Int, height: Int, argb: [UInt32]) throws {
        guard width > 0, height > 0, argb.count == width * height else {
            throw ShellError.invalidArgument("pixel buffer of \(argb.count) for \(width)×\(height)")
        }
        self.width = width
        self.height = height
        self.argb = argb
    }

    /// Copies an SDL surface of any pixel format.
    init(surface: UnsafeMutablePointer<SDL_Surface>) throws {
        guard let converted = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw ShellError.sdl("SDL_ConvertSurfaceFormat")
        }
        defer { SDL_FreeSurface(converted) }
        let w = Int(converted.pointee.w), h = Int(converted.pointee.h), pitch = Int(converted.pointee.pitch)
        guard let base = converted.pointee.pixels else { throw ShellError.sdl("surface without pixels") }
        var pixels = [UInt32](repeating: 0, count: w * h)
        for row in 0..<h {
            let source = (base + row * pitch).assumingMemoryBound(to: UInt32.self)
            for column in 0..<w { pixels[row * w + column] = source[column] | 0xFF00_0000 }
        }
        try self.init(width: w, height: h, argb: pixels)
    }

    /// The colour at a pixel (x from the left, y from the top), alpha 255.
    public func color(x: Int, y: Int) -> Color {
        let v = argb[y * width + x]
        return Color(Int((v >> 16) & 0xFF), Int((v >> 8) & 0xFF), Int(v & 0xFF))
    }

    /// Pixels inside `rect` (clipped to the image) that differ from `color`.
    public func countPixels(in rect: PixelRect, differingFrom color: Color) -> Int {
        let r = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !r.isEmpty else { return 0 }
        let target = 0xFF00_0000 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
        var count = 0
        for y in r.y..<r.bottom {
            for x in r.x..<r.right where argb[y * width + x] != target { count += 1 }
        }
        return count
    }

    /// Writes the image as an RGB PNG.
    public func savePNG(to path: String) throws {
        var copy = argb
        try copy.withUnsafeMutableBytes { buffer in
            guard
                let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                    buffer.baseAddress, Int32(width), Int32(height), 32, Int32(width * 4), SDL_PIXELFORMAT_RGB888.rawValue)
            else { throw ShellError.sdl("SDL_CreateRGBSurfaceWithFormatFrom") }
            defer { SDL_FreeSurface(surface) }
            try Screenshot.savePNG(surface: surface, to: path)
        }
    }
}
