/// Something a task sends to a device outside the window: a marker to a Lab Streaming
/// Layer outlet, a byte to the parallel port. The core only describes it; the shell opens
/// the devices and performs it (docs/openmatb-behaviour.md: Parallel port, Lab Streaming Layer).
public struct DeviceOutput: Hashable, Sendable {
    /// What to do.
    public enum Action: Hashable, Sendable {
        /// Create the LSL outlet (name `OpenMATB`, type `Markers`, one string channel).
        case openMarkerStream
        /// Destroy the LSL outlet.
        case closeMarkerStream
        /// Push one string sample to the outlet.
        case pushMarker(String)
        /// Start (true) or stop pushing every log row to the outlet (`streamsession`).
        case streamLogRows(Bool)
        /// Write one byte to the parallel port's data lines.
        case writeParallelPort(UInt8)
    }

    public var action: Action
    /// The scenario time the task produced it at; the shell keeps the spacing of timed
    /// outputs (a parallel port pulse) from these.
    public var time: ScenarioTime
    /// The frame time it was produced in.
    public var logtime: MonotonicTime
    /// How many of the rows that ``MATBBlock/takeRecords()`` returns next were logged
    /// before it: rows from this index on come after it (for `streamLogRows`).
    public var recordIndex: Int

    public init(_ action: Action, time: ScenarioTime, logtime: MonotonicTime, recordIndex: Int = 0) {
        self.action = action
        self.time = time
        self.logtime = logtime
        self.recordIndex = recordIndex
    }
}
