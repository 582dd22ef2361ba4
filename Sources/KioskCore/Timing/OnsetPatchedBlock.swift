/// A block with a patch in a corner, over its drawing, that turns from black to white or back
/// on every frame that first shows one of its logged onsets, so a light sensor on the patch
/// sees each such frame as one edge (docs/timing.md, "Every onset checked: the corner patch").
/// Everything else is the block's own. Over a block that reports no onsets the patch stays
/// black: the screen before a checked block, so that its first onset is an edge whatever the
/// sensor saw before.
public final class OnsetPatchedBlock: Block {
    /// The block the patch checks, or the screen it stays dark over.
    public let inner: any Block
    public let patch: TimingPatch
    /// Whether the patch is white now; it starts black.
    public private(set) var isLit = false
    /// The onsets the frame about to be drawn shows first (empty on most frames).
    private var frameOnsets: [DrawnOnset] = []

    public init(_ inner: any Block, patch: TimingPatch) {
        self.inner = inner
        self.patch = patch
    }

    public var canvas: Canvas { inner.canvas }
    public func begin(at time: MonotonicTime) { inner.begin(at: time) }

    public func advance(to time: MonotonicTime, inputs: [InputEvent]) {
        inner.advance(to: time, inputs: inputs)
        takeOnsets()
    }

    public func drawList() -> DrawList {
        var list = inner.drawList()
        list.fill(patch.rect(on: canvas), isLit ? Color(255, 255, 255) : Color(0, 0, 0))
        return list
    }

    public var isClockRunning: Bool { inner.isClockRunning }
    public var isWaitingForParticipant: Bool { inner.isWaitingForParticipant }
    public var wantsPointer: Bool { inner.wantsPointer }
    public var isFinished: Bool { inner.isFinished }
    public var elapsedSeconds: Double { inner.elapsedSeconds }

    public func dismissWaitingScreen(at time: MonotonicTime) {
        inner.dismissWaitingScreen(at: time)
        takeOnsets()
    }

    public func report(_ message: String, fatal: Bool, at time: MonotonicTime) { inner.report(message, fatal: fatal, at: time) }
    public func end(at time: MonotonicTime) { inner.end(at: time) }

    /// Onsets drawn by a dismissal between frames join the next frame's, which shows them.
    private func takeOnsets() {
        let new = (inner as? any OnsetReporting)?.takeDrawnOnsets() ?? []
        guard !new.isEmpty else { return }
        if frameOnsets.isEmpty { isLit.toggle() }
        frameOnsets += new
    }

    /// The frame's onsets, handed over once the frame is recorded; the next frame starts with none.
    public func takeFrameOnsets() -> [DrawnOnset] {
        defer { frameOnsets = [] }
        return frameOnsets
    }
}
