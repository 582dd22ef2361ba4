/// A roster text's lines as byte ranges, as people's tools leave them: a byte-order mark
/// dropped, CR LF read as a line break, and whether the last line ended with its break. Lines
/// and fields stay ranges of the text's own bytes until a value is needed, so that a lab's
/// roster of 200,000 lines reads in one linear pass without a copy of the text or a string for
/// every line (scripts/bench).
struct RosterLines {
    /// The text's bytes, valid while the reader's `withUTF8` lasts: the text is not copied.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Each line's bytes, without its line break.
    private(set) var ranges: [Range<Int>] = []
    private(set) var endsWithLineBreak = true

    /// Reads `text`'s lines and hands them to `body`, in which alone they may be used.
    static func reading<Result>(_ text: String, _ body: (RosterLines) -> Result) -> Result {
        var text = text
        return text.withUTF8 { body(RosterLines($0)) }
    }

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                ranges.append(start..<Self.withoutCR(bytes, start, index))
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count {
            ranges.append(start..<Self.withoutCR(bytes, start, bytes.count))
            endsWithLineBreak = false
        }
    }

    private static func withoutCR(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        end > start && bytes[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
    }

    var count: Int { ranges.count }

    func string(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }

    /// Whether line `index` begins with `prefix` (ASCII).
    func line(_ index: Int, startsWith prefix: String) -> Bool {
        let range = ranges[index]
        let wanted = Array(prefix.utf8)
        return range.count >= wanted.count && bytes[range.lowerBound..<(range.lowerBound + wanted.count)].elementsEqual(wanted)
    }

    func isEmpty(_ index: Int) -> Bool { ranges[index].isEmpty }

    /// The line's fields, split at tabs, into `fields` (emptied first, so that one array
    /// serves every line).
    func fields(_ index: Int, into fields: inout [Range<Int>]) {
        fields.removeAll(keepingCapacity: true)
        let range = ranges[index]
        var start = range.lowerBound
        for position in range where bytes[position] == UInt8(ascii: "\t") {
            fields.append(start..<position)
            start = position + 1
        }
        fields.append(start..<range.upperBound)
    }

    /// Whether the range holds U+FFFD, what bytes that were not UTF-8 became.
    func hasReplacementCharacter(_ range: Range<Int>) -> Bool {
        guard range.count >= 3 else { return false }
        for position in range.lowerBound...(range.upperBound - 3) where bytes[position] == 0xEF && bytes[position + 1] == 0xBF && bytes[position + 2] == 0xBD {
            return true
        }
        return false
    }

    func equals(_ range: Range<Int>, _ text: String) -> Bool { bytes[range].elementsEqual(text.utf8) }

    /// Whether the range is a time as the roster writes it, `yyyy-MM-dd HH:mm:ss`, of a real day.
    func isTime(_ range: Range<Int>) -> Bool { RosterLog.isTime(UnsafeBufferPointer(rebasing: bytes[range])) }
}
