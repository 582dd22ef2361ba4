import Testing

@testable import KioskCore

@Suite struct LineInLightSensorTests {
    @Test func thresholdLiesBetweenTheDarkAndLitLevels() throws {
        let threshold = try LightThreshold.find(dark: [0.10, 0.11, 0.09, 0.10], light: [0.90, 0.91, 0.89, 0.90]).get()
        #expect(abs(threshold.rising - 0.70) < 1e-9)
        #expect(abs(threshold.falling - 0.30) < 1e-9)
        // A sensor wired inverted reads lower in the light.
        let inverted = try LightThreshold.find(dark: [0.9, 0.9], light: [0.1, 0.1]).get()
        #expect(!inverted.isRising)
    }

    @Test func aSensorThatReadsAlikeInBothNeverSeesLight() {
        let found = LightThreshold.find(dark: [0.10, 0.12, 0.08, 0.11], light: [0.11, 0.09, 0.12, 0.10])
        guard case .failure(let problem) = found else {
            Issue.record("a threshold was found in noise")
            return
        }
        #expect(problem.description.contains("never sees light"))
        #expect(LightThreshold.find(dark: [], light: [1]) == .failure(.noReadings))
    }

    @Test func crossingsAreFoundWithHysteresis() {
        var sensor = LineInLightSensor(threshold: LightThreshold(rising: 0.7, falling: 0.3), flickerHoldSamples: 1)
        // Noise around 0.5 neither turns light on nor off.
        let samples = [0.1, 0.5, 0.6, 0.8, 0.5, 0.4, 0.2, 0.5, 0.9]
        let crossings = sensor.crossings(in: samples)
        #expect(crossings == [.init(sample: 3, isLight: true), .init(sample: 6, isLight: false), .init(sample: 8, isLight: true)])
    }

    @Test func flickerShorterThanTheHoldIsRejected() {
        // A lit patch under a backlight pulsed dark for 2 samples in every 10, then dark for good.
        var samples: [Double] = Array(repeating: 0, count: 10)
        for _ in 0..<5 { samples += Array(repeating: 1, count: 8) + [0, 0] }
        samples += Array(repeating: 0, count: 20)
        var sensor = LineInLightSensor(threshold: LightThreshold(rising: 0.7, falling: 0.3), flickerHoldSamples: 5)
        let crossings = sensor.crossings(in: samples)
        #expect(crossings == [.init(sample: 10, isLight: true), .init(sample: 58, isLight: false)])
        #expect(sensor.flickerGaps == 4)
        // Without the hold every pulse is an edge.
        var naive = LineInLightSensor(threshold: LightThreshold(rising: 0.7, falling: 0.3), flickerHoldSamples: 1)
        #expect(naive.crossings(in: samples).count == 10)
    }

    @Test func crossingsSplitAcrossBlocksAreFoundOnce() {
        var sensor = LineInLightSensor(threshold: LightThreshold(rising: 0.7, falling: 0.3), flickerHoldSamples: 3)
        let first = sensor.crossings(in: [0, 1, 1, 0])
        let second = sensor.crossings(in: [0, 0, 0])
        #expect(first == [.init(sample: 1, isLight: true)])
        #expect(second == [.init(sample: 3, isLight: false)])
    }

    @Test func samplesAreMappedByTheEarliestDeliveryAndTheMeasuredRate() {
        // A 48 kHz card running 50 ppm fast; blocks of 480 samples delivered 2 to 7 ms late.
        let trueRate = 48_000 * 1.000_05
        let start: Int64 = 1_000_000_000
        var mapping = SampleClockMapping(nominalRate: 48_000)
        for block in 1...2000 {
            let samples = Int64(block * 480)
            let taken = Double(start) + Double(samples) / trueRate * 1e9
            let delay = 2_000_000 + Double((block * 7919) % 5000) * 1000
            mapping.blockArrived(samplesSoFar: samples, at: MonotonicTime(nanoseconds: Int64(taken + delay)))
        }
        #expect(abs(mapping.measuredRate / trueRate - 1) < 2e-6)
        let sample: Int64 = 900_000
        let truth = Double(start) + Double(sample) / trueRate * 1e9
        let mapped = mapping.time(ofSample: sample).map { Double($0.nanoseconds) } ?? 0
        // The earliest delivery was 2 ms late: the mapping is off by that much, not by the mean 4.5 ms.
        #expect(abs(mapped - truth - 2_000_000) < 100_000)
        #expect(SampleClockMapping(nominalRate: 48_000).time(ofSample: 0) == nil)
    }
}
