import Glibc
import KioskData

/// The TrueType files text is set in: one face per weight and slant.
///
/// Italic faces are optional: when a file is absent the upright face is slanted by SDL_ttf
/// (`TTF_STYLE_ITALIC`), which looks close but not identical to a designed oblique.
public struct FontFiles: Hashable, Sendable {
    public var regular: String
    public var bold: String
    public var italic: String?
    public var boldItalic: String?

    public init(regular: String, bold: String, italic: String? = nil, boldItalic: String? = nil) {
        self.regular = regular
        self.bold = bold
        self.italic = italic
        self.boldItalic = boldItalic
    }

    /// DejaVu Sans from Debian's fonts-dejavu-core, the sans face pyglet finds on Linux.
    public static let dejaVu = FontFiles(
        regular: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        bold: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        italic: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Oblique.ttf",
        boldItalic: "/usr/share/fonts/truetype/dejavu/DejaVuSans-BoldOblique.ttf"
    )

    /// The file to open for a weight and slant, and whether SDL_ttf must slant it itself.
    func face(bold isBold: Bool, italic isItalic: Bool) -> (path: String, synthesizeItalic: Bool) {
        let upright = isBold ? bold : regular
        guard isItalic else { return (upright, false) }
        if let slanted = isBold ? boldItalic : italic, Self.isReadable(slanted) { return (slanted, false) }
        return (upright, true)
    }

    /// Throws `ShellError.fontMissing` naming the first required file that cannot be read.
    public func validate() throws {
        for path in [regular, bold] where !Self.isReadable(path) {
            throw ShellError.fontMissing(path: path)
        }
    }

    static func isReadable(_ path: String) -> Bool { access(path, R_OK) == 0 }
}
