/// A light sensor's reading changing: the patch under it lit (`isLight`) or went dark, at
/// `time` on CLOCK_MONOTONIC (the kernel's event time, or a sample's time mapped to it).
public struct LightEdge: Hashable, Sendable {
    public var time: MonotonicTime
    public var isLight: Bool

    public init(time: MonotonicTime, isLight: Bool) {
        self.time = time
        self.isLight = isLight
    }
}
