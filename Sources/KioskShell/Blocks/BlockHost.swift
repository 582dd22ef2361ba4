import KioskCore

/// What a block kind needs of the machine while it runs: its data files, its devices and
/// its sounds. The runner drives the block and calls its host at the start and the end of
/// every frame; the host is the only piece that knows the kind's formats.
public protocol BlockHost: AnyObject {
    /// The block being run.
    var block: any Block { get }
    /// Things worth telling the operator as the run starts (devices found, libraries loaded).
    var notes: [String] { get }
    /// Appends the inputs the host's own devices received since the last frame (an LSL inlet
    /// an adaptive rule reads), after the window's.
    func collectInputs(into inputs: inout [InputEvent])
    /// Begins the block and writes its opening rows, at the first frame.
    func begin(at time: MonotonicTime)
    /// Moves what the block produced this frame to its files, devices and speakers; syncs the
    /// files when the block's clock stops. Throws when a file can no longer be written.
    func endFrame(at time: MonotonicTime) throws
    /// The frame last drawn was shown at the presentation's time: the refresh that showed it
    /// where the display reports one (known at the next frame), else the moment the window
    /// system took it, as the presentation's clock says. In a window only, after that frame's
    /// `endFrame` and before the next frame advances the block.
    func framePresented(_ presentation: PresentationRecord) throws
    /// Hands over the last output and closes the files and devices.
    func finish() throws -> BlockRecord
}

extension BlockHost {
    /// Most kinds log their rows with the frame's time and need not know when it showed.
    public func framePresented(_ presentation: PresentationRecord) throws {}
    /// Most kinds read no device of their own.
    public func collectInputs(into inputs: inout [InputEvent]) {}
}

/// How a run is set up for the hosts it makes.
public struct RunContext: Sendable {
    /// No window: nothing is heard or seen, and what waits for a participant is dismissed.
    public var headless: Bool
    /// Block seconds per real second inside the block (``RunOptions/blockSpeed(headless:)``).
    public var blockSpeed: Double
    /// The clock that stamps the run's onsets, which every log names.
    public var onsetClock: OnsetClock
    /// How the display reports each frame (`X11 Present`), where it does.
    public var displayPath: String? = nil
}

/// Where a finished block's data went.
public struct BlockRecord: Sendable {
    /// The run number its files carry.
    public var runNumber: Int
    /// Its data files, main file first.
    public var dataFiles: [String]
    /// Figures summing the block up for the session catalogue (`name`, `value`).
    public var figures: [(name: String, value: String)] = []
    /// Why the session ends after this block, for good, with no further block (the
    /// participant declined consent); nil for the usual case.
    public var endsSession: String?
}
