/// A photodiode on a sound card's line-in: the classic cheap sensor. Its samples cross the
/// threshold when the patch turns on and off; each crossing is an edge at its sample's time.
///
/// A panel whose backlight is dimmed by pulsing it (PWM) makes the diode flicker hundreds of
/// times a second while the patch is lit. A dark gap shorter than `flickerHold` is that
/// flicker, not the patch going dark: the edge it would make is held back until the reading
/// has stayed dark that long, and dropped if the light comes back first.
public struct LineInLightSensor: Sendable {
    public let threshold: LightThreshold
    /// Dark gaps shorter than this many samples are flicker.
    public let flickerHoldSamples: Int64
    private var isLight = false
    /// The sample at which the reading went dark, while that is not yet held long enough.
    private var darkSince: Int64?
    private var samplesSeen: Int64 = 0
    /// Dark gaps dropped as flicker.
    public private(set) var flickerGaps = 0

    public init(threshold: LightThreshold, flickerHoldSamples: Int64) {
        self.threshold = threshold
        self.flickerHoldSamples = flickerHoldSamples
    }

    /// An edge at a sample index, before it is put on the monotonic clock.
    public struct Crossing: Hashable, Sendable {
        public var sample: Int64
        public var isLight: Bool
    }

    /// The crossings completed by the next `samples` of the stream.
    public mutating func crossings(in samples: [Double]) -> [Crossing] {
        var found: [Crossing] = []
        for value in samples {
            defer { samplesSeen += 1 }
            let reads = threshold.isRising ? (light: value >= threshold.rising, dark: value <= threshold.falling)
                                           : (light: value <= threshold.rising, dark: value >= threshold.falling)
            if reads.light {
                if darkSince != nil { flickerGaps += 1 }
                darkSince = nil
                if !isLight {
                    isLight = true
                    found.append(Crossing(sample: samplesSeen, isLight: true))
                }
            } else if reads.dark, isLight, darkSince == nil {
                darkSince = samplesSeen
            }
            if let since = darkSince, samplesSeen - since + 1 >= flickerHoldSamples {
                isLight = false
                darkSince = nil
                found.append(Crossing(sample: since, isLight: false))
            }
        }
        return found
    }

    /// The crossings as edges on the monotonic clock; those before the mapping knows any block are dropped.
    public static func edges(_ crossings: [Crossing], on clock: SampleClockMapping) -> [LightEdge] {
        crossings.compactMap { crossing in clock.time(ofSample: crossing.sample).map { LightEdge(time: $0, isLight: crossing.isLight) } }
    }
}
