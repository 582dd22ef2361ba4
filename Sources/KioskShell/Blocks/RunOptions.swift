import KioskCore

/// How any block is run, whatever its kind: the window, the data folder, the participant,
/// language and speed, screenshots and figures. What only MATB needs is in ``MATBOptions``.
public struct RunOptions: Sendable {
    /// The folder data files go in (`sessions`), under a folder per day.
    public var dataDirectory: String
    /// In a batch, the data folder whose files run numbers follow, so that numbers
    /// stay unique across every participant's session folder as OpenMATB's do across its
    /// `sessions` folder; nil numbers within `dataDirectory`.
    public var runNumberRoot: String?
    public var participant: String?
    /// What simulated the participant (`batch --simulated`, docs/simulate.md), for the logs'
    /// headers; nil for a person.
    public var simulated: String?
    public var language: Language
    /// Block seconds per real second; `nil` in headless runs means as fast as possible.
    public var speed: Double?
    public var window: WindowConfiguration
    /// Seconds after the first frame at which to save a screenshot.
    public var screenshotAt: Double?
    public var screenshotPath: String?
    /// Seconds after the first frame at which to end the block as if the operator quit.
    public var stopAfter: Double?
    /// Print frame-pacing figures when the run ends (used by scripts/bench).
    public var reportFrameStatistics: Bool
    /// Print joystick input latency and the reader's cost when the run ends.
    public var reportInputStatistics: Bool
    /// The hardware joystick (windowed runs only).
    public var joystick: JoystickOptions
    /// Play no sound (the logs are the same).
    public var mute: Bool
    /// Where pens and touchscreens are read in a window.
    public var pointerInput: PointerInput = .sdl
    /// Kiosk mode: requests to close the window are ignored, and only ``staffExit`` ends the
    /// run early; the window fills the screen and takes the keyboard from the window manager.
    public var kiosk = false
    public var staffExit = StaffExit()
    /// When the command began, if before the runner (a batch checks and resumes first): the
    /// first-frame figure counts from it.
    public var commandStarted: MonotonicTime?

    public init(
        dataDirectory: String, participant: String? = nil, language: Language = .en, speed: Double? = nil,
        window: WindowConfiguration = WindowConfiguration(), screenshotAt: Double? = nil, screenshotPath: String? = nil,
        stopAfter: Double? = nil, reportFrameStatistics: Bool = false, reportInputStatistics: Bool = false,
        joystick: JoystickOptions = JoystickOptions(), mute: Bool = false
    ) {
        self.dataDirectory = dataDirectory
        self.participant = participant
        self.language = language
        self.speed = speed
        self.window = window
        self.screenshotAt = screenshotAt
        self.screenshotPath = screenshotPath
        self.stopAfter = stopAfter
        self.reportFrameStatistics = reportFrameStatistics
        self.reportInputStatistics = reportInputStatistics
        self.joystick = joystick
        self.mute = mute
    }

    /// What the command line said, each `nil` where it said nothing.
    public struct CommandLine: Sendable {
        public var dataDirectory: String?
        public var participant: String?
        public var language: Language?
        public var speed: Double?
        public var fullscreen: Bool?
        public var screenIndex: Int?
        public var windowSize: (width: Int, height: Int)?
        public var screenshotAt: Double?
        public var screenshotPath: String?
        public var stopAfter: Double?
        public var reportFrameStatistics = false
        public var reportInputStatistics = false
        public var mute = false
        public var kiosk = false

        public init() {}
    }

    /// The defaults a command line and a settings file override.
    public static let defaultDataDirectory = "sessions"
    public static let defaultWindowSize = (width: 1280, height: 800)

    /// The options of a run: each from the command line if given there, else from the
    /// settings file (OpenMATB's `config.ini` keys), else the default. Every command that
    /// runs blocks resolves its options here.
    /// - Parameter joystick: The hardware joystick, already resolved from the `[Input]` keys
    ///   and input options the same way (``InputSettings/overridden(by:)``).
    public static func resolve(commandLine: CommandLine, settings: Settings, joystick: JoystickOptions) -> RunOptions {
        let fullscreen = commandLine.kiosk || precedence(commandLine.fullscreen == true ? true : nil, settings.fullscreen, false)
        let size = commandLine.windowSize ?? defaultWindowSize
        var options = RunOptions(
            dataDirectory: commandLine.dataDirectory ?? defaultDataDirectory,
            participant: commandLine.participant,
            language: precedence(commandLine.language, settings.language, .en),
            speed: commandLine.speed ?? settings.clockSpeed,
            window: WindowConfiguration(
                mode: fullscreen ? .fullscreen : .windowed(width: size.width, height: size.height),
                screenIndex: precedence(commandLine.screenIndex, settings.screenIndex, 0)),
            screenshotAt: commandLine.screenshotAt, screenshotPath: commandLine.screenshotPath,
            stopAfter: commandLine.stopAfter, reportFrameStatistics: commandLine.reportFrameStatistics,
            reportInputStatistics: commandLine.reportInputStatistics, joystick: joystick, mute: commandLine.mute)
        options.kiosk = commandLine.kiosk
        options.window.grabsKeyboard = commandLine.kiosk
        options.staffExit = settings.kiosk.staffExit
        return options
    }

    /// Block seconds per real second inside the block: the speed in a window; 1 in a headless
    /// run, whose virtual clock runs at the speed instead (or as fast as it can).
    public func blockSpeed(headless: Bool) -> Double { headless ? 1 : speed ?? 1 }

    /// The real seconds `blockSeconds` of blocks take: at the speed, in a window or headless;
    /// none headless as fast as the machine allows, where a whole plan's blocks take a few
    /// seconds at most, so the end is now to the minute a progress line shows.
    public func realSeconds(ofBlockSeconds blockSeconds: Double, headless: Bool) -> Double {
        guard let rate = headless ? speed : speed ?? 1 else { return 0 }
        return blockSeconds / rate
    }
}

/// Where a windowed run reads pens and touchscreens.
public enum PointerInput: Sendable, Equatable {
    /// SDL's mouse and touch events only (MATB: its logs do not depend on the devices).
    case sdl
    /// evdev as well, for every sample with its kernel time, pressure and tilt (the drawing
    /// pad); SDL's events stand in where no device is readable.
    case evdev(directory: String, udevRule: String)
}

/// The command line's value if given, else the settings file's, else the default.
func precedence<Value>(_ commandLine: Value?, _ settingsFile: Value?, _ fallback: Value) -> Value {
    commandLine ?? settingsFile ?? fallback
}
