import RealModule

/// An ex-Gaussian response-time distribution: a normal part (`muMs`, `sigmaMs`) plus an
/// exponential tail (`tauMs`), the shape choice response times take (its mean is mu + tau).
public struct ExGaussian: Hashable, Sendable {
    public var muMs: Double
    public var sigmaMs: Double
    public var tauMs: Double

    public init(muMs: Double, sigmaMs: Double, tauMs: Double) {
        self.muMs = muMs
        self.sigmaMs = sigmaMs
        self.tauMs = tauMs
    }

    /// The distribution with every part scaled by `factor` (a later visit's faster responses).
    public func scaled(by factor: Double) -> ExGaussian {
        ExGaussian(muMs: muMs * factor, sigmaMs: sigmaMs * factor, tauMs: tauMs * factor)
    }

    /// One response time in milliseconds, never below 1 ms.
    public func drawMilliseconds(_ generator: inout SplitMix64) -> Double {
        let normal = muMs + sigmaMs * Self.standardNormal(&generator)
        // 1 − U lies in (0, 1], so the logarithm is finite.
        let exponential = -tauMs * Double.log(1 - generator.nextUnit())
        return max(1, normal + exponential)
    }

    /// A standard normal draw (Box–Muller, one of the pair).
    static func standardNormal(_ generator: inout SplitMix64) -> Double {
        let radius = (-2 * Double.log(1 - generator.nextUnit())).squareRoot()
        return radius * Double.cos(2 * Double.pi * generator.nextUnit())
    }
}
