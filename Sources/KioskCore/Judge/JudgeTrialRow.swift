/// One trial as the judgement log holds it (docs/judge.md: The log): written when the trial
/// ends, with the lab's own columns from the trial list after `image`.
public struct JudgeTrialRow: Hashable, Sendable {
    /// The trial's place in its list's run (practice and counted trials are numbered apart).
    public var trial: Int
    public var practice: Bool
    /// The block of trials it belongs to (breaks come between blocks); 0 for practice.
    public var block: Int
    /// Its row's line in the trial list.
    public var listLine: Int
    public var image: String
    /// The lab's own columns' values, in the log header's order.
    public var extras: [String]
    /// The right answer; `go` or `nogo` in go/no-go.
    public var expected: String
    /// The answer given; empty when none was.
    public var response: String
    /// What gave it: a key name, `JOY_BTN_n`, or `tap` / `click` / `pen` on its button.
    public var input: String
    public var correct: Bool
    /// From the image's onset to the input's own time; nil without an answer.
    public var responseMilliseconds: Double?
    /// The response window ended without an answer.
    public var timedOut: Bool
    /// Answers given before the image showed (during the fixation), which do not count.
    public var earlyResponses: Int
    /// When the image showed, in seconds from the block's first frame.
    public var onsetSeconds: Double
    /// When the display's figures cannot tell which of two or more refreshes first showed the
    /// image (``PresentationRecord/earliestPossibleTime``): the earliest, in seconds from the
    /// first frame. ``onsetSeconds`` is then the latest, and ``responseMilliseconds`` runs from it.
    public var onsetEarliestSeconds: Double?
    /// How long the image stayed, in milliseconds (from its onset to the frame that removed it).
    public var shownMilliseconds: Double
    public var fixationMilliseconds: Double
    /// The blank before the next trial, jitter included.
    public var intervalMilliseconds: Double
    /// Points for this trial, and the running score of the counted trials (0 when not scored).
    public var points: Int
    public var score: Int

    public init(trial: Int, practice: Bool, block: Int, listLine: Int, image: String, extras: [String], expected: String,
                response: String, input: String, correct: Bool, responseMilliseconds: Double?, timedOut: Bool, earlyResponses: Int,
                onsetSeconds: Double, onsetEarliestSeconds: Double? = nil, shownMilliseconds: Double, fixationMilliseconds: Double,
                intervalMilliseconds: Double, points: Int, score: Int) {
        self.trial = trial
        self.practice = practice
        self.block = block
        self.listLine = listLine
        self.image = image
        self.extras = extras
        self.expected = expected
        self.response = response
        self.input = input
        self.correct = correct
        self.responseMilliseconds = responseMilliseconds
        self.timedOut = timedOut
        self.earlyResponses = earlyResponses
        self.onsetSeconds = onsetSeconds
        self.onsetEarliestSeconds = onsetEarliestSeconds
        self.shownMilliseconds = shownMilliseconds
        self.fixationMilliseconds = fixationMilliseconds
        self.intervalMilliseconds = intervalMilliseconds
        self.points = points
        self.score = score
    }

    /// The log's own columns: those before the lab's, then those after.
    static let leadingColumns = ["trial", "practice", "block", "list_line", "image"]
    static let trailingColumns = ["expected", "response", "input", "correct", "rt_ms", "timed_out", "early_responses",
                                  "onset_s", "shown_ms", "fixation_ms", "interval_ms", "points", "score"]
    /// Last, so logs written before it read as they did: empty unless the onset is uncertain.
    static let onsetEarliestColumn = "onset_earliest_s"
    public static let columns = leadingColumns + trailingColumns + [onsetEarliestColumn]

    /// The header line for a log carrying `extraColumns`.
    public static func headerLine(extraColumns: [String]) -> String {
        TabSeparated.line(leadingColumns + extraColumns + trailingColumns + [onsetEarliestColumn])
    }

    /// The row's line: times in milliseconds with three decimals (microseconds), the onset in
    /// seconds with six.
    public var line: String {
        TabSeparated.line([String(trial), practice ? "1" : "0", String(block), String(listLine), image] + extras + [
            expected, response, input, correct ? "1" : "0", TabSeparated.decimal(responseMilliseconds, places: 3), timedOut ? "1" : "0",
            String(earlyResponses), TabSeparated.decimal(onsetSeconds, places: 6), TabSeparated.decimal(shownMilliseconds, places: 3),
            TabSeparated.decimal(fixationMilliseconds, places: 3), TabSeparated.decimal(intervalMilliseconds, places: 3),
            String(points), String(score), TabSeparated.decimal(onsetEarliestSeconds, places: 6),
        ])
    }

    /// Reads a row back from its fields, given the number of the lab's columns and whether the
    /// log has ``onsetEarliestColumn`` (logs written before it do not); nil if it is not one.
    init?(fields: [Substring], extraCount: Int, hasOnsetEarliest: Bool) {
        guard fields.count == Self.columns.count - (hasOnsetEarliest ? 0 : 1) + extraCount else { return nil }
        let f = fields.map(String.init)
        let t = 5 + extraCount
        guard let trial = Int(f[0]), let block = Int(f[2]), let listLine = Int(f[3]), let early = Int(f[t + 6]),
              let onset = Double(f[t + 7]), let shown = Double(f[t + 8]), let fixation = Double(f[t + 9]),
              let interval = Double(f[t + 10]), let points = Int(f[t + 11]), let score = Int(f[t + 12]),
              ["0", "1"].contains(f[1]), ["0", "1"].contains(f[t + 3]), ["0", "1"].contains(f[t + 5]) else { return nil }
        let rt: Double?, earliest: Double?
        if f[t + 4].isEmpty { rt = nil } else {
            guard let parsed = Double(f[t + 4]) else { return nil }
            rt = parsed
        }
        if !hasOnsetEarliest || f[t + 13].isEmpty { earliest = nil } else {
            guard let parsed = Double(f[t + 13]) else { return nil }
            earliest = parsed
        }
        self.init(trial: trial, practice: f[1] == "1", block: block, listLine: listLine, image: f[4], extras: Array(f[5..<t]),
                  expected: f[t], response: f[t + 1], input: f[t + 2], correct: f[t + 3] == "1", responseMilliseconds: rt,
                  timedOut: f[t + 5] == "1", earlyResponses: early, onsetSeconds: onset, onsetEarliestSeconds: earliest, shownMilliseconds: shown,
                  fixationMilliseconds: fixation, intervalMilliseconds: interval, points: points, score: score)
    }
}
