import FoundationEssentials
import KioskCore
import KioskData

/// What a MATB block needs beyond ``RunOptions``.
public struct MATBOptions: Sendable {
    public var scenarioPath: String
    public var cadence: UpdateCadence
    /// Whose clip lengths time the spoken prompts.
    public var promptTiming: PromptTiming
    /// Show the session number in a dialog at the start (config.ini `display_session_number`).
    public var displaySessionNumber: Bool
    /// Cover the tasks while a dialog is open (config.ini `hide_on_pause`).
    public var hideOnPause: Bool
    public var layout: ScreenLayout
    /// The on-screen stick beside the tracking task.
    public var virtualJoystick: VirtualJoystickSettings
    /// The voice clips' folder (`Assets/voices`); the clips are read at start in every run,
    /// since their lengths decide when prompts end.
    public var voicesDirectory: URL?

    public init(
        scenarioPath: String, cadence: UpdateCadence = .fixed, promptTiming: PromptTiming? = nil, displaySessionNumber: Bool = false,
        hideOnPause: Bool = false,
        layout: ScreenLayout = ScreenLayout(), virtualJoystick: VirtualJoystickSettings = VirtualJoystickSettings(),
        voicesDirectory: URL? = nil
    ) {
        self.scenarioPath = scenarioPath
        self.cadence = cadence
        self.promptTiming = promptTiming ?? .standard(for: cadence)
        self.displaySessionNumber = displaySessionNumber
        self.hideOnPause = hideOnPause
        self.layout = layout
        self.virtualJoystick = virtualJoystick
        self.voicesDirectory = voicesDirectory
    }

    /// What the command line said, each `nil` where it said nothing.
    public struct CommandLine: Sendable {
        public var scenarioPath: String?
        public var cadence: UpdateCadence?
        public var promptTiming: PromptTiming?

        public init(scenarioPath: String? = nil, cadence: UpdateCadence? = nil, promptTiming: PromptTiming? = nil) {
            self.scenarioPath = scenarioPath
            self.cadence = cadence
            self.promptTiming = promptTiming
        }
    }

    /// OpenMATB's default column bounds of the task panels (config.ini `top_bounds`, `bottom_bounds`).
    public static let defaultTopBounds = ScreenLayout.ColumnBounds(0.35, 0.85)
    public static let defaultBottomBounds = ScreenLayout.ColumnBounds(0.30, 0.85)

    /// The MATB options of a run, with the same precedence as ``RunOptions/resolve(commandLine:settings:joystick:)``:
    /// command line, then settings file, then default.
    /// - Parameters:
    ///   - input: The merged `[Input]` settings, for the on-screen stick.
    ///   - defaultScenario: The bundled scenario run when neither names one.
    public static func resolve(
        commandLine: CommandLine, settings: Settings, input: InputSettings, defaultScenario: String, voicesDirectory: URL?
    ) -> MATBOptions {
        MATBOptions(
            scenarioPath: precedence(commandLine.scenarioPath, settings.scenarioPath, defaultScenario),
            cadence: commandLine.cadence ?? .fixed,
            promptTiming: commandLine.promptTiming,
            displaySessionNumber: settings.displaySessionNumber ?? false,
            hideOnPause: settings.hideOnPause ?? false,
            layout: ScreenLayout(topBounds: settings.topBounds ?? defaultTopBounds, bottomBounds: settings.bottomBounds ?? defaultBottomBounds),
            virtualJoystick: input.virtualJoystick(),
            voicesDirectory: voicesDirectory)
    }

    /// The voice clips this run's scenario can speak with, read and checked now.
    /// - Throws: a `ShellError` naming every missing or unreadable clip.
    public func loadVoices(for scenario: Scenario) throws -> VoiceLibrary {
        let voices = CommunicationsVoices.voices(for: scenario)
        guard !voices.isEmpty else { return VoiceLibrary() }
        guard let voicesDirectory else { throw ShellError("no voice folder given for the communications prompts") }
        return try VoiceLibrary(root: voicesDirectory, voices: voices).timed(by: promptTiming)
    }
}
