import KioskCore
import KioskData

/// Performs the session's device actions (docs/openmatb-behaviour.md: Parallel port, Lab Streaming Layer):
/// the LSL outlet's markers and streamed log rows, the parallel port's bytes. Opened before the session
/// starts, so a missing liblsl or port stops the run at once instead of mid-session.
public final class DeviceOutputs {
    private let makeStream: (() throws -> MarkerStream)?
    private let parallelPort: ParallelPortWriter?
    private var stream: MarkerStream?
    /// A closed outlet kept open a little longer: liblsl drops samples still on their way
    /// when an outlet is destroyed, so the last markers before a `stop` would be lost.
    private var closing: (stream: MarkerStream, until: MonotonicTime)?
    private var isStreamingRows = false

    /// How long a closed outlet lingers for its last samples to reach the recorders.
    public static let lingerNanoseconds: Int64 = 1_000_000_000
    /// What the run found to say about the devices (library path, port).
    public let notes: [String]

    /// Prepares what `scenario` uses: liblsl if it has `labstreaminglayer`, the port if it
    /// has `parallelport` and `catalog` says the machine has one.
    /// - Throws: `ShellError` with the fix, when liblsl or the port cannot be used.
    public convenience init(scenario: Scenario, catalog: PluginCatalog, parallelPortPath: String = PPDevParallelPort.defaultPath()) throws {
        var notes: [String] = []
        var makeStream: (() throws -> MarkerStream)?
        if scenario.plugins.contains(PluginAlias.labstreaminglayer) {
            let library = try LabStreamingLayerLibrary()
            notes.append("labstreaminglayer: liblsl \(library.version) from \(library.path)")
            makeStream = { try MarkerOutlet(library: library) }
        }
        var port: ParallelPortWriter?
        if scenario.plugins.contains(PluginAlias.parallelport), catalog.descriptor(for: PluginAlias.parallelport)?.parameter("trigger") != nil {
            port = ParallelPortWriter(device: try PPDevParallelPort(path: parallelPortPath))
            notes.append("parallelport: writing to \(parallelPortPath)")
        }
        self.init(makeStream: makeStream, parallelPort: port, notes: notes)
    }

    /// Devices given directly (tests).
    public init(makeStream: (() throws -> MarkerStream)?, parallelPort: ParallelPortWriter?, notes: [String] = []) {
        self.makeStream = makeStream
        self.parallelPort = parallelPort
        self.notes = notes
    }

    /// Performs one frame's outputs, pushing the frame's rows to the outlet while row
    /// streaming is on; each output takes effect before the row at its `recordIndex`.
    /// - Parameters:
    ///   - now: the frame's time; `scenarioTime` the session's scenario time then; `speed`
    ///     scenario seconds per real second. Parallel-port bytes are due at `now` minus how
    ///     far their scenario time lies behind.
    ///   - shownAt: in a window, when the display showed the frame (docs/timing.md): every LSL
    ///     sample of the frame, marker or row, is stamped with it, and the port's bytes are due
    ///     that much later. Without it (headless) a sample carries its own row's time.
    /// - Returns: problems to report (an outlet that failed, a port write that failed).
    public func perform(_ outputs: [DeviceOutput], rows: [LogRecord], now: MonotonicTime, scenarioTime: ScenarioTime, speed: Double,
                        shownAt: MonotonicTime? = nil) -> [String] {
        var problems: [String] = []
        var pending = outputs[...]
        // Most frames have no output and stream no rows: their rows are not even looked at.
        if isStreamingRows || !pending.isEmpty {
            for index in rows.indices {
                while let next = pending.first, next.recordIndex <= index {
                    pending.removeFirst()
                    perform(next, now: now, scenarioTime: scenarioTime, speed: speed, shownAt: shownAt, problems: &problems)
                }
                if isStreamingRows, let stream {
                    stream.push(SessionLogFormat.labStreamingLayerSample(for: rows[index]), at: shownAt ?? rows[index].logtime)
                }
            }
        }
        for output in pending { perform(output, now: now, scenarioTime: scenarioTime, speed: speed, shownAt: shownAt, problems: &problems) }
        if let parallelPort { problems += parallelPort.takeProblems() }
        if let lingering = closing, now >= lingering.until { closing = nil }
        return problems
    }

    private func perform(_ output: DeviceOutput, now: MonotonicTime, scenarioTime: ScenarioTime, speed: Double, shownAt: MonotonicTime?,
                         problems: inout [String]) {
        switch output.action {
        case .openMarkerStream:
            guard stream == nil, let makeStream else { return }
            do { stream = try makeStream() } catch { problems.append("\(error)") }
        case .closeMarkerStream:
            if let stream { closing = (stream, MonotonicTime(nanoseconds: now.nanoseconds + Self.lingerNanoseconds)) }
            stream = nil
            isStreamingRows = false
        case .pushMarker(let text):
            if stream?.push(text, at: shownAt ?? output.logtime) == false { problems.append("labstreaminglayer: liblsl refused the marker \(text)") }
        case .streamLogRows(let on):
            isStreamingRows = on
        case .writeParallelPort(let byte):
            let behind = Double((scenarioTime - output.time).nanoseconds) / max(speed, 1e-9)
            parallelPort?.write(byte, due: MonotonicTime(nanoseconds: (shownAt ?? now).nanoseconds - Int64(behind)))
        }
    }

    /// Lets the port finish its writes and the outlet deliver its last samples, then closes them.
    public func close() {
        parallelPort?.close()
        if let stream, closing == nil { closing = (stream, MonotonicTime(nanoseconds: MonotonicClock.now().nanoseconds + Self.lingerNanoseconds)) }
        stream = nil
        if let lingering = closing { MonotonicClock.sleep(until: lingering.until) }
        closing = nil
    }
}
