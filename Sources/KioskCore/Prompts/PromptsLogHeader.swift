/// What a prompts log's `#` lines say about its run: the sequence, who, which seed and
/// trial order, and which labkiosk wrote it.
public struct PromptsLogHeader: Hashable, Sendable {
    public var title: String
    public var participant: String
    public var seed: UInt64
    public var trialOrder: PromptTrialOrder
    /// The `[[trial]]` table (from 1) of each trial, in the order they run.
    public var trialsRun: [Int]
    /// The sequence file's path, as the shell names it.
    public var sequenceFile: String
    public var labkioskVersion: String
    /// The clock that stamped the phases' onsets and markers in a window (docs/timing.md);
    /// nil headless, where frames are virtual, and in logs from before it was written.
    public var onsetClock: OnsetClock?

    public init(title: String, participant: String, seed: UInt64, trialOrder: PromptTrialOrder, trialsRun: [Int],
                sequenceFile: String, labkioskVersion: String, onsetClock: OnsetClock? = nil) {
        self.title = title
        self.participant = participant
        self.seed = seed
        self.trialOrder = trialOrder
        self.trialsRun = trialsRun
        self.sequenceFile = sequenceFile
        self.labkioskVersion = labkioskVersion
        self.onsetClock = onsetClock
    }

    /// The first line of every prompts log.
    static let firstLine = "# labkiosk prompts log"

    /// Its `#` lines, each ended by a line feed; values have their line breaks turned into spaces.
    public var lines: String {
        let fields = [("title", title), ("participant", participant), ("seed", String(seed)), ("trial order", trialOrder.rawValue),
                      ("trials run", trialsRun.map(String.init).joined(separator: " ")), ("sequence", sequenceFile),
                      ("version", labkioskVersion)] + (onsetClock.map { [("onset clock", $0.logName)] } ?? [])
        return Self.firstLine + "\n" + fields.map { "# \($0.0): \(TabSeparated.cell($0.1))\n" }.joined()
    }

    /// Reads the fields back from a file's `#` lines.
    static func read(_ comments: [Substring]) throws(MissingField) -> PromptsLogHeader {
        var fields: [String: String] = [:]
        for line in comments {
            guard line.hasPrefix("# "), let colon = line.firstIndex(of: ":") else { continue }
            let name = String(line[line.index(line.startIndex, offsetBy: 2)..<colon])
            var value = line[line.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
            if fields[name] == nil { fields[name] = String(value) }
        }
        func field(_ name: String) throws(MissingField) -> String {
            guard let value = fields[name] else { throw MissingField(name: name) }
            return value
        }
        guard let seed = UInt64(try field("seed")) else { throw MissingField(name: "seed") }
        guard let order = PromptTrialOrder(rawValue: try field("trial order")) else { throw MissingField(name: "trial order") }
        let run = try field("trials run").split(separator: " ").compactMap { Int($0) }
        let clock = try fields["onset clock"].map { text throws(MissingField) in
            guard let clock = OnsetClock(rawValue: text) else { throw MissingField(name: "onset clock") }
            return clock
        }
        return PromptsLogHeader(title: try field("title"), participant: try field("participant"), seed: seed, trialOrder: order,
                                trialsRun: run, sequenceFile: try field("sequence"), labkioskVersion: try field("version"),
                                onsetClock: clock)
    }

    /// A `# name: value` line the header needs that is absent or cannot be read.
    struct MissingField: Error, Hashable {
        var name: String
    }
}
