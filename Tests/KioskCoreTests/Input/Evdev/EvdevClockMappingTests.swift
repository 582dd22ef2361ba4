import Testing
@testable import KioskCore

@Suite struct EvdevClockMappingTests {
    static let read = MonotonicTime(nanoseconds: 5_000_000_000_000)

    @Test func monotonicStampsAreKeptAsTheyAre() {
        var mapping = EvdevClockMapping(clock: .monotonic)
        let event = EvdevEvent(nanoseconds: Self.read.nanoseconds - 3_217_000, type: 0, code: 0, value: 0)
        let mapped = mapping.time(of: event, readTime: Self.read, realtimeMinusMonotonicNanoseconds: 123)
        #expect(mapped.time.nanoseconds == Self.read.nanoseconds - 3_217_000)
        #expect(mapped.problem == nil)
    }

    @Test func realtimeStampsAreConvertedWithTheOffsetMeasuredAtTheRead() {
        var mapping = EvdevClockMapping(clock: .realtime)
        let offset: Int64 = 1_700_000_000_000_000_000 - Self.read.nanoseconds
        let event = EvdevEvent(nanoseconds: 1_700_000_000_000_000_000 - 8_000_000, type: 0, code: 0, value: 0)
        #expect(mapping.time(of: event, readTime: Self.read, realtimeMinusMonotonicNanoseconds: offset).time.nanoseconds == Self.read.nanoseconds - 8_000_000)
    }

    @Test func implausibleStampsFallBackToTheReadTimeAndAreReportedOnce() {
        var mapping = EvdevClockMapping(clock: .monotonic)
        let future = EvdevEvent(nanoseconds: Self.read.nanoseconds + 60_000_000_000, type: 0, code: 0, value: 0)
        let ancient = EvdevEvent(nanoseconds: 1_000, type: 0, code: 0, value: 0)
        let first = mapping.time(of: future, readTime: Self.read, realtimeMinusMonotonicNanoseconds: 0)
        let second = mapping.time(of: ancient, readTime: Self.read, realtimeMinusMonotonicNanoseconds: 0)
        #expect(first.time == Self.read && second.time == Self.read)
        #expect(first.problem != nil && second.problem == nil)
        #expect(mapping.implausibleCount == 2)
        // A stamp a hair after the read (the clocks were read in that order) is the read time.
        let justAfter = EvdevEvent(nanoseconds: Self.read.nanoseconds + 1_000, type: 0, code: 0, value: 0)
        #expect(mapping.time(of: justAfter, readTime: Self.read, realtimeMinusMonotonicNanoseconds: 0) == (Self.read, nil))
    }
}
