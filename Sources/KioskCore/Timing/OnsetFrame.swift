/// A frame of a patched block that first showed logged onsets: when it was begun, when the
/// display reported it shown (the time its onsets were logged with), and which way the patch
/// turned in it.
public struct OnsetFrame: Hashable, Sendable {
    public var onsets: [DrawnOnset]
    /// The frame's start on CLOCK_MONOTONIC: its light cannot come before.
    public var frameStart: MonotonicTime
    /// The presentation the block stamped its onsets with; nil until the display reports it.
    public var presented: MonotonicTime?
    /// The earliest refresh that may have shown the frame, when the display's figures cannot
    /// tell (``PresentationRecord/earliestPossibleTime``); ``presented`` is then the latest.
    public var earliestPossible: MonotonicTime?
    /// Whether the patch turned white in this frame (else black).
    public var patchLit: Bool

    public init(onsets: [DrawnOnset], frameStart: MonotonicTime, presented: MonotonicTime?, earliestPossible: MonotonicTime? = nil, patchLit: Bool) {
        self.onsets = onsets
        self.frameStart = frameStart
        self.presented = presented
        self.earliestPossible = earliestPossible
        self.patchLit = patchLit
    }
}
