/// What a photodiode on a sound card's line-in read through a `timing` run: every sample, and
/// when each block of them reached the machine. Once the run is over its light edges are found
/// from the readings themselves: the threshold from what the sensor read on the dark screen
/// before the first flash and in the middle of the longest flashes, where the patch is lit
/// whatever the display's lag (``LightThreshold``); the crossings with that threshold
/// (``LineInLightSensor``), each put on CLOCK_MONOTONIC by ``SampleClockMapping``.
public struct LineInRecording: Sendable {
    /// The card's rate as asked for, samples per second.
    public let nominalRate: Double
    public private(set) var samples: [Int16] = []
    /// Each block's end: samples delivered so far, and when it arrived.
    public private(set) var blocks: [(samplesSoFar: Int64, arrived: MonotonicTime)] = []

    /// Dark gaps shorter than this are a pulsed backlight's flicker, not the patch going dark.
    public static let flickerHoldMilliseconds = 4.0

    public init(nominalRate: Double, expectedSeconds: Double = 0) {
        self.nominalRate = nominalRate
        samples.reserveCapacity(Int(nominalRate * max(expectedSeconds, 0)))
    }

    /// A block of samples that arrived at `time`.
    public mutating func append<Samples: Collection>(_ block: Samples, arrivedAt time: MonotonicTime) where Samples.Element == Int16 {
        samples.append(contentsOf: block)
        blocks.append((Int64(samples.count), time))
    }

    /// The light edges, with the dark gaps dropped as flicker.
    public struct Light: Sendable {
        public var edges: [LightEdge]
        public var threshold: LightThreshold
        public var flickerGaps: Int
    }

    /// - Parameters:
    ///   - dark: a time the screen was black under the sensor.
    ///   - lit: times the patch was surely lit.
    public func light(dark: ClosedRange<MonotonicTime>, lit: [ClosedRange<MonotonicTime>]) -> Result<Light, LightThreshold.Problem> {
        var clock = SampleClockMapping(nominalRate: nominalRate)
        for block in blocks { clock.blockArrived(samplesSoFar: block.samplesSoFar, at: block.arrived) }
        func readings(_ span: ClosedRange<MonotonicTime>) -> [Double] {
            guard let first = clock.sample(at: span.lowerBound), let last = clock.sample(at: span.upperBound) else { return [] }
            let (from, to) = (max(first, 0), min(last + 1, Int64(samples.count)))
            return from < to ? samples[Int(from)..<Int(to)].map(Double.init) : []
        }
        let threshold: LightThreshold
        switch LightThreshold.find(dark: readings(dark), light: lit.flatMap(readings)) {
        case .success(let found): threshold = found
        case .failure(let problem): return .failure(problem)
        }
        var sensor = LineInLightSensor(threshold: threshold, flickerHoldSamples: Int64((nominalRate * Self.flickerHoldMilliseconds / 1000).rounded(.up)))
        var crossings: [LineInLightSensor.Crossing] = []
        // In stretches, so that no copy of the whole recording as numbers is ever made.
        let stretch = Int(nominalRate)
        for start in stride(from: 0, to: samples.count, by: stretch) {
            crossings += sensor.crossings(in: samples[start..<min(start + stretch, samples.count)].map(Double.init))
        }
        return .success(Light(edges: LineInLightSensor.edges(crossings, on: clock), threshold: threshold, flickerGaps: sensor.flickerGaps))
    }
}
