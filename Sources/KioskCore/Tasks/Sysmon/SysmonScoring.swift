/// Signal-detection classes of sysmon responses (spec §6.1, §8.3).
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

/// How sysmon scores the end of a failure and a false alarm.
enum SysmonScoring {
    /// The feedback a failure's end earns: positive if the participant responded or the
    /// automation solved it, negative if it timed out.
    static func feedback(success: Bool, automaticSolver: Bool) -> SysmonFeedbackType {
        automaticSolver || success ? .positive : .negative
    }

    /// The response logged when a failure ends with `feedback` after `responseTime` ms.
    static func endOfFailure(
        _ gauge: SysmonGauge, name: String, feedback: SysmonFeedbackType, responseTime: PythonNumber
    ) -> SysmonResponse {
        feedback == .positive
            ? SysmonResponse(gauge: gauge, name: name, detection: .hit, responseTime: responseTime)
            : SysmonResponse(gauge: gauge, name: name, detection: .miss, responseTime: nil)
    }

    /// The response logged for a key or tap on a gauge that was not failing.
    static func falseAlarm(_ gauge: SysmonGauge, name: String) -> SysmonResponse {
        SysmonResponse(gauge: gauge, name: name, detection: .falseAlarm, responseTime: nil)
    }
}
