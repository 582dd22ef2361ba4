import KioskCore

/// The pure arithmetic of setting text: tab expansion and placement inside a box.
public enum TextLayout {
    /// pyglet's default tab stop spacing (in its layouts with no `tab_stops` style), in
    /// reference pixels, measured from the start of the line.
    public static let tabStopReferencePixels = 50.0

    /// Tab stops every this many character columns, for wrapped text only.
    public static let tabColumns = 4

    /// Horizontal offsets of the tab-separated segments of one line, and the line's width.
    ///
    /// Each tab moves to the next multiple of `tabStop` strictly right of the current
    /// position, as pyglet does; SDL_ttf itself would draw `\t` as a missing-glyph box.
    ///
    /// - Parameters:
    ///   - segmentWidths: pixel width of each segment between tabs, in order.
    ///   - tabStop: tab stop spacing in pixels.
    public static func tabbedSegmentOffsets(segmentWidths: [Int], tabStop: Int) -> (offsets: [Int], width: Int) {
        var offsets: [Int] = []
        offsets.reserveCapacity(segmentWidths.count)
        var x = 0
        for (index, width) in segmentWidths.enumerated() {
            if index > 0 { x = (x / max(tabStop, 1) + 1) * max(tabStop, 1) }
            offsets.append(x)
            x += width
        }
        return (offsets, x)
    }

    /// Replaces each tab by spaces up to the next tab stop, counting columns per line.
    ///
    /// Used for wrapped text, where SDL_ttf breaks the lines and pixel tab stops cannot be
    /// applied. Columns count characters, which lines up exactly only in a monospaced face;
    /// in DejaVu Sans it gives a consistent indent.
    public static func expandingTabs(_ text: String, tabColumns: Int = tabColumns) -> String {
        guard text.contains("\t") else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        var column = 0
        for character in text {
            switch character {
            case "\t":
                let spaces = tabColumns - column % tabColumns
                result.append(String(repeating: " ", count: spaces))
                column += spaces
            case "\n", "\r\n":
                result.append(character)
                column = 0
            default:
                result.append(character)
                column += 1
            }
        }
        return result
    }

    /// Top-left pixel position of a rendered text block of the given size inside `box`.
    ///
    /// Text larger than the box is still aligned (centred text overflows both sides evenly);
    /// the caller clips it to the box.
    public static func origin(
        textWidth: Int, textHeight: Int, in box: PixelRect,
        alignment: TextStyle.Alignment, verticalAlignment: TextStyle.VerticalAlignment
    ) -> (x: Int, y: Int) {
        let x: Int
        switch alignment {
        case .left: x = box.x
        case .center: x = box.x + (box.width - textWidth) / 2
        case .right: x = box.right - textWidth
        }
        let y: Int
        switch verticalAlignment {
        case .top: y = box.y
        case .center: y = box.y + (box.height - textHeight) / 2
        case .bottom: y = box.bottom - textHeight
        }
        return (x, y)
    }

    /// Font pixel size (em height) for a size in points at 96 dpi, scaled with the window.
    public static func pixelSize(pointSize: Double, scale: Double) -> Int {
        max(1, Int((pointSize * 96 / 72 * scale).rounded()))
    }
}
