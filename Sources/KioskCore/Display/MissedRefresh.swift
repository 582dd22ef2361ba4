/// A refresh that passed with no new frame although one was due (one frame per refresh).
public struct MissedRefresh: Hashable, Sendable {
    /// The display's refresh counter at that refresh.
    public var sequence: UInt64
    /// When it happened: placed evenly between the two reported refreshes around it, which is
    /// exact for a display whose refreshes are evenly spaced.
    public var time: MonotonicTime

    public init(sequence: UInt64, time: MonotonicTime) {
        self.sequence = sequence
        self.time = time
    }
}
