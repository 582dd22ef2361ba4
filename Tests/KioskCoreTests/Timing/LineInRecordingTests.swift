import Testing

@testable import KioskCore

/// A line-in recorded at 48 kHz in blocks of 64 samples, each block reaching the machine
/// `delivery` after its last sample was taken, the first sample taken at 10 s.
@Suite struct LineInRecordingTests {
    let start: Int64 = 10_000_000_000

    private func time(ofSample index: Int64) -> MonotonicTime {
        MonotonicTime(nanoseconds: start + index * 1_000_000_000 / 48_000)
    }

    private func recording(lit: Range<Int64>, total: Int64, delivery: (Int) -> Int64, dark: Int16 = 2_000, light: Int16 = 20_000) -> LineInRecording {
        var recording = LineInRecording(nominalRate: 48_000)
        var block = 0
        for first in stride(from: Int64(0), to: total, by: 64) {
            // A little noise on either level, never near the other.
            let samples = (first..<first + 64).map { lit.contains($0) ? light + Int16($0 % 7) * 30 : dark - Int16($0 % 5) * 30 }
            recording.append(samples, arrivedAt: MonotonicTime(nanoseconds: time(ofSample: first + 64).nanoseconds + delivery(block)))
            block += 1
        }
        return recording
    }

    @Test func edgesAreTheCrossingsOnTheMachinesClock() throws {
        // Lit from 1.0 s to 1.1 s of the recording; blocks delivered 0.2 to 3 ms late, the
        // earliest 0.2 ms: the mapping is that late at most.
        let recorded = recording(lit: 48_000..<52_800, total: 96_000, delivery: { 200_000 + Int64($0 % 9) * 350_000 })
        let light = try recorded.light(dark: time(ofSample: 9_600)...time(ofSample: 38_400), lit: [time(ofSample: 49_000)...time(ofSample: 52_000)]).get()
        #expect(light.edges.map(\.isLight) == [true, false])
        #expect(abs(light.edges[0].time.since(time(ofSample: 48_000)) - 200_000) < 25_000)
        #expect(abs(light.edges[1].time.since(time(ofSample: 52_800)) - 200_000) < 25_000)
        #expect(light.threshold.isRising && light.threshold.falling > 2_000 && light.threshold.rising < 20_000)
        #expect(light.flickerGaps == 0)
    }

    @Test func aSensorThatReadsTheSameLitAndDarkNeverSeesLight() {
        let recorded = recording(lit: 48_000..<52_800, total: 96_000, delivery: { _ in 0 }, dark: 2_000, light: 2_010)
        let found = recorded.light(dark: time(ofSample: 9_600)...time(ofSample: 38_400), lit: [time(ofSample: 49_000)...time(ofSample: 52_000)])
        guard case .failure(let problem) = found else {
            Issue.record("light was found in noise")
            return
        }
        #expect(problem.description.contains("never sees light"))
    }

    @Test func windowsOutsideTheRecordingGiveNoReadings() {
        let recorded = recording(lit: 0..<0, total: 4_800, delivery: { _ in 0 })
        let found = recorded.light(dark: time(ofSample: 96_000)...time(ofSample: 99_000), lit: [time(ofSample: 100_000)...time(ofSample: 101_000)])
        #expect(found.failureProblem == .noReadings)
    }
}

private extension Result where Failure == LightThreshold.Problem {
    var failureProblem: LightThreshold.Problem? {
        if case .failure(let problem) = self { problem } else { nil }
    }
}
