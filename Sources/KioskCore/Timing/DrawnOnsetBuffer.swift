/// The onsets a block drew since a corner patch last took them (``OnsetReporting``). Only a
/// patch takes them, every frame; a block nobody checks keeps the last few, not a session's worth.
public struct DrawnOnsetBuffer: Sendable {
    private var onsets: [DrawnOnset] = []
    /// More than any one frame shows.
    static let kept = 8

    public init() {}

    public mutating func note(kind: String, label: String) {
        if onsets.count >= Self.kept { onsets.removeFirst() }
        onsets.append(DrawnOnset(kind: kind, label: label))
    }

    public mutating func take() -> [DrawnOnset] {
        defer { onsets = [] }
        return onsets
    }
}
