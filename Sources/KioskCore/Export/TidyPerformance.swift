/// Every performance value of one or more MATB session logs as one long CSV table, one row
/// per value, that R's `read.csv` and pandas' `read_csv` read without options (docs/export.md).
public enum TidyPerformance {
    public static let header = "participant,session,run,task,onset,scenario_time,metric,value\n"

    /// The rows of one log.
    /// - Parameters:
    ///   - participant, session, run: what identifies the log in the table.
    public static func rows(_ rows: [SessionLogRow], participant: String, session: String, run: Int) -> String {
        let start = rows.lazy.compactMap { SessionLogClock.monotonicTime($0.logtime) }.first ?? MonotonicTime(nanoseconds: 0)
        var out = ""
        for row in rows where row.type == "performance" {
            guard let time = SessionLogClock.monotonicTime(row.logtime) else { continue }
            let onset = TabSeparated.decimal(Double(time.since(start)) / 1e9, places: 6)
            // `nan` (a miss has no response time) is a missing value to R and pandas alike.
            let value = row.value == "nan" ? "" : row.value
            out += [participant, session, String(run), row.module, onset, row.scenarioTime, row.address, value]
                .map(SessionLogFormat.quotedIfNeeded).joined(separator: ",") + "\n"
        }
        return out
    }
}
