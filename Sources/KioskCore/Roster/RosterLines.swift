/// A roster text's lines, as people's tools leave them: a byte-order mark dropped, CR LF read
/// as a line break, and whether the last line ended with its break.
struct RosterLines {
    var lines: [String]
    var endsWithLineBreak: Bool

    init(_ text: String) {
        var scalars = Substring(text).unicodeScalars
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var lines = scalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(String.UnicodeScalarView(line.last == "\r" ? line.dropLast() : line))
        }
        endsWithLineBreak = lines.last == ""
        if endsWithLineBreak { lines.removeLast() }
        self.lines = lines
    }
}
