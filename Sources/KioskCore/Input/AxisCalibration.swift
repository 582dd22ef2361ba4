/// How one stick axis's raw values map to −1...1: its two ends, its rest position, and a
/// dead zone around that rest position, all in the device's raw units.
///
/// Each half of the axis is scaled on its own (centre to each end), so a stick whose rest
/// position is off-centre still reads 0 at rest and ±1 at its ends. Values past the dead
/// zone are rescaled so the output is continuous at the dead zone's edge.
public struct AxisCalibration: Hashable, Sendable {
    public var minimum: Double
    public var center: Double
    public var maximum: Double
    public var deadZone: Double

    public init(minimum: Double, center: Double, maximum: Double, deadZone: Double = 0) {
        self.minimum = minimum
        self.center = center
        self.maximum = maximum
        self.deadZone = deadZone
    }

    /// The calibration a device's own axis info implies: the middle of its range, and its
    /// `flat` as dead zone. With no flat this is exactly pyglet's (so OpenMATB's) mapping,
    /// `2 (v − min) / (max − min) − 1`.
    public init(_ axis: EvdevDeviceInfo.Axis) {
        minimum = Double(axis.minimum)
        maximum = Double(axis.maximum)
        center = (minimum + maximum) / 2
        deadZone = Double(max(0, axis.flat))
    }

    /// Whether both halves of the axis have travel left past the dead zone.
    public var isUsable: Bool {
        let dead = max(deadZone, 0)
        return [minimum, center, maximum, deadZone].allSatisfy(\.isFinite) && maximum - center - dead > 0 && center - minimum - dead > 0
    }

    /// Why the axis cannot be used, for the log; `nil` when it can.
    public var problem: String? {
        guard !isUsable else { return nil }
        if !(minimum < maximum) { return "its range \(Self.text(minimum))...\(Self.text(maximum)) has no width" }
        return "its rest position \(Self.text(center)) and dead zone \(Self.text(deadZone)) leave no travel within \(Self.text(minimum))...\(Self.text(maximum))"
    }

    /// The normalised value of `raw` (−1...1, rounded to the log's six decimals); 0 if the
    /// axis is unusable. Values beyond the ends read as the end.
    public func normalize(_ raw: Double) -> Double {
        guard isUsable, raw.isFinite else { return 0 }
        let offset = raw - center
        let dead = max(deadZone, 0)
        guard abs(offset) > dead else { return 0 }
        let value = offset > 0 ? (offset - dead) / (maximum - center - dead) : (offset + dead) / (center - minimum - dead)
        return StickResponse.quantized(value)
    }

    private static func text(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
    }
}
