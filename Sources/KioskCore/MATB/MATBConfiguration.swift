/// When task updates run relative to frames.
public enum UpdateCadence: String, CaseIterable, Hashable, Sendable {
    /// Each task steps at exact multiples of its `taskupdatetime`, so a log does not depend
    /// on frame rate or machine load (labkiosk's default).
    case fixed
    /// OpenMATB's cadence: a task steps at the first pass of OpenMATB's main loop at or after
    /// its deadline and sets the next deadline from that pass, and each pass runs one due
    /// event after the updates (``OpenMATBLoopClock``).
    case openmatb
}

/// Everything a session needs besides the scenario; fixed for the session's life.
public struct MATBConfiguration: Hashable, Sendable {
    public var runNumber: Int
    public var language: Language
    public var cadence: UpdateCadence
    /// Scenario seconds per real second.
    public var speed: Double
    public var layout: ScreenLayout
    /// The `version` row's value.
    public var version: String
    /// Show "Session ID: N" before the scenario starts (config.ini `display_session_number`).
    public var displaySessionNumber: Bool
    /// Cover the tasks while a dialog is open (config.ini `hide_on_pause`).
    public var hideOnPause: Bool
    /// Instruction and questionnaire texts by the name a scenario uses for them.
    public var includes: IncludeLibrary
    /// How long each voice clip lasts, measured by the shell at start: with
    /// ``promptTiming``, the communications task ends its spoken prompts from these, whether
    /// or not they are played aloud.
    public var voices: VoiceCatalog
    /// The on-screen stick beside the tracking task.
    public var virtualJoystick: VirtualJoystickSettings
    /// Whose clip lengths decide when a spoken prompt ends.
    public var promptTiming: PromptTiming = .spoken
    /// Escape opens OpenMATB's exit confirmation (off in kiosk mode, where only staff end a
    /// block; the key is still logged).
    public var escapeOffersExit = true
    /// Rules that switch automation, difficulty or messages from performance or the
    /// participant's requests (docs/adaptive.md); nil for a session without them.
    public var adaptiveRules: AdaptiveRules?

    public init(
        runNumber: Int, language: Language = .en, cadence: UpdateCadence = .fixed, speed: Double = 1,
        layout: ScreenLayout = ScreenLayout(), version: String, displaySessionNumber: Bool = false,
        includes: IncludeLibrary = IncludeLibrary(), voices: VoiceCatalog = VoiceCatalog(),
        virtualJoystick: VirtualJoystickSettings = VirtualJoystickSettings(), hideOnPause: Bool = false
    ) {
        self.hideOnPause = hideOnPause
        self.runNumber = runNumber
        self.language = language
        self.cadence = cadence
        self.speed = speed
        self.layout = layout
        self.version = version
        self.displaySessionNumber = displaySessionNumber
        self.includes = includes
        self.voices = voices
        self.virtualJoystick = virtualJoystick
    }
}
