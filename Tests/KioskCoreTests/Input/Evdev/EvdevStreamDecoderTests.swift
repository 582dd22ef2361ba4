import Testing
@testable import KioskCore

@Suite struct EvdevStreamDecoderTests {
    static let events = [
        EvdevEvent(seconds: 1_700_000_000, microseconds: 250_000, type: EvdevCode.absolute, code: EvdevCode.absX, value: 512),
        EvdevEvent(seconds: 1_700_000_000, microseconds: 250_000, type: EvdevCode.key, code: 0x120, value: 1),
        EvdevEvent(seconds: 1_700_000_000, microseconds: 250_000, type: EvdevCode.synchronization, code: EvdevCode.synReport, value: 0),
    ]

    @Test func layoutIsTheKernels24ByteStruct() {
        let bytes = EvdevEvent(seconds: 1, microseconds: 2, type: 3, code: 4, value: -5).bytes
        #expect(bytes.count == 24)
        #expect(bytes == [1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 4, 0, 0xfb, 0xff, 0xff, 0xff])
        #expect(EvdevEvent(nanoseconds: 1_500_000_999, type: 0, code: 0, value: 0).microseconds == 500_000)
    }

    @Test func eventsSplitAcrossReadsOfAnySizeDecodeTheSame() {
        let stream = Self.events.flatMap(\.bytes)
        for chunk in [1, 5, 23, 24, 25, 48, 72] {
            var decoder = EvdevStreamDecoder()
            var decoded: [EvdevEvent] = []
            var offset = 0
            while offset < stream.count {
                let end = min(offset + chunk, stream.count)
                decoded += decoder.decode(Array(stream[offset..<end])).events
                offset = end
            }
            #expect(decoded == Self.events, "chunks of \(chunk)")
            #expect(decoder.finish() == 0)
        }
    }

    @Test func aTruncatedTailIsReportedAtTheEnd() {
        var decoder = EvdevStreamDecoder()
        let stream = Self.events.flatMap(\.bytes)
        #expect(decoder.decode(Array(stream.dropLast(7))).events == Array(Self.events.prefix(2)))
        #expect(decoder.finish() == 17)
    }

    @Test func malformedRecordsAreSkippedAndALongRunIsGarbage() {
        var bad = Self.events[0]
        bad.type = 0x7777
        var badTime = Self.events[0]
        badTime.microseconds = 2_000_000
        var decoder = EvdevStreamDecoder()
        let output = decoder.decode(bad.bytes + badTime.bytes + Self.events[2].bytes)
        #expect(output.events == [Self.events[2]])
        #expect(output.malformed == 2 && !output.isGarbage)
        let noise = (0..<(24 * 40)).map { UInt8(truncatingIfNeeded: $0 * 7919 + 13) | 0x80 }
        let garbage = decoder.decode(noise)
        #expect(garbage.isGarbage)
        #expect(garbage.events.isEmpty)
    }

    @Test func impossibleTimestampsAreNotTimestamps() {
        #expect(EvdevEvent(seconds: -1, microseconds: 0, type: 0, code: 0, value: 0).timestampNanoseconds == nil)
        #expect(EvdevEvent(seconds: .max, microseconds: 0, type: 0, code: 0, value: 0).timestampNanoseconds == nil)
        #expect(EvdevEvent(seconds: 2, microseconds: 999_999, type: 0, code: 0, value: 0).timestampNanoseconds == 2_999_999_000)
    }
}
