import KioskCore

/// How one MATB run is set up, after command-line options and the settings file are merged.
public struct MATBRunOptions: Sendable {
    public var scenarioPath: String
    public var sessionsDirectory: String
    public var participant: String?
    public var language: Language
    public var cadence: UpdateCadence
    /// Scenario seconds per real second; `nil` in headless mode means as fast as possible.
    public var speed: Double?
    public var displaySessionNumber: Bool
    /// Cover the tasks while a dialog is open (config.ini `hide_on_pause`).
    public var hideOnPause: Bool
    public var layout: ScreenLayout
    public var window: WindowConfiguration
    /// Seconds after the first frame at which to save a screenshot.
    public var screenshotAt: Double?
    public var screenshotPath: String?
    /// Seconds after the first frame at which to end the session as if the operator quit.
    public var stopAfter: Double?
    /// Print frame-pacing figures when the run ends (used by scripts/bench).
    public var reportFrameStatistics: Bool

    public init(
        scenarioPath: String, sessionsDirectory: String, participant: String? = nil, language: Language = .en,
        cadence: UpdateCadence = .fixed, speed: Double? = nil, displaySessionNumber: Bool = false,
        layout: ScreenLayout = ScreenLayout(), window: WindowConfiguration = WindowConfiguration(), screenshotAt: Double? = nil,
        screenshotPath: String? = nil, stopAfter: Double? = nil, reportFrameStatistics: Bool = false, hideOnPause: Bool = false
    ) {
        self.hideOnPause = hideOnPause
        self.scenarioPath = scenarioPath
        self.sessionsDirectory = sessionsDirectory
        self.participant = participant
        self.language = language
        self.cadence = cadence
        self.speed = speed
        self.displaySessionNumber = displaySessionNumber
        self.layout = layout
        self.window = window
        self.screenshotAt = screenshotAt
        self.screenshotPath = screenshotPath
        self.stopAfter = stopAfter
        self.reportFrameStatistics = reportFrameStatistics
    }
}
