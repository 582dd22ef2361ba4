import KioskCore
import Testing

@testable import KioskShell

@Suite struct InputLatencyStatisticsTests {
    @Test func latencyRunsFromEachEventsOwnTimeToStateAndPresentation() {
        var statistics = InputLatencyStatistics()
        let t = { (ms: Int64) in MonotonicTime(nanoseconds: ms * 1_000_000) }
        statistics.recordRead(nanoseconds: 20_000)
        statistics.recordRead(nanoseconds: 2_000_000)
        statistics.recordDelivered([InputEvent(time: t(100), .joystickAxes(x: 1, y: 0)), InputEvent(time: t(104), .keyPress("A")),
                                    InputEvent(time: t(110), .joystickButton("JOY_BTN_1", pressed: true))], stateTime: t(116))
        statistics.recordPresented(at: t(120))
        #expect(statistics.eventCount == 2)
        #expect(statistics.description == "input latency: 2 joystick events; event → task state p50 6.00 ms, p99 16.00 ms, max 16.00 ms; "
                + "event → presented p50 10.00 ms, p99 20.00 ms; reader per frame: p50 20 µs, p99 2000 µs, max 2000 µs over 2 frames, 1 over 1 ms")
    }
}
