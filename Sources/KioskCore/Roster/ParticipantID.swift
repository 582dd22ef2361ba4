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

    /// The IDs in `known` that `typed` may be after a slip a scanner or a hurried hand makes: a
    /// character doubled or dropped, two neighbours swapped, or only letter case. One character
    /// changed is not among them: that is how the next participant's ID differs from the last
    /// one's (P102 after P101), and asking about it would slow every new participant.
    public static func nearMisses(of typed: String, in known: [String]) -> [String] {
        let typedCharacters = Array(typed.uppercased())
        return known.filter { candidate in
            let other = Array(candidate.uppercased())
            return candidate != typed && (other == typedCharacters || areNeighboursSwapped(typedCharacters, other)
                || isOneDropped(from: other, leaving: typedCharacters) || isOneDoubled(in: typedCharacters, of: other))
        }
    }

    private static func areNeighboursSwapped(_ a: [Character], _ b: [Character]) -> Bool {
        guard a.count == b.count else { return false }
        let differences = a.indices.filter { a[$0] != b[$0] }
        return differences.count == 2 && differences[1] == differences[0] + 1
            && a[differences[0]] == b[differences[1]] && a[differences[1]] == b[differences[0]]
    }

    /// Whether `shorter` is `longer` with one character left out.
    private static func isOneDropped(from longer: [Character], leaving shorter: [Character]) -> Bool {
        guard longer.count == shorter.count + 1 else { return false }
        let first = zip(longer, shorter).prefix { $0 == $1 }.count
        return longer[(first + 1)...].elementsEqual(shorter[first...])
    }

    /// Whether `longer` is `shorter` with one character typed twice.
    private static func isOneDoubled(in longer: [Character], of shorter: [Character]) -> Bool {
        guard longer.count == shorter.count + 1 else { return false }
        let first = zip(longer, shorter).prefix { $0 == $1 }.count
        // The extra character repeats the one before it or the one after it.
        let repeats = (first > 0 && longer[first] == longer[first - 1]) || (first + 1 < longer.count && longer[first] == longer[first + 1])
        return repeats && longer[(first + 1)...].elementsEqual(shorter[first...])
    }
}
