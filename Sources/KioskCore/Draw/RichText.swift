/// Styled text with inline images, as instruction slides show it: paragraphs (blocks) of
/// runs in several fonts. The core describes it; the shell measures, wraps and draws it,
/// because only the shell knows the glyphs and the images' pixel sizes.
public struct RichText: Hashable, Sendable {
    /// A font choice for a run, in points at 96 dpi.
    public struct Font: Hashable, Sendable {
        public var pointSize: Double
        public var bold: Bool
        public var italic: Bool

        public init(pointSize: Double, bold: Bool = false, italic: Bool = false) {
            self.pointSize = pointSize
            self.bold = bold
            self.italic = italic
        }
    }

    /// One piece of a block's flow.
    public enum Item: Hashable, Sendable {
        /// Text whose spaces are the places a line may break.
        case text(String, Font)
        /// An image from the includes' `img/` folder, by the name the file used (`src`).
        case image(String)
        /// A forced line break (`<br>`).
        case lineBreak
    }

    /// A paragraph: items flowed into lines, each line aligned in the box.
    public struct Block: Hashable, Sendable {
        public var alignment: TextStyle.Alignment
        public var items: [Item]
        /// Room left above the block, in reference pixels (paragraph spacing).
        public var spaceBefore: Double

        public init(alignment: TextStyle.Alignment, items: [Item], spaceBefore: Double = 0) {
            self.alignment = alignment
            self.items = items
            self.spaceBefore = spaceBefore
        }
    }

    public var blocks: [Block]
    public var color: Color

    public init(blocks: [Block], color: Color = .black) {
        self.blocks = blocks
        self.color = color
    }

    /// Whether there is nothing to draw.
    public var isEmpty: Bool { blocks.allSatisfy { $0.items.isEmpty } }

    /// Whether there is nothing to read or look at: no letter, no picture (line breaks and
    /// spaces alone).
    public var showsNothing: Bool {
        blocks.flatMap(\.items).allSatisfy { item in
            switch item {
            case .text(let text, _): text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
            case .image: false
            case .lineBreak: true
            }
        }
    }

    /// The images the text shows, in order of appearance.
    public var imageNames: [String] {
        blocks.flatMap(\.items).compactMap { item in
            if case .image(let name) = item { return name }
            return nil
        }
    }

    /// The text without styles: blocks on their own lines, `<br>` as a line break.
    public var plainText: String {
        blocks.map { block in
            block.items.map { item in
                switch item {
                case .text(let text, _): text
                case .image(let name): "[\(name)]"
                case .lineBreak: "\n"
                }
            }.joined()
        }.joined(separator: "\n")
    }
}
