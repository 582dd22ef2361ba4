/// The roster file's text (`roster.txt` in the data folder, docs/desk.md: The roster): one
/// line per registration or withdrawal, appended and never rewritten, fields separated by
/// tabs.
///
///     labkiosk roster 1
///     registered<TAB>2026-11-27 10:02:11<TAB>P017<TAB>memory<TAB>order…<TAB>notes
///     withdrawn<TAB>2026-12-04 09:15:40<TAB>P017<TAB>memory<TAB>staff (desk)<TAB>reason
///
/// Reading never fails: a crash, a backup or a person can damage a line, and one damaged line
/// must not stop every visit on a kiosk. Each line that cannot be read is a ``Problem``; one
/// that still names its participant and study holds that participant back in that study
/// (``Problem/holds``), since it may be their registration or their withdrawal.
public enum RosterLog {
    public static let firstLine = "labkiosk roster 1"

    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public var line: Int
        public var message: String
        /// The participant and study the line is about, when it still says: they cannot start
        /// a visit until the line is corrected.
        public var holds: Held?
        /// The file, once the reader of a file has said which.
        public var file = ""
        public var description: String { (file.isEmpty ? "" : file + ": ") + (line > 0 ? "line \(line): " : "") + message }

        public init(line: Int, message: String, holds: Held? = nil) {
            self.line = line
            self.message = message
            self.holds = holds
        }
    }

    public struct Held: Hashable, Sendable {
        public var participant: String
        public var study: String

        public init(participant: String, study: String) {
            self.participant = participant
            self.study = study
        }
    }

    /// What a roster's text says: every participant registered, in the order they were first
    /// registered for each study, and every line that could not be read.
    public struct Reading: Hashable, Sendable {
        public var entries: [RosterEntry] = []
        public var problems: [Problem] = []

        public init(entries: [RosterEntry] = [], problems: [Problem] = []) {
            self.entries = entries
            self.problems = problems
        }

        /// The problem that holds `participant` back in `study`, if a line about them is damaged.
        public func problem(holding participant: String, in study: String) -> Problem? {
            problems.first { $0.holds == Held(participant: participant, study: study) }
        }
    }

    public static func registered(_ entry: RosterEntry) -> String {
        fields(["registered", entry.registered, entry.participant, entry.study, entry.group, entry.notes]) + "\n"
    }

    public static func withdrawn(participant: String, study: String, _ withdrawal: RosterEntry.Withdrawal) -> String {
        fields(["withdrawn", withdrawal.time, participant, study, withdrawal.by, withdrawal.reason]) + "\n"
    }

    /// Reads `text` in one pass. Lines may end in CR LF (an editor's save) and the file may
    /// begin with a byte-order mark. A last line without its line break, which a crash can
    /// leave, counts when its kind, time, participant and study are whole: a withdrawal whose
    /// reason was cut is still a withdrawal.
    public static func read(_ text: String) -> Reading {
        RosterLines.reading(text, read)
    }

    private static func read(_ lines: RosterLines) -> Reading {
        var reading = Reading()
        var places: [Held: Int] = [:]
        var fields: [Range<Int>] = []
        for index in 0..<lines.count {
            let number = index + 1
            // A line a crash cut short, which the next append set aside (``ending(ofTornLine:at:)``).
            if lines.line(index, startsWith: setAside + "\t") { continue }
            if index + 1 < lines.count, lines.line(index + 1, startsWith: setAside + "\t") { continue }
            if index == 0 {
                if lines.equals(lines.ranges[0], firstLine) { continue }
                if !lines.line(0, startsWith: "registered\t"), !lines.line(0, startsWith: "withdrawn\t") {
                    reading.problems.append(Problem(line: 1, message: "expected \"\(firstLine)\""))
                    continue
                }
                reading.problems.append(Problem(line: 1, message: "the first line, \"\(firstLine)\", is missing"))
            }
            if lines.isEmpty(index) { continue }
            let cut = index == lines.count - 1 && !lines.endsWithLineBreak
            lines.fields(index, into: &fields)
            let names = fields.count >= 5 || (fields.count == 4 && !cut) ? Held(participant: lines.string(fields[2]), study: lines.string(fields[3])) : nil
            let held = names.flatMap { $0.participant.isEmpty || $0.study.isEmpty ? nil : $0 }
            func problem(_ message: String) { reading.problems.append(Problem(line: number, message: message, holds: held)) }
            if lines.hasReplacementCharacter(lines.ranges[index]) {
                if cut {
                    reading.problems.append(Problem(line: number, message: "a line a crash cut short; it is set aside"))
                } else {
                    problem("this line is not UTF-8 text")
                }
                continue
            }
            guard fields.count == 6 || (cut && fields.count >= 4 && fields.count < 6), let held else {
                if cut, held == nil {
                    reading.problems.append(Problem(line: number, message: "a line a crash cut short; it is set aside"))
                } else {
                    problem("expected six fields separated by tabs: what, time, participant, study, and two more")
                }
                continue
            }
            guard lines.isTime(fields[1]) else {
                problem("expected a time such as 2026-11-27 10:02:11, not \"\(lines.string(fields[1]))\"")
                continue
            }
            // A cut line lacks its last fields: they read as empty.
            func field(_ place: Int) -> String { place < fields.count ? lines.string(fields[place]) : "" }
            if lines.equals(fields[0], "registered") {
                if let place = places[held] {
                    let first = reading.entries[place]
                    let same = first.registered == field(1) && first.group == field(4) && first.notes == field(5)
                    reading.problems.append(Problem(line: number, message: "\(held.participant) is registered for \(held.study) again"
                        + (same ? "; the line repeats the registration and changes nothing" : "; the first registration stands"),
                        holds: nil))
                    continue
                }
                places[held] = reading.entries.count
                reading.entries.append(RosterEntry(participant: held.participant, study: held.study, registered: field(1), group: field(4), notes: field(5)))
            } else if lines.equals(fields[0], "withdrawn") {
                guard let place = places[held] else {
                    problem("\(held.participant) withdrew from \(held.study) without being registered")
                    continue
                }
                if reading.entries[place].withdrawal == nil {
                    reading.entries[place].withdrawal = RosterEntry.Withdrawal(time: field(1), by: field(4), reason: field(5))
                }
            } else {
                problem("expected \"registered\" or \"withdrawn\", not \"\(field(0))\"")
            }
        }
        return reading
    }

    /// The record that follows a line a crash cut short and sets it aside.
    static let setAside = "set-aside"

    /// What an append writes before its own line when the roster's last line has no line break
    /// (a crash cut it): the fields it lacks and its break, when its kind, time, participant and
    /// study are whole, so that it reads as the record it was; otherwise its break and a
    /// `set-aside` record, so that it is not read as damage. Never more than an append.
    public static func ending(ofTornLine line: String, at time: String) -> String {
        let fields = line.unicodeScalars.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        let whole = (5...6).contains(fields.count) && ["registered", "withdrawn"].contains(fields[0]) && isTime(fields[1])
            && !fields[2].isEmpty && !fields[3].isEmpty && !line.unicodeScalars.contains("\u{FFFD}")
        guard whole else { return "\n" + Self.fields([setAside, time, "the line above was cut short by a crash"]) + "\n" }
        return String(repeating: "\t", count: 6 - fields.count) + "\n"
    }

    /// Whether `text` is a time as the roster writes it, `yyyy-MM-dd HH:mm:ss`, of a real day.
    public static func isTime(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { isTime($0) }
    }

    static func isTime(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 19 else { return false }
        let at = bytes.startIndex
        func digits(_ offset: Int, _ count: Int) -> Int? {
            var value = 0
            for position in (at + offset)..<(at + offset + count) {
                let byte = bytes[position]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes[at + 4] == UInt8(ascii: "-"), bytes[at + 7] == UInt8(ascii: "-"), bytes[at + 10] == UInt8(ascii: " "),
              bytes[at + 13] == UInt8(ascii: ":"), bytes[at + 16] == UInt8(ascii: ":"),
              let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
              let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2) else { return false }
        return CalendarDate(year: year, month: month, day: day) != nil && hour < 24 && minute < 60 && second < 61
    }

    /// One record, without its line break. Tabs and line breaks inside a field would split
    /// the record, so they become spaces.
    static func fields(_ fields: [String]) -> String {
        fields.map { field in
            String(String.UnicodeScalarView(field.unicodeScalars.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 }))
        }.joined(separator: "\t")
    }
}
