/// One row of a session log as read back from its file: the six columns' text, unquoted,
/// and where the row starts in the file.
public struct SessionLogRow: Hashable, Sendable {
    /// 1-based line of the file on which the row starts.
    public var line: Int
    public var logtime: String
    public var scenarioTime: String
    public var type: String
    public var module: String
    public var address: String
    public var value: String

    public init(line: Int, logtime: String, scenarioTime: String, type: String, module: String, address: String, value: String) {
        self.line = line
        self.logtime = logtime
        self.scenarioTime = scenarioTime
        self.type = type
        self.module = module
        self.address = address
        self.value = value
    }

    /// The row's scenario time in seconds; `nil` when the column is not a number.
    public var scenarioSeconds: Double? { Double(scenarioTime) }

    /// The scenario time on labkiosk's integer clock. Logged times are rounded to the
    /// microsecond, so the nearest microsecond is the exact time the row was written at.
    /// `nil` as well where no scenario reaches (an edited log's `1e59` or `nan`), as for
    /// `logtime` (SessionLogClock): within ±146 years, any two times' difference fits in Int64.
    public var scenarioClock: ScenarioTime? {
        guard let microseconds = scenarioSeconds.map({ ($0 * 1e6).rounded() }), abs(microseconds) < 0x1p62 / 1000 else { return nil }
        return ScenarioTime(nanoseconds: Int64(microseconds) * 1000)
    }

    /// The value as a number, when it is one (`nan` included).
    public var number: Double? { Double(value) }

    /// Every column but `logtime`, as the CSV line would show them: what a re-simulation
    /// must reproduce exactly.
    public var timelessText: String {
        [scenarioTime, type, module, address, value].map(SessionLogFormat.quotedIfNeeded).joined(separator: ",")
    }
}
