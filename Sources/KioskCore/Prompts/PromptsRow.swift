/// One line of a prompts log (docs/prompts.md: Log), in the order things happened.
///
/// Times are on the block's clock: nanoseconds since the block began.
public struct PromptsRow: Hashable, Sendable {
    public var event: PromptsEvent
    /// When it happened: a timed phase's exact scheduled start or end, else the frame that took the input.
    public var time: ScenarioTime
    /// The frame that showed it (or took the input), which a window replaces with the moment
    /// that frame reached the screen (``isShownAtFrame``).
    public var frame: ScenarioTime
    /// When the display's figures cannot tell which of two or more refreshes first showed the
    /// row's frame (``PresentationRecord/earliestPossibleTime``): the earliest, on the block's
    /// clock; ``frame`` is then the latest. Nil when the frame's refresh is known.
    public var frameEarliest: ScenarioTime?
    /// Whether the row says what the screen shows: its `frame` is restamped with the time the
    /// frame was presented (``PromptsOutput/shown(at:)``). Not written in the file.
    public var isShownAtFrame: Bool
    /// The trial's place in the run, from 1; nil outside trials.
    public var trial: Int?
    /// The trial's `[[trial]]` table, from 1; nil outside trials.
    public var trialIndex: Int?
    public var phase: String
    public var marker: String
    public var code: UInt8?
    /// What the screen shows, variables filled in.
    public var text: String
    public var image: String
    /// How long the phase is planned to last, in seconds; nil when it waits for the participant.
    public var plannedSeconds: Double?
    public var variables: [PromptTrial.Variable]
    /// How a waiting screen was left, which help answer was opened, why the block finished.
    public var detail: String

    public init(event: PromptsEvent, time: ScenarioTime, frame: ScenarioTime, frameEarliest: ScenarioTime? = nil, isShownAtFrame: Bool = false,
                trial: Int? = nil, trialIndex: Int? = nil, phase: String = "", marker: String = "", code: UInt8? = nil, text: String = "",
                image: String = "", plannedSeconds: Double? = nil, variables: [PromptTrial.Variable] = [], detail: String = "") {
        self.event = event
        self.time = time
        self.frame = frame
        self.frameEarliest = frameEarliest
        self.isShownAtFrame = isShownAtFrame
        self.trial = trial
        self.trialIndex = trialIndex
        self.phase = phase
        self.marker = marker
        self.code = code
        self.text = text
        self.image = image
        self.plannedSeconds = plannedSeconds
        self.variables = variables
        self.detail = detail
    }

    /// The header line's names, in order. ``frameEarliestColumn`` is last, so logs written
    /// before it read as they did.
    public static let columns = columnsBeforeFrameEarliest + [frameEarliestColumn]
    static let columnsBeforeFrameEarliest = ["time_s", "frame_s", "event", "trial", "trial_index", "phase", "marker", "code",
                                             "text", "image", "planned_s", "variables", "detail"]
    static let frameEarliestColumn = "frame_earliest_s"

    /// The row as the file holds it, without its line feed.
    public var line: String {
        [TabSeparated.decimal(time.seconds, places: 6), TabSeparated.decimal(frame.seconds, places: 6), event.rawValue,
         trial.map(String.init) ?? "", trialIndex.map(String.init) ?? "", TabSeparated.cell(phase), TabSeparated.cell(marker),
         code.map(String.init) ?? "", TabSeparated.cell(text), TabSeparated.cell(image), TabSeparated.decimal(plannedSeconds, places: 6),
         TabSeparated.cell(Self.variablesCell(variables)), TabSeparated.cell(detail),
         frameEarliest.map { TabSeparated.decimal($0.seconds, places: 6) } ?? ""].joined(separator: "\t")
    }

    /// Reads a row back from its line, in a log with ``frameEarliestColumn`` or without it
    /// (`hasFrameEarliest`); nil if it is not one.
    public init?(line: Substring, hasFrameEarliest: Bool = true) {
        let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard f.count == (hasFrameEarliest ? Self.columns : Self.columnsBeforeFrameEarliest).count, let time = Self.time(f[0]),
              let frame = Self.time(f[1]), let event = PromptsEvent(rawValue: f[2]) else { return nil }
        let frameEarliest = hasFrameEarliest && !f[13].isEmpty ? Self.time(f[13]) : nil
        guard frameEarliest != nil || !hasFrameEarliest || f[13].isEmpty else { return nil }
        let trial = Int(f[3]), trialIndex = Int(f[4]), code = UInt8(f[7]), planned = Double(f[10])
        guard trial != nil || f[3].isEmpty, trialIndex != nil || f[4].isEmpty, code != nil || f[7].isEmpty, planned != nil || f[10].isEmpty,
              let variables = Self.variables(f[11]) else { return nil }
        self.init(event: event, time: time, frame: frame, frameEarliest: frameEarliest, trial: trial, trialIndex: trialIndex, phase: f[5], marker: f[6], code: code,
                  text: f[8], image: f[9], plannedSeconds: planned, variables: variables, detail: f[12])
    }

    /// Six decimals of seconds, back to nanoseconds, exactly (no binary rounding on the way).
    private static func time(_ text: String) -> ScenarioTime? {
        let negative = text.hasPrefix("-")
        let parts = (negative ? text.dropFirst() : Substring(text)).split(separator: ".", omittingEmptySubsequences: false)
        // A time no block could reach (an edited file) is not a row, rather than an overflow.
        guard parts.count == 2, parts[1].count == 6, let whole = Int64(parts[0]), let micro = Int64(parts[1]), whole >= 0, micro >= 0,
              whole <= ScenarioReader.maximumSeconds else { return nil }
        let nanoseconds = (whole * 1_000_000 + micro) * 1_000
        return ScenarioTime(nanoseconds: negative ? -nanoseconds : nanoseconds)
    }

    /// `name=value;name=value`, with `\` and `;` in values escaped by a `\`.
    static func variablesCell(_ variables: [PromptTrial.Variable]) -> String {
        variables.map { variable in
            var value = ""
            for character in variable.value {
                if character == "\\" || character == ";" { value.append("\\") }
                value.append(character)
            }
            return "\(variable.name)=\(value)"
        }.joined(separator: ";")
    }

    static func variables(_ cell: String) -> [PromptTrial.Variable]? {
        guard !cell.isEmpty else { return [] }
        var pairs: [String] = [""]
        var escaped = false
        for character in cell {
            if escaped {
                pairs[pairs.count - 1].append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ";" {
                pairs.append("")
            } else {
                pairs[pairs.count - 1].append(character)
            }
        }
        var variables: [PromptTrial.Variable] = []
        for pair in pairs {
            guard let equals = pair.firstIndex(of: "=") else { return nil }
            variables.append(PromptTrial.Variable(name: String(pair[..<equals]), value: String(pair[pair.index(after: equals)...])))
        }
        return variables
    }
}
