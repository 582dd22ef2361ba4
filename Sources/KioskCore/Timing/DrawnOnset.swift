/// An onset a block logs, drawn in the frame about to be sent: what the corner patch checks
/// against the light (docs/timing.md, "Every onset checked: the corner patch").
public struct DrawnOnset: Hashable, Sendable {
    /// What kind of onset: `image on`, `phase start`, `page`.
    public var kind: String
    /// Which one: the image's file, the phase's name, the page's number.
    public var label: String

    public init(kind: String, label: String) {
        self.kind = kind
        self.label = label
    }
}

/// A block whose logged onsets are each the presentation of the frame that first showed them,
/// and which says which frame that is, so a corner patch can check every one against the light.
public protocol OnsetReporting: Block {
    /// The onsets the frame about to be drawn shows first, each handed over once.
    func takeDrawnOnsets() -> [DrawnOnset]
}
