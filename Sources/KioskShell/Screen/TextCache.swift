import CSDL2
import KioskCore
import KioskData

/// Renders strings with SDL_ttf and keeps the results as textures of one renderer.
///
/// Fonts are opened once per (pixel size, weight, slant). Rendered strings are cached by
/// everything that changes their pixels, and least recently used textures are dropped once
/// the cache exceeds its byte budget, so memory stays flat however many different strings
/// a session shows (clock digits, scores, radio frequencies). The budget is an eighth of the
/// surface's bytes: at 1920×1080 the five panels show about 0.8 MB of text at once, so
/// a session of all five tasks renders each string about once (measured with
/// `--frame-stats`), and a larger screen, with larger glyphs, gets a proportionally larger cache.
public final class TextCache {
    /// A rendered string: its texture and size in pixels.
    struct Entry {
        let texture: OpaquePointer
        let width: Int
        let height: Int
        var lastUsed: UInt64
        var bytes: Int { width * height * 4 }
    }

    private struct Key: Hashable {
        let text: String
        let pixelSize: Int
        let bold: Bool
        let italic: Bool
        let color: Color
        /// Wrap width in pixels; 0 for unwrapped text.
        let wrapWidth: Int
        let alignment: TextStyle.Alignment
        /// Tab stop spacing in pixels (scales with the window).
        let tabStop: Int
    }

    private struct FontKey: Hashable {
        let pixelSize: Int
        let bold: Bool
        let italic: Bool
    }

    /// Largest total texture size kept, in bytes.
    public private(set) var budgetBytes: Int
    /// Largest number of strings kept, whatever their size.
    public let maximumEntries: Int
    /// Bytes of texture memory currently cached.
    public private(set) var bytesInUse = 0
    /// Strings currently cached.
    public var entryCount: Int { entries.count }
    /// Strings rendered since the cache opened: first uses and re-renders after eviction.
    public private(set) var renderCount = 0

    private let fontFiles: FontFiles
    private var renderer: OpaquePointer
    private var fonts: [FontKey: OpaquePointer] = [:]
    private var entries: [Key: Entry] = [:]
    private var useCounter: UInt64 = 0

    /// Opens nothing yet; checks the font files exist and initialises SDL_ttf.
    ///
    /// - Parameters:
    ///   - renderer: the SDL renderer that will own the textures.
    ///   - surfacePixels: pixels of the surface drawn on, which set the byte budget.
    init(renderer: OpaquePointer, fonts: FontFiles, surfacePixels: Int, maximumEntries: Int = 1024) throws {
        try fonts.validate()
        guard TTF_Init() == 0 else { throw ShellError.sdl("TTF_Init") }
        self.renderer = renderer
        self.fontFiles = fonts
        self.budgetBytes = Self.budget(surfacePixels: surfacePixels)
        self.maximumEntries = maximumEntries
    }

    deinit {
        removeAllTextures()
        for font in fonts.values { TTF_CloseFont(font) }
        TTF_Quit()
    }

    /// Drops every texture (they belong to the old renderer) and renders with `renderer`, on a
    /// surface of `surfacePixels`, from now on.
    func rebind(to renderer: OpaquePointer, surfacePixels: Int) {
        removeAllTextures()
        self.renderer = renderer
        budgetBytes = Self.budget(surfacePixels: surfacePixels)
    }

    /// An eighth of a 32-bit surface, and at least 256 KiB for tiny windows.
    static func budget(surfacePixels: Int) -> Int {
        max(256 << 10, surfacePixels * 4 / 8)
    }

    /// Drops every cached texture; fonts stay open.
    func removeAllTextures() {
        for entry in entries.values { SDL_DestroyTexture(entry.texture) }
        entries.removeAll()
        bytesInUse = 0
    }

    /// The texture for `text` in `style` at `pixelSize`, rendering it on a miss.
    ///
    /// - Parameters:
    ///   - pixelSize: font em height in pixels.
    ///   - wrapWidth: wrap lines at this many pixels; 0 breaks lines only at `\n`.
    ///   - tabStop: tab stop spacing in pixels, for unwrapped text with tabs.
    /// - Returns: nil for text that renders no pixels (an empty string).
    func entry(for text: String, style: TextStyle, pixelSize: Int, wrapWidth: Int, tabStop: Int) throws -> Entry? {
        guard !text.isEmpty else { return nil }
        let key = Key(
            text: text, pixelSize: pixelSize, bold: style.bold, italic: style.italic,
            color: style.color, wrapWidth: wrapWidth, alignment: style.alignment, tabStop: tabStop)
        useCounter &+= 1
        if var hit = entries[key] {
            hit.lastUsed = useCounter
            entries[key] = hit
            return hit
        }
        let entry = try render(key)
        renderCount += 1
        entries[key] = entry
        bytesInUse += entry.bytes
        if bytesInUse > budgetBytes || entries.count > maximumEntries { evict(keeping: key) }
        return entry
    }

