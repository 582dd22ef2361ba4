import Foundation
import KioskCore
import KioskData
import Synchronization
import Testing

@testable import KioskShell

@Suite struct DeviceOutputsTests {
    static let frame = MonotonicTime(nanoseconds: 5_000_000_000)

    private func row(_ address: String) -> LogRecord {
        LogRecord(logtime: Self.frame, scenarioTime: .seconds(2), kind: .event, module: "labstreaminglayer", address: address, value: .string("x"))
    }

    private func output(_ action: DeviceOutput.Action, index: Int, time: ScenarioTime = .seconds(2)) -> DeviceOutput {
        DeviceOutput(action, time: time, logtime: Self.frame, recordIndex: index)
    }

    @Test func rowsStreamFromTheirIndexAndMarkersGoInOrder() {
        let stream = RecordingStream()
        let devices = DeviceOutputs(makeStream: { stream }, parallelPort: nil)
        let rows = (0..<4).map { row("r\($0)") }
        let problems = devices.perform(
            [output(.openMarkerStream, index: 0), output(.pushMarker("hello"), index: 1), output(.streamLogRows(true), index: 2)],
            rows: rows, now: Self.frame, scenarioTime: .seconds(2), speed: 1)
        #expect(problems.isEmpty)
        #expect(stream.samples.map(\.text) == [
            "hello",
            "5.0;2.0;event;labstreaminglayer;r2;x",
            "5.0;2.0;event;labstreaminglayer;r3;x",
        ])
        #expect(stream.samples.allSatisfy { $0.time == Self.frame })
        // Closing stops the rows at once.
        _ = devices.perform([output(.closeMarkerStream, index: 1)], rows: [row("a"), row("b")], now: Self.frame, scenarioTime: .seconds(2), speed: 1)
        #expect(stream.samples.last?.text == "5.0;2.0;event;labstreaminglayer;a;x")
    }

    @Test func inAWindowEverySampleOfAFrameIsStampedWhenTheFrameWasShown() {
        let stream = RecordingStream()
        let devices = DeviceOutputs(makeStream: { stream }, parallelPort: nil)
        let shown = MonotonicTime(nanoseconds: Self.frame.nanoseconds + 16_683_333)
        _ = devices.perform(
            [output(.openMarkerStream, index: 0), output(.streamLogRows(true), index: 0), output(.pushMarker("onset"), index: 1)],
            rows: [row("r0"), row("r1")], now: Self.frame, scenarioTime: .seconds(2), speed: 1, shownAt: shown)
        #expect(stream.samples.map(\.text) == ["5.0;2.0;event;labstreaminglayer;r0;x", "onset", "5.0;2.0;event;labstreaminglayer;r1;x"])
        // The rows' text keeps the log's time; the timestamps say when the frame was seen.
        #expect(stream.samples.map(\.time) == [shown, shown, shown])
    }

    @Test func anOutletThatCannotOpenIsAProblemNotACrash() {
        let devices = DeviceOutputs(makeStream: { throw ShellError("no network") }, parallelPort: nil)
        let problems = devices.perform([output(.openMarkerStream, index: 0), output(.pushMarker("m"), index: 0)], rows: [],
                                       now: Self.frame, scenarioTime: .seconds(2), speed: 1)
        #expect(problems == ["no network"])
    }

    @Test func portBytesKeepTheirScenarioSpacing() throws {
        let port = RecordingPort()
        let writer = ParallelPortWriter(device: port)
        let devices = DeviceOutputs(makeStream: nil, parallelPort: writer)
        let now = MonotonicClock.now()
        // A frame that computed a 5 ms pulse 12 and 7 ms ago.
        _ = devices.perform(
            [output(.writeParallelPort(10), index: 0, time: .milliseconds(988)), output(.writeParallelPort(0), index: 0, time: .milliseconds(993))],
            rows: [], now: now, scenarioTime: .seconds(1), speed: 1)
        devices.close()
        let writes = port.writes.withLock { $0 }
        #expect(writes.map(\.byte) == [10, 0])
        // Each byte goes out at its scenario time's place plus one frame of latency, never
        // earlier: 988 ms is 12 ms behind the frame, so due 4.67 ms after it; 993 ms, 9.67 ms.
        // (How much later depends on the machine's load, so only a loose bound is checked.)
        let first = Double(writes[0].time.since(now)) / 1e6, second = Double(writes[1].time.since(now)) / 1e6
        #expect(first >= 4.6 && second >= 9.6, "\(first) ms, \(second) ms")
        #expect(second < 60, "\(second) ms")
    }

    @Test func closingLeavesTheDataLinesLow() {
        let port = RecordingPort()
        let writer = ParallelPortWriter(device: port)
        writer.write(42, due: MonotonicClock.now())
        writer.close()
        #expect(port.writes.withLock { $0.map(\.byte) } == [42, 0])
    }
}
