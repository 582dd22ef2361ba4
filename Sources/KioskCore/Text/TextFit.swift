/// How a text is drawn whole in a box: at its size on one line when it fits, else wrapped,
/// else smaller, down to ``smallest`` points. Screens staff and participants read use it, so
/// that no word is cut off at an edge; readers bound their strings so that the smallest size
/// always suffices (a test renders every screen with the longest strings they accept).
public enum TextFit {
    public static let smallest = 9.0

    /// The point size, and whether to wrap, that shows `text` whole in `box`, starting from
    /// `pointSize`; the smallest size, wrapped, when none does.
    public static func style(for text: String, in box: Rect, pointSize: Double, bold: Bool) -> (pointSize: Double, wraps: Bool) {
        var size = pointSize
        while size > smallest {
            if let wrapped = fits(text, in: box, pointSize: size, bold: bold) { return (size, wrapped) }
            size -= 1
        }
        return (smallest, true)
    }

    /// Whether `text` shows whole in `box` at `pointSize`: on one line (false), wrapped (true),
    /// or not at all (nil).
    public static func fits(_ text: String, in box: Rect, pointSize: Double, bold: Bool) -> Bool? {
        let lineHeight = TextMetrics.height(lines: 1, pointSize: pointSize)
        if !text.contains("\n"), lineHeight <= box.height, TextMetrics.width(text, pointSize: pointSize, bold: bold) <= box.width { return false }
        guard TextMetrics.wrappedHeight(text, pointSize: pointSize, bold: bold, width: box.width) <= box.height else { return nil }
        // A word wider than the box gets a line of its own and would still be cut.
        let widest = TextMetrics.wrappedLines(text, pointSize: pointSize, bold: bold, width: box.width).map {
            TextMetrics.width($0, pointSize: pointSize, bold: bold)
        }.max() ?? 0
        return widest <= box.width ? true : nil
    }
}
