/// What a ``PromptsBlock`` hands its host, in order, through ``PromptsBlock/takeOutputs()``.
public enum PromptsOutput: Hashable, Sendable {
    /// A line for the log (``PromptsLogFormat``).
    case row(PromptsRow)
    /// Text to speak now: a phase with `speech` has started.
    case speak(String)
    /// A marker to send to the recorders.
    case marker(PromptsMarker)

    /// The output with its frame time replaced by `frame`, the moment (on the block's clock,
    /// ``PromptsBlock/blockTime(of:)``) the frame that shows it reached the screen, or perhaps
    /// as early as `earliestPossible` (``PresentationRecord/earliestPossibleTime``, which a
    /// row carries and a marker cannot); outputs that are not shown at frame are returned as they are.
    public func shown(at frame: ScenarioTime, earliestPossible: ScenarioTime? = nil) -> PromptsOutput {
        switch self {
        case .row(var row) where row.isShownAtFrame:
            row.frame = frame
            row.frameEarliest = earliestPossible
            return .row(row)
        case .marker(var marker) where marker.isShownAtFrame:
            marker.time = frame
            return .marker(marker)
        default:
            return self
        }
    }
}
