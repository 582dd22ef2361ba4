/// The file a trial writes while it runs. InteractLog's header holds `Trial End`, above the
/// events, so the final files can only be composed when the trial ends; until then every
/// line goes to this append-only journal, which a crash leaves behind for `labkiosk recover`
/// (docs/drawing-pad.md: Crash safety). One tagged line per entry:
///
///     labkiosk drawing-pad journal 1
///     H<TAB>header line           the 11 header lines before Trial End
///     O<TAB>nanoseconds           the trial's start on CLOCK_MONOTONIC
///     I<TAB>text                  a line for the samples file's header
///     E<TAB>n;t;x;y;event         a main-file line
///     R<TAB>stroke row            a `_strokes.txt` line
///     K<TAB>key row               a `_keys.txt` line
///     S<TAB>samples row           a samples-file row
///     Z<TAB>dd/MM/yyyy - HH:mm:ss the trial's end, last
public enum PadJournal {
    public static let firstLine = "labkiosk drawing-pad journal 1"

    /// The journal's opening lines.
    public static func opening(header: InteractLogHeader, start: MonotonicTime, information: [String]) -> String {
        var text = firstLine + "\n"
        for line in header.linesBeforeTrialEnd { text += "H\t\(line)\n" }
        text += "O\t\(start.nanoseconds)\n"
        for line in information { text += "I\t\(line)\n" }
        return text
    }

    public static func line(_ record: PadRecord) -> String {
        switch record {
        case .event(let event): "E\t\(event.line)\n"
        case .stroke(let row): "R\t\(row.line)\n"
        case .key(let row): "K\t\(row.line)\n"
        case .sample(let row): "S\t\(row.line)\n"
        }
    }

    public static func closing(trialEnd: LocalDateTime) -> String {
        "Z\t\(InteractLogNames.headerDate(trialEnd))\n"
    }

    /// What a journal holds, read back.
    public struct Contents: Sendable {
        public var headerLines: [String]
        public var start: MonotonicTime
        public var information: [String]
        public var events: [String] = []
        public var strokes: [String] = []
        public var keys: [String] = []
        public var samples: [PadSampleRow] = []
        /// The `Trial End` header line; nil when the trial never ended (a crash).
        public var trialEndLine: String?
        /// The latest time any entry carries.
        public var lastTime: MonotonicTime
    }

    public struct ReadError: Error, CustomStringConvertible, Sendable {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Reads a journal. A last line without its line feed (cut off by a crash) is left out.
    public static func read(_ text: String) -> Result<Contents, ReadError> {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast()  // after the final LF, or the unfinished line a crash left
        guard lines.first == Substring(firstLine) else {
            return .failure(ReadError(line: 1, message: "not a labkiosk drawing-pad journal"))
        }
        var header: [String] = []
        var start: MonotonicTime?
        var contents = Contents(headerLines: [], start: MonotonicTime(nanoseconds: 0), information: [], lastTime: MonotonicTime(nanoseconds: 0))
        for (index, line) in lines.enumerated().dropFirst() {
            guard line.count >= 2, line[line.index(after: line.startIndex)] == "\t" else {
                return .failure(ReadError(line: index + 1, message: "expected a tag and a tab"))
            }
            let body = line.dropFirst(2)
            switch line.first {
            case "H": header.append(String(body))
            case "O":
                guard let ns = Int64(body) else { return .failure(ReadError(line: index + 1, message: "expected nanoseconds")) }
                start = MonotonicTime(nanoseconds: ns)
            case "I": contents.information.append(String(body))
            case "E":
                contents.events.append(String(body))
                if let t = body.split(separator: ";", maxSplits: 2).dropFirst().first.flatMap({ Int64($0) }) {
                    contents.lastTime = max(contents.lastTime, MonotonicTime(nanoseconds: t))
                }
            case "R": contents.strokes.append(String(body))
            case "K": contents.keys.append(String(body))
            case "S":
                guard let row = PadSampleRow(line: body) else { return .failure(ReadError(line: index + 1, message: "not a samples row")) }
                contents.samples.append(row)
                contents.lastTime = max(contents.lastTime, row.eventTime, row.frameTime)
            case "Z": contents.trialEndLine = InteractLogHeader.line("Trial End", String(body))
            default: return .failure(ReadError(line: index + 1, message: "unknown tag `\(line.first.map(String.init) ?? "")`"))
            }
        }
        guard header.count == 11, let start else {
            return .failure(ReadError(line: lines.count, message: "the journal ends before its header is complete"))
        }
        contents.headerLines = header
        contents.start = start
        contents.lastTime = max(contents.lastTime, start)
        return .success(contents)
    }
}
