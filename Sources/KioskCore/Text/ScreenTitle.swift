/// A title a file gives its block, shown on one line above the block (in bold at 28 points)
/// and on the screen before it: one that does not fit that line on the smallest screen
/// labkiosk runs on would be cut or drawn as a band, so readers refuse it.
public enum ScreenTitle {
    /// The room one title line has on a 1280×800 screen: its width less two 60-pixel margins.
    public static let width = 1160.0
    public static let pointSize = 28.0

    /// Why `title` cannot be a block's title; nil when it can.
    public static func problem(_ title: String) -> String? {
        if title.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\t" }) {
            return "`title` is one line: it is shown on one line above the block"
        }
        let shown = TextMetrics.width(title, pointSize: pointSize, bold: true)
        if shown > width {
            return "`title` is too long to show on one line of a 1280×800 screen (\(title.count) characters, about "
                + "\(Int(shown.rounded())) of \(Int(width)) pixels): shorten it"
        }
        return nil
    }
}
