/// A title a file gives its block, shown on one line above the block and on the screen before
/// it: longer, or broken over lines, it would be cut or drawn as a band, so readers refuse it.
public enum ScreenTitle {
    public static let longest = 80

    /// Why `title` cannot be a block's title; nil when it can.
    public static func problem(_ title: String) -> String? {
        if title.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\t" }) {
            return "`title` is one line: it is shown on one line above the block"
        }
        if title.count > longest {
            return "`title` has \(title.count) characters; at most \(longest), so that it fits on one line of the screen"
        }
        return nil
    }
}
