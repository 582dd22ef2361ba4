extension SessionLogFormat {
    /// The string OpenMATB pushes to its LSL outlet for one log row while `streamsession`
    /// is on: the six column values, rounded as in the CSV, each through Python's `str()`,
    /// joined by `;` with no quoting. Unlike the CSV, `None` is written `None`.
    public static func labStreamingLayerSample(for record: LogRecord) -> String {
        let scenarioTime: PyValue = record.scenarioTime.map { .float($0.seconds) } ?? .int(0)
        return [
            columnValue(.float(record.logtime.seconds)).pythonStr,
            columnValue(scenarioTime).pythonStr,
            record.kind.rawValue,
            record.module,
            record.address,
            columnValue(record.value).pythonStr,
        ].joined(separator: ";")
    }
}
