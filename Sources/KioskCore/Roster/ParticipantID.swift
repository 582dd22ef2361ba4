/// What a participant ID may be on the roster and the desk: a short name that is safe as a
/// file name and cannot be mistaken for a path, an option or a shell command, since it names
/// the participant's folder and is typed or scanned by people in a hurry.
public enum ParticipantID {
    /// The longest ID: a barcode's payload or a typed code, never a sentence.
    public static let longest = 40

    /// Why `id` cannot be used, or nil when it can. `what` names it in the message.
    public static func problem(_ id: String, what: String = "a participant ID") -> String? {
        if id.isEmpty { return "\(what) cannot be empty" }
        if let scalar = id.unicodeScalars.first(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) {
            return "\(what) cannot hold control characters (U+\(String(scalar.value, radix: 16, uppercase: true))); a scanner may have sent a line end or a tab"
        }
        if id.count > longest { return "\(what) has \(id.count) characters; at most \(longest)" }
        if id.unicodeScalars.contains(where: { $0.properties.isWhitespace }) { return "\(what) cannot hold spaces" }
        if id.hasPrefix("-") { return "\(what) cannot start with '-', which reads as an option" }
        if id.hasPrefix(".") { return "\(what) cannot start with '.', which hides a file or names a folder above" }
        if let character = id.first(where: { "/\\~$`;|&<>*?\"'(){}[]!#%=:,".contains($0) }) {
            return "\(what) cannot hold '\(character)', which reads as part of a path or a command; use letters, digits, '-' and '_'"
        }
        return nil
    }

    /// The IDs in `known` that differ from `typed` by one character (one changed, added,
    /// dropped, or two neighbours swapped) or only in letter case: what "did you mean P017?" offers.
    public static func nearMisses(of typed: String, in known: [String]) -> [String] {
        let typedCharacters = Array(typed.uppercased())
        return known.filter { candidate in
            let other = Array(candidate.uppercased())
            return candidate != typed && (other == typedCharacters || isOneEditApart(typedCharacters, other))
        }
    }

    private static func isOneEditApart(_ a: [Character], _ b: [Character]) -> Bool {
        if a.count == b.count {
            let differences = a.indices.filter { a[$0] != b[$0] }
            if differences.count == 1 { return true }
            return differences.count == 2 && differences[1] == differences[0] + 1
                && a[differences[0]] == b[differences[1]] && a[differences[1]] == b[differences[0]]
        }
        let (shorter, longer) = a.count < b.count ? (a, b) : (b, a)
        guard longer.count == shorter.count + 1 else { return false }
        var skipped = false
        var i = 0, j = 0
        while i < shorter.count {
            if shorter[i] == longer[j] {
                i += 1
                j += 1
            } else if skipped {
                return false
            } else {
                skipped = true
                j += 1
            }
        }
        return true
    }
}
