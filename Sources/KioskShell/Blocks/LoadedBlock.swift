import KioskCore

/// A block's file loaded and checked: what a batch needs to know of it before it runs (its
/// pictures, length, disk use, speech and devices) and how to make its host when it does.
public protocol LoadedBlock {
    /// Every picture it draws, by the name it draws it under, for the window.
    var images: [String: String] { get }
    /// What is worth saying about a file that runs all the same (deprecated lines).
    var warnings: [ScenarioDiagnostic] { get }
    /// What `check` says of a good file after `ok`: "(prompt sequence: 4 phases, …)".
    var checkSummary: String { get }
    /// The title its own file gives it, for the screen before it ("Practice: friend or foe"),
    /// so that blocks of one kind tell apart; nil shows the kind's screen title.
    var title: String? { get }
    /// The figures it reports, when they depend on its file (a MATB scenario's tasks), so that
    /// `check` refuses a practice criterion on a figure it never reports; nil otherwise.
    var reportedFigures: [String]? { get }
    /// What this machine lacks that the block needs (a library), said by `check`.
    func machineWarnings(file: String) -> [String]
    /// How long it lasts at `speed` block seconds per real second, when that is known before it
    /// runs; nil for what the participant paces.
    func expectedSeconds(speed: Double) -> Double?
    /// A generous guess at the bytes it writes, for the self-check's free-space test.
    func estimatedBytes(speed: Double) -> Double
    /// Whether it speaks (communications prompts, spoken texts), so the machine needs an audio output.
    var speaks: Bool { get }
    /// Whether it reads pens and touchscreens from evdev (each sample with its kernel time,
    /// pressure and tilt), so a batch reads them for every block.
    var readsPointerDevices: Bool { get }
    /// The host that runs it, when its turn comes.
    func host(_ request: BlockHostRequest) throws -> any BlockHost
}

extension LoadedBlock {
    public var title: String? { nil }
    public var reportedFigures: [String]? { nil }
    public var warnings: [ScenarioDiagnostic] { [] }
    public func machineWarnings(file: String) -> [String] { [] }
    public func expectedSeconds(speed: Double) -> Double? { nil }
    public var speaks: Bool { false }
    public var readsPointerDevices: Bool { false }
}
