import Testing

@testable import KioskCore

@Suite struct FrameStatisticsTests {
    @Test func percentilesUseNearestRank() {
        let intervals: [Int64] = (1...100).map { Int64($0) * 1_000_000 }
        let stats = FrameStatistics(intervalsNanoseconds: intervals.shuffled(), periodNanoseconds: 16_666_667)
        #expect(stats.sampleCount == 100)
        #expect(stats.p50Nanoseconds == 50_000_000)
        #expect(stats.p99Nanoseconds == 99_000_000)
        #expect(stats.maxNanoseconds == 100_000_000)
        #expect(stats.meanNanoseconds == 50_500_000)
        #expect(stats.lateCount == 75)  // > 25 ms
        #expect(stats.over33msCount == 67)  // > 33 ms
    }

    @Test func emptyAndSingle() {
        #expect(FrameStatistics(intervalsNanoseconds: [], periodNanoseconds: 1).p99Nanoseconds == 0)
        #expect(FrameStatistics.percentile([7], 0.99) == 7)
        #expect(FrameStatistics.percentile([1, 2, 3, 4], 0.5) == 2)
    }
}
