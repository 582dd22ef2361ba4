import KioskCore

/// The host of a screen that writes nothing: a batch's "what comes next" screens and breaks.
/// The batch log says when each began and ended.
public final class PauseBlockHost: BlockHost {
    public let pause: PauseBlock
    public var block: any Block { pause }
    public let notes: [String] = []

    public init(_ pause: PauseBlock) {
        self.pause = pause
    }

    public func begin(at time: MonotonicTime) { pause.begin(at: time) }
    public func endFrame(at time: MonotonicTime) throws {}
    public func finish() throws -> BlockRecord { BlockRecord(runNumber: 0, dataFiles: []) }
}
