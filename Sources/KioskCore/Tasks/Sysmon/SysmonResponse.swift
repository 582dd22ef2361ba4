/// Signal-detection classes of sysmon responses (docs/openmatb-behaviour.md: System monitoring, Log rows).
enum SysmonSignalDetection: String, Hashable, Sendable {
    /// A failure ended by a response, or by the automatic solver.
    case hit = "HIT"
    /// A failure that timed out.
    case miss = "MISS"
    /// A response to a gauge that was not failing.
    case falseAlarm = "FA"
}

/// One scored response, as sysmon logs it: three `performance` rows.
struct SysmonResponse: Equatable {
    var gauge: SysmonGauge
    var name: String
    var detection: SysmonSignalDetection
    /// Milliseconds counted per update for a hit; `nil` (logged `nan`) otherwise.
    var responseTime: PythonNumber?

    /// The rows `name`, `signal_detection`, `response_time`, in OpenMATB's order.
    var performanceRows: [(address: String, value: PyValue)] {
        [("name", .string(name)), ("signal_detection", .string(detection.rawValue)),
         ("response_time", responseTime?.pyValue ?? .float(.nan))]
    }
}
