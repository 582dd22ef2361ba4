/// Session settings: OpenMATB's `config.ini` keys (docs/openmatb-behaviour.md: config.ini), each optional so
/// command-line options can override what a file sets.
public struct Settings: Hashable, Sendable {
    public var language: Language?
    public var screenIndex: Int?
    public var fullscreen: Bool?
    public var scenarioPath: String?
    public var displaySessionNumber: Bool?
    public var hideOnPause: Bool?
    public var topBounds: ScreenLayout.ColumnBounds?
    public var bottomBounds: ScreenLayout.ColumnBounds?
    public var clockSpeed: Double?
    /// labkiosk's `[Input]` section.
    public var input = InputSettings()
    public var kiosk = KioskSettings()
    /// labkiosk's `[Timing]` section: the machine's corner patch and light sensor, under a plan's own.
    public var timing = CornerPatchSettings()

    public init() {}
}
