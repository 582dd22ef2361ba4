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
