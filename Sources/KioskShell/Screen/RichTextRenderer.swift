import CSDL2
import KioskCore
import KioskData

/// Lays out and renders ``RichText`` (instruction slides) into textures: words in several
/// fonts and inline images, wrapped at the box width, each line aligned as its block says.
///
/// A whole text becomes one texture, cached by text, width and scale, because a slide stays
/// on screen for many frames and changes all at once.
final class RichTextRenderer {
    /// A rendered text: its texture and size in pixels.
    struct Entry {
        let texture: OpaquePointer
        let width: Int
        let height: Int
    }

    private struct Key: Hashable {
        let text: RichText
        let width: Int
        let scale: Double
    }

    /// One unbreakable piece of a line.
    private enum Piece {
        case word(String, font: OpaquePointer, width: Int)
        case space(width: Int)
        case image(UnsafeMutablePointer<SDL_Surface>, width: Int, height: Int)

        var width: Int {
            switch self {
            case .word(_, _, let w), .space(let w), .image(_, let w, _): w
            }
        }
    }

    private struct Line {
        var pieces: [Piece] = []
        var width = 0
        var ascent = 0
        var descent = 0
        var alignment: TextStyle.Alignment = .center
        var spaceBefore = 0
    }

    /// Texts kept; a slide has a handful (title, body, prompt).
    static let maximumEntries = 16

    private var renderer: OpaquePointer
    private let textCache: TextCache
    private let images: ImageStore
    private var entries: [Key: Entry] = [:]
    private var order: [Key] = []

    init(renderer: OpaquePointer, textCache: TextCache, images: ImageStore) {
        self.renderer = renderer
        self.textCache = textCache
        self.images = images
    }

    deinit { removeAllTextures() }

    func rebind(to renderer: OpaquePointer) {
        removeAllTextures()
        self.renderer = renderer
    }

    func removeAllTextures() {
        for entry in entries.values { SDL_DestroyTexture(entry.texture) }
        entries.removeAll()
        order.removeAll()
    }

    /// The texture of `text` wrapped at `width` pixels, with reference sizes times `scale`.
    func entry(for text: RichText, width: Int, scale: Double) throws -> Entry? {
        let key = Key(text: text, width: width, scale: scale)
        if let hit = entries[key] { return hit }
        guard let entry = try render(text, width: width, scale: scale) else { return nil }
        entries[key] = entry
        order.append(key)
        if order.count > Self.maximumEntries {
            let oldest = order.removeFirst()
            if let dropped = entries.removeValue(forKey: oldest) { SDL_DestroyTexture(dropped.texture) }
        }
        return entry
    }

    // MARK: Layout

