import KioskCore

/// The host of a screen that writes nothing: a batch's "what comes next" screens and breaks.
/// The batch log says when each began and ended.
public final class PauseBlockHost: BlockHost {
    public let pause: PauseBlock
    /// The screen with a black corner patch, before a block whose onsets a patch checks.
    private let patched: OnsetPatchedBlock?
    public var block: any Block { patched ?? pause }
    public let notes: [String] = []

    public init(_ pause: PauseBlock, darkPatch: TimingPatch? = nil) {
        self.pause = pause
        patched = darkPatch.map { OnsetPatchedBlock(pause, patch: $0) }
    }

    public func begin(at time: MonotonicTime) { pause.begin(at: time) }
    public func endFrame(at time: MonotonicTime) throws {}
    public func finish() throws -> BlockRecord { BlockRecord(runNumber: 0, dataFiles: []) }
}
