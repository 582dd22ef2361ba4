/// A log compared row by row with its session run again (docs/verify.md).
///
/// Every column but `logtime` must match: `logtime` is the wall clock's, which no
/// re-simulation can know. The `version` row is not compared (a log is verified with the
/// labkiosk at hand), nor the rows the shell wrote beside the session's (participant, batch
/// notes, the display's `presented` rows).
public enum SessionLogVerification {
    /// How the comparison ended.
    public enum Outcome: Hashable, Sendable {
        /// Every row was reproduced, through the session's `end` row.
        case identical(rows: Int)
        /// The log stops without an `end` row (the session was interrupted); every row it
        /// has was reproduced.
        case identicalAsFarAsItGoes(rows: Int)
        /// The first row that differs.
        case diverged(Divergence)
        /// The session waits for the participant and the log holds no input that answered:
        /// it cannot be run further (the row is the first one left unchecked).
        case waitingForInput(rowsChecked: Int, nextRow: SessionLogRow)
    }

    /// The first difference between the log and the session run again.
    public struct Divergence: Hashable, Sendable {
        /// How many rows matched before it.
        public var rowsChecked: Int
        /// The logged row (`nil` when the log ends there and the session goes on).
        public var logged: SessionLogRow?
        /// The re-simulated row without `logtime` (`nil` when the session ended there and the
        /// log goes on).
        public var reenacted: String?
    }

    /// Runs `reenactment` on and compares every row it writes with `rows`.
    /// - Parameters:
    ///   - rows: the log's rows, as read.
    ///   - reenactment: a fresh re-simulation of the same log.
    public static func compare(_ rows: [SessionLogRow], with reenactment: SessionReenactment) -> Outcome {
        let header = SessionLogHeader(rows: rows)
        // The display's reports (``MATBPresentedOnsets``) are the shell's too, wherever they fall.
        let expected = rows.indices.filter { !header.shellRows.contains($0) }.map { rows[$0] }
            .filter { !MATBPresentedOnsets.isPresentationRow(type: $0.type, module: $0.module) }
        let complete = rows.last.map { $0.type == "manual" && $0.module.isEmpty && $0.value == "end" } ?? false
        var checked = 0

        func check(_ records: [LogRecord]) -> Outcome? {
            for record in records {
                guard checked < expected.count else {
                    return complete
                        ? .diverged(Divergence(rowsChecked: checked, logged: nil, reenacted: timelessText(record)))
                        : .identicalAsFarAsItGoes(rows: checked)
                }
                let logged = expected[checked]
                if record.kind != .version || logged.type != "version" {
                    let text = timelessText(record)
                    if text != logged.timelessText {
                        return .diverged(Divergence(rowsChecked: checked, logged: logged, reenacted: text))
                    }
                }
                checked += 1
            }
            return nil
        }

        // A session that writes nothing for a minute past the log's last row has gone astray.
        let giveUp = (rows.last?.scenarioClock ?? .zero) + .seconds(60)
        var horizon = ScenarioTime.zero
        while true {
            if let outcome = check(reenactment.run(until: horizon)) { return outcome }
            if checked == expected.count && !complete { return .identicalAsFarAsItGoes(rows: checked) }
            if reenactment.session.isFinished {
                return checked == expected.count
                    ? .identical(rows: checked)
                    : .diverged(Divergence(rowsChecked: checked, logged: expected[checked], reenacted: nil))
            }
            if reenactment.isWaitingWithoutInput {
                return .waitingForInput(rowsChecked: checked, nextRow: expected[checked])
            }
            if horizon > giveUp {
                return .diverged(Divergence(rowsChecked: checked, logged: checked < expected.count ? expected[checked] : nil, reenacted: nil))
            }
            horizon += .seconds(1)
        }
    }

    /// A row as the log writes it, without `logtime`.
    public static func timelessText(_ record: LogRecord) -> String {
        let line = SessionLogFormat.line(for: record)
        return String(line.drop { $0 != "," }.dropFirst().dropLast())
    }
}