    private func lines(of text: RichText, width: Int, scale: Double) throws -> [Line] {
        var lines: [Line] = []
        for block in text.blocks {
            var line = Line(alignment: block.alignment, spaceBefore: Int((block.spaceBefore * scale).rounded()))
            func finish() {
                while case .space? = line.pieces.last {
                    line.width -= line.pieces.removeLast().width
                }
                lines.append(line)
                line = Line(alignment: block.alignment)
            }
            func place(_ piece: Piece, ascent: Int, descent: Int) {
                if case .space = piece, line.pieces.isEmpty { return }  // no space at a line start
                if line.width + piece.width > width, !line.pieces.isEmpty, case .space = piece { return }
                if line.width + piece.width > width && !line.pieces.isEmpty {
                    finish()
                }
                line.pieces.append(piece)
                line.width += piece.width
                line.ascent = max(line.ascent, ascent)
                line.descent = max(line.descent, descent)
            }
            for item in block.items {
                switch item {
                case .text(let string, let style):
                    let font = try textCache.font(
                        pixelSize: TextLayout.pixelSize(pointSize: style.pointSize, scale: scale), bold: style.bold, italic: style.italic)
                    let ascent = Int(TTF_FontAscent(font)), descent = -Int(TTF_FontDescent(font))
                    var word = ""
                    func flushWord() throws {
                        guard !word.isEmpty else { return }
                        place(.word(word, font: font, width: try measure(word, font)), ascent: ascent, descent: descent)
                        word = ""
                    }
                    for character in string {
                        if character == " " {
                            try flushWord()
                            place(.space(width: try measure(" ", font)), ascent: ascent, descent: descent)
                        } else {
                            word.append(character)
                        }
                    }
                    try flushWord()
                case .image(let name):
                    guard let surface = images.surface(named: name) else { continue }
                    let w = max(1, Int((Double(surface.pointee.w) * scale).rounded()))
                    let h = max(1, Int((Double(surface.pointee.h) * scale).rounded()))
                    place(.image(surface, width: w, height: h), ascent: h, descent: 0)
                case .lineBreak:
                    if line.pieces.isEmpty && line.ascent == 0 {
                        // An empty line still takes the height of the text around it.
                        let font = try textCache.font(pixelSize: TextLayout.pixelSize(pointSize: HTMLSubset.paragraphPointSize, scale: scale),
                                                      bold: false, italic: false)
                        line.ascent = Int(TTF_FontAscent(font))
                        line.descent = -Int(TTF_FontDescent(font))
                    }
                    finish()
                }
            }
            if !line.pieces.isEmpty { finish() }
        }
        return lines
    }

    private func measure(_ text: String, _ font: OpaquePointer) throws -> Int {
        var w: Int32 = 0, h: Int32 = 0
        guard TTF_SizeUTF8(font, text, &w, &h) == 0 else { throw ShellError.sdl("TTF_SizeUTF8") }
        return Int(w)
    }

    // MARK: Rendering

    private func render(_ text: RichText, width: Int, scale: Double) throws -> Entry? {
        let lines = try lines(of: text, width: max(width, 1), scale: scale)
        let height = lines.reduce(0) { $0 + $1.spaceBefore + $1.ascent + $1.descent }
        guard height > 0, width > 0 else { return nil }
        guard let block = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw ShellError.sdl("SDL_CreateRGBSurfaceWithFormat")
        }
        defer { SDL_FreeSurface(block) }
        let color = SDL_Color(r: UInt8(clamping: text.color.red), g: UInt8(clamping: text.color.green),
                              b: UInt8(clamping: text.color.blue), a: UInt8(clamping: text.color.alpha))
        var y = 0
        for line in lines {
            y += line.spaceBefore
            let baseline = y + line.ascent
            var x: Int
            switch line.alignment {
            case .left: x = 0
            case .center: x = (width - line.width) / 2
            case .right: x = width - line.width
            }
            for piece in line.pieces {
                switch piece {
                case .word(let word, let font, let w):
                    guard let glyphs = TTF_RenderUTF8_Blended(font, word, color) else { throw ShellError.sdl("TTF_RenderUTF8_Blended") }
                    // Copy, alpha included: words do not overlap, and blending onto the
                    // transparent block would darken their edges.
                    SDL_SetSurfaceBlendMode(glyphs, SDL_BLENDMODE_NONE)
                    var destination = SDL_Rect(x: Int32(x), y: Int32(baseline - Int(TTF_FontAscent(font))), w: glyphs.pointee.w, h: glyphs.pointee.h)
                    SDL_UpperBlit(glyphs, nil, block, &destination)
                    SDL_FreeSurface(glyphs)
                    x += w
                case .space(let w):
                    x += w
                case .image(let surface, let w, let h):
                    SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE)
                    var destination = SDL_Rect(x: Int32(x), y: Int32(baseline - h), w: Int32(w), h: Int32(h))
                    SDL_UpperBlitScaled(surface, nil, block, &destination)
                    x += w
                }
            }
            y = baseline + line.descent
        }
        guard let texture = SDL_CreateTextureFromSurface(renderer, block) else { throw ShellError.sdl("SDL_CreateTextureFromSurface") }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        return Entry(texture: texture, width: width, height: height)
    }
}