    private func render(_ key: Key) throws -> Entry {
        let font = try font(FontKey(pixelSize: key.pixelSize, bold: key.bold, italic: key.italic))
        let color = SDL_Color(
            r: UInt8(clamping: key.color.red), g: UInt8(clamping: key.color.green),
            b: UInt8(clamping: key.color.blue), a: UInt8(clamping: key.color.alpha))
        // Scalars, not Characters: Swift reads CRLF as one Character, which would hide its LF.
        let hasLineFeed = key.text.unicodeScalars.contains("\n")
        let surface: UnsafeMutablePointer<SDL_Surface>?
        if key.wrapWidth == 0 && key.text.contains("\t") {
            surface = try renderTabbed(key, font: font, color: color)
        } else if key.wrapWidth > 0 || hasLineFeed {
            let text = TextLayout.expandingTabs(key.text)
            // Each line of a block is aligned inside the block as the box aligns the block.
            let align: Int32
            switch key.alignment {
            case .left: align = Int32(TTF_WRAPPED_ALIGN_LEFT)
            case .center: align = Int32(TTF_WRAPPED_ALIGN_CENTER)
            case .right: align = Int32(TTF_WRAPPED_ALIGN_RIGHT)
            }
            TTF_SetFontWrappedAlign(font, align)
            surface = TTF_RenderUTF8_Blended_Wrapped(font, text, color, UInt32(max(key.wrapWidth, 0)))
        } else {
            surface = TTF_RenderUTF8_Blended(font, key.text, color)
        }
        guard let surface else { throw ShellError.sdl("TTF_RenderUTF8_Blended(\"\(key.text)\")") }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else {
            throw ShellError.sdl("SDL_CreateTextureFromSurface")
        }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        return Entry(texture: texture, width: Int(surface.pointee.w), height: Int(surface.pointee.h), lastUsed: useCounter)
    }

    /// Unwrapped text with tabs: each tab-separated segment is rendered on its own and
    /// copied into one transparent surface at pyglet-style pixel tab stops; lines (split at
    /// `\n`) are aligned inside the block as `TTF_SetFontWrappedAlign` would.
    private func renderTabbed(_ key: Key, font: OpaquePointer, color: SDL_Color) throws -> UnsafeMutablePointer<SDL_Surface> {
        let lines = key.text.split(separator: "\n", omittingEmptySubsequences: false)
        var layouts: [(segments: [Substring], offsets: [Int], width: Int)] = []
        for line in lines {
            let segments = line.split(separator: "\t", omittingEmptySubsequences: false)
            var widths: [Int] = []
            for segment in segments {
                var w: Int32 = 0, h: Int32 = 0
                if !segment.isEmpty && TTF_SizeUTF8(font, String(segment), &w, &h) != 0 {
                    throw ShellError.sdl("TTF_SizeUTF8(\"\(segment)\")")
                }
                widths.append(Int(w))
            }
            let placed = TextLayout.tabbedSegmentOffsets(segmentWidths: widths, tabStop: key.tabStop)
            layouts.append((segments, placed.offsets, placed.width))
        }
        let lineSkip = Int(TTF_FontLineSkip(font))
        let width = max(1, layouts.map(\.width).max() ?? 1)
        let height = max(1, lineSkip * (lines.count - 1) + Int(TTF_FontHeight(font)))
        guard let block = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { throw ShellError.sdl("SDL_CreateRGBSurfaceWithFormat") }
        for (row, layout) in layouts.enumerated() {
            let lineX: Int
            switch key.alignment {
            case .left: lineX = 0
            case .center: lineX = (width - layout.width) / 2
            case .right: lineX = width - layout.width
            }
            for (segment, offset) in zip(layout.segments, layout.offsets) where !segment.isEmpty {
                guard let piece = TTF_RenderUTF8_Blended(font, String(segment), color) else {
                    SDL_FreeSurface(block)
                    throw ShellError.sdl("TTF_RenderUTF8_Blended(\"\(segment)\")")
                }
                // Copy, alpha included: blending onto the transparent block would darken the edges.
                SDL_SetSurfaceBlendMode(piece, SDL_BLENDMODE_NONE)
                var destination = SDL_Rect(x: Int32(lineX + offset), y: Int32(row * lineSkip), w: piece.pointee.w, h: piece.pointee.h)
                SDL_UpperBlit(piece, nil, block, &destination)
                SDL_FreeSurface(piece)
            }
        }
        return block
    }

    /// The SDL_ttf font for a size and style, opened on first use and kept.
    func font(pixelSize: Int, bold: Bool, italic: Bool) throws -> OpaquePointer {
        try font(FontKey(pixelSize: pixelSize, bold: bold, italic: italic))
    }

    private func font(_ key: FontKey) throws -> OpaquePointer {
        if let font = fonts[key] { return font }
        let face = fontFiles.face(bold: key.bold, italic: key.italic)
        guard FontFiles.isReadable(face.path) else { throw ShellError.fontMissing(path: face.path) }
        guard let font = TTF_OpenFont(face.path, Int32(key.pixelSize)) else {
            throw ShellError.sdl("TTF_OpenFont(\(face.path), \(key.pixelSize) px)")
        }
        if face.synthesizeItalic { TTF_SetFontStyle(font, TTF_STYLE_ITALIC) }
        fonts[key] = font
        return font
    }

    /// Drops least recently used textures down to three quarters of the limits, so eviction
    /// (which sorts) runs rarely rather than on every miss at the limit.
    private func evict(keeping keep: Key) {
        let byteTarget = budgetBytes * 3 / 4
        let countTarget = maximumEntries * 3 / 4
        let oldestFirst = entries.sorted { $0.value.lastUsed < $1.value.lastUsed }
        for (key, entry) in oldestFirst {
            if bytesInUse <= byteTarget && entries.count <= countTarget { break }
            if key == keep { continue }
            SDL_DestroyTexture(entry.texture)
            entries[key] = nil
            bytesInUse -= entry.bytes
        }
    }
}
