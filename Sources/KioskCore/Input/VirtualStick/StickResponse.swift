import RealModule

/// How a stick deflection becomes the axis values tasks receive: dead zone, sensitivity
/// curve, axis inversion and gain, applied in that order.
///
/// The dead zone and the curve act on the deflection's length, so the direction of a
/// deflection is kept: a diagonal stays a diagonal.
public struct StickResponse: Hashable, Sendable {
    /// How the deflection's length (past the dead zone, rescaled to 0...1) maps to output.
    public enum Curve: Hashable, Sendable {
        /// Output equals input.
        case linear
        /// `(e^(k·r) − 1) / (e^k − 1)`: finer control near the centre, the full range at the
        /// edge; larger `factor` (k > 0) means a flatter centre.
        case exponential(factor: Double)
    }

    /// Fraction of full deflection (0 ≤ d < 1) that reads as centred.
    public var deadZone: Double
    public var curve: Curve
    public var invertX: Bool
    public var invertY: Bool
    /// Multiplies the shaped deflection; results are clipped to −1...1 per axis.
    public var gain: Double

    public init(deadZone: Double = 0.05, curve: Curve = .linear, invertX: Bool = false, invertY: Bool = false, gain: Double = 1) {
        self.deadZone = deadZone
        self.curve = curve
        self.invertX = invertX
        self.invertY = invertY
        self.gain = gain
    }

    /// The largest dead zone accepted; beyond it the stick would have no travel left.
    public static let maximumDeadZone = 0.9

    /// The axis values for a raw deflection (each axis −1...1; longer vectors are clipped
    /// to the unit circle), rounded to the log's six decimals.
    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        guard x.isFinite, y.isFinite else { return (0, 0) }
        let length = (x * x + y * y).squareRoot()
        let dead = min(max(deadZone, 0), Self.maximumDeadZone)
        guard length > dead, length > 0 else { return (0, 0) }
        let clipped = min(length, 1)
        let shaped = shape((clipped - dead) / (1 - dead))
        let scale = shaped / length * (gain.isFinite ? gain : 1)
        var outX = x * scale, outY = y * scale
        if invertX { outX = -outX }
        if invertY { outY = -outY }
        return (Self.quantized(outX), Self.quantized(outY))
    }

    /// `value` clipped to −1...1 and rounded to six decimals, the precision of the log,
    /// so a replay from the log feeds tasks exactly what the live session fed them.
    public static func quantized(_ value: Double) -> Double {
        guard value.isFinite else { return 0 }
        let rounded = (min(max(value, -1), 1) * 1_000_000).rounded() / 1_000_000
        return rounded == 0 ? 0 : rounded  // no negative zero in the log
    }

    private func shape(_ r: Double) -> Double {
        switch curve {
        case .linear:
            return r
        case .exponential(let factor):
            guard factor > 1e-9, factor.isFinite else { return r }
            return (Double.exp(factor * r) - 1) / (Double.exp(factor) - 1)
        }
    }
}
