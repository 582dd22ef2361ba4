/// A marker for the recorders (an LSL marker stream, a parallel-port byte): sent when a phase
/// starts, when the pause screen shows and when the block finishes (docs/prompts.md: Markers).
public struct PromptsMarker: Hashable, Sendable {
    public var name: String
    /// The parallel-port byte, when the phase gives one.
    public var code: UInt8?
    /// On the block's clock; for a marker shown at frame, the frame's (``PromptsOutput/shown(at:)``).
    public var time: ScenarioTime
    /// Whether the marker goes with what a frame shows: a window sends it when that frame
    /// reaches the screen, stamped with that moment, rather than when the block decided it.
    public var isShownAtFrame: Bool

    public init(name: String, code: UInt8? = nil, time: ScenarioTime, isShownAtFrame: Bool) {
        self.name = name
        self.code = code
        self.time = time
        self.isShownAtFrame = isShownAtFrame
    }

    /// The markers the block sends beside the phases' own.
    public static let pauseName = "pause", finishedName = "finished"
}
