/// The roster file's text (`roster.txt` in the data folder, docs/desk.md: The roster): one
/// line per registration or withdrawal, appended and never rewritten, fields separated by
/// tabs. A last line without its newline (a write a crash cut short) is left out.
///
///     labkiosk roster 1
///     registered<TAB>2026-11-27 10:02:11<TAB>P017<TAB>memory<TAB>order…<TAB>notes
///     withdrawn<TAB>2026-12-04 09:15:40<TAB>P017<TAB>memory<TAB>staff (desk)<TAB>reason
public enum RosterLog {
    public static let firstLine = "labkiosk roster 1"

    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    public static func registered(_ entry: RosterEntry) -> String {
        fields(["registered", entry.registered, entry.participant, entry.study, entry.group, entry.notes]) + "\n"
    }

    public static func withdrawn(participant: String, study: String, _ withdrawal: RosterEntry.Withdrawal) -> String {
        fields(["withdrawn", withdrawal.time, participant, study, withdrawal.by, withdrawal.reason]) + "\n"
    }

    /// Every participant registered, in the order they were first registered for each study.
    public static func read(_ text: String) -> Result<[RosterEntry], Problem> {
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.removeLast()
        guard !lines.isEmpty else { return .success([]) }
        guard lines[0] == firstLine else { return .failure(Problem(line: 1, message: "expected \"\(firstLine)\"")) }
        var entries: [RosterEntry] = []
        for (offset, line) in lines.enumerated().dropFirst() {
            let fields = line.unicodeScalars.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 6, fields[1].count == 19, !fields[2].isEmpty, !fields[3].isEmpty else {
                return .failure(Problem(line: offset + 1, message: "expected six fields separated by tabs: what, time, participant, study, and two more"))
            }
            let existing = entries.firstIndex { $0.participant == fields[2] && $0.study == fields[3] }
            switch fields[0] {
            case "registered":
                guard existing == nil else {
                    return .failure(Problem(line: offset + 1, message: "\(fields[2]) is registered for \(fields[3]) twice"))
                }
                entries.append(RosterEntry(participant: fields[2], study: fields[3], registered: fields[1], group: fields[4], notes: fields[5]))
            case "withdrawn":
                guard let existing else {
                    return .failure(Problem(line: offset + 1, message: "\(fields[2]) withdrew from \(fields[3]) without being registered"))
                }
                entries[existing].withdrawal = RosterEntry.Withdrawal(time: fields[1], by: fields[4], reason: fields[5])
            default:
                return .failure(Problem(line: offset + 1, message: "expected \"registered\" or \"withdrawn\", not \"\(fields[0])\""))
            }
        }
        return .success(entries)
    }

    /// One record, without its line break. Tabs and line breaks inside a field would split
    /// the record, so they become spaces.
    static func fields(_ fields: [String]) -> String {
        fields.map { field in
            String(String.UnicodeScalarView(field.unicodeScalars.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 }))
        }.joined(separator: "\t")
    }
}
