import FoundationEssentials
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
    /// The voice clips' folder (`Assets/voices`); the clips are read at start in every run,
    /// since their lengths decide when prompts end.
    public var voicesDirectory: URL?
    /// Do not play the spoken prompts (the log is the same).
    public var mute: Bool
    /// The on-screen stick beside the tracking task.
    public var virtualJoystick: VirtualJoystickSettings
    /// The hardware joystick (windowed runs only).
    public var joystick: JoystickOptions
    /// Print joystick input latency and the reader's cost when the run ends.
    public var reportInputStatistics: Bool

    public init(
        scenarioPath: String, sessionsDirectory: String, participant: String? = nil, language: Language = .en,
        cadence: UpdateCadence = .fixed, speed: Double? = nil, displaySessionNumber: Bool = false,
        layout: ScreenLayout = ScreenLayout(), window: WindowConfiguration = WindowConfiguration(), screenshotAt: Double? = nil,
        screenshotPath: String? = nil, stopAfter: Double? = nil, reportFrameStatistics: Bool = false,
        virtualJoystick: VirtualJoystickSettings = VirtualJoystickSettings(), joystick: JoystickOptions = JoystickOptions(),
        reportInputStatistics: Bool = false,
        voicesDirectory: URL? = nil, mute: Bool = false, hideOnPause: Bool = false
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
        self.virtualJoystick = virtualJoystick
        self.joystick = joystick
        self.reportInputStatistics = reportInputStatistics
        self.voicesDirectory = voicesDirectory
        self.mute = mute
    }

    /// The voice clips this run's scenario can speak with, read and checked now.
    /// - Throws: a `ShellError` naming every missing or unreadable clip.
    public func loadVoices(for scenario: Scenario) throws -> VoiceLibrary {
        let voices = CommunicationsVoices.voices(for: scenario)
        guard !voices.isEmpty else { return VoiceLibrary() }
        guard let voicesDirectory else { throw ShellError("no voice folder given for the communications prompts") }
        return try VoiceLibrary(root: voicesDirectory, voices: voices)
    }
}
