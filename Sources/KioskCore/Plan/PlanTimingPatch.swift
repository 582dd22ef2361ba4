/// A plan's corner patch (docs/timing.md, "Every onset checked: the corner patch"): where it
/// is drawn, how large, and the light sensor on it.
public struct PlanTimingPatch: Hashable, Sendable {
    public var corner: OnsetPatchCorner
    public var size: Int
    /// The sensor's `/dev/input/event*` node.
    public var sensor: String
    /// The sensor's key on a board with several; nil takes the first key it reports.
    public var sensorKey: UInt16?

    public init(corner: OnsetPatchCorner, size: Int = OnsetPatchCorner.defaultSize, sensor: String, sensorKey: UInt16? = nil) {
        self.corner = corner
        self.size = size
        self.sensor = sensor
        self.sensorKey = sensorKey
    }

    /// The largest side a patch may have: a corner of the smallest screen a plan runs on.
    public static let largestSize = 400
}
