import Testing

@testable import KioskCore

@Suite struct EvdevLightSensorTests {
    private func key(_ code: UInt16, _ value: Int32, at microseconds: Int64) -> EvdevEvent {
        EvdevEvent(nanoseconds: microseconds * 1000, type: EvdevCode.key, code: code, value: value)
    }

    @Test func pressIsLightAndReleaseIsDarkAtTheKernelsTime() {
        var sensor = EvdevLightSensor()
        let edges = sensor.edges(in: [key(256, 1, at: 1_000_016), EvdevEvent(nanoseconds: 1_000_016_000, type: 0, code: 0, value: 0),
                                      key(256, 0, at: 1_050_000)])
        #expect(edges == [LightEdge(time: MonotonicTime(nanoseconds: 1_000_016_000), isLight: true),
                          LightEdge(time: MonotonicTime(nanoseconds: 1_050_000_000), isLight: false)])
        #expect(sensor.keyCode == 256)
    }

    @Test func repeatsOtherKeysAndUnchangedStatesAreNoEdges() {
        var sensor = EvdevLightSensor(keyCode: 257)
        let edges = sensor.edges(in: [key(256, 1, at: 10), key(257, 0, at: 11), key(257, 1, at: 12), key(257, 2, at: 13),
                                      key(257, 1, at: 14), key(257, 0, at: 15)])
        #expect(edges.map(\.time.nanoseconds) == [12_000, 15_000])
        #expect(edges.map(\.isLight) == [true, false])
    }

    @Test func droppedReportsAreCounted() {
        var sensor = EvdevLightSensor()
        _ = sensor.edges(in: [EvdevEvent(nanoseconds: 5, type: EvdevCode.synchronization, code: EvdevCode.synDropped, value: 0)])
        #expect(sensor.droppedReports == 1)
    }
}
