/// A MATB session log as a BIDS behavioural events file (`*_events.tsv`) and its JSON
/// sidecar (docs/export.md): one row per scenario event, participant input, performance value,
/// dialog closed and note, `onset` and `duration` first.
public enum BIDSEvents {
    /// The `trial_type` of each kind of log row exported, and what it means.
    public static let levels: [(type: String, level: String, meaning: String)] = [
        ("event", "scenario_event", "A scenario line ran: a task started, stopped or a parameter changed (module: the task; address: the parameter or `self`; value: the new value or the method)."),
        ("input", "input", "The participant's input: a key, joystick button or axis, touch, pen or mouse (module: the device; address: the key, axis or pointer and action; value: `press`/`release`, the axis value or the position)."),
        ("performance", "performance", "A performance value a task logged (module: the task; address: the metric; value: its value)."),
        ("dialog", "dialog_closed", "A dialog closed (value: its title and `end`)."),
        ("manual", "note", "A note in the log: the session's end, a device notice, a warning (value: the text)."),
    ]

    /// The columns after `onset` and `duration`, with their descriptions.
    static let columns: [(name: String, description: String, units: String?)] = [
        ("onset", "Seconds from the log's first row on its own clock (the monotonic clock of the machine that ran the session), pauses included.", "s"),
        ("duration", "Events are instants.", "s"),
        ("trial_type", "What kind of log row the event comes from.", nil),
        ("scenario_time", "The scenario clock at the event, in seconds; it stands still while a dialog or blocking screen shows.", "s"),
        ("module", "The task or device the row names (the log's `module` column).", nil),
        ("address", "What in that task or device: a parameter, metric, key or pointer (the log's `address` column).", nil),
        ("value", "The row's value, as the log holds it (the log's `value` column).", nil),
    ]

    /// The events file's text.
    public static func tsv(_ rows: [SessionLogRow]) -> String {
        let levelByType = Dictionary(uniqueKeysWithValues: levels.map { ($0.type, $0.level) })
        let start = rows.lazy.compactMap { SessionLogClock.monotonicTime($0.logtime) }.first ?? MonotonicTime(nanoseconds: 0)
        var out = columns.map(\.name).joined(separator: "\t") + "\n"
        for row in rows {
            guard let level = levelByType[row.type], let time = SessionLogClock.monotonicTime(row.logtime) else { continue }
            // Settings and shell rows at the start are the log's own description, not events.
            if row.type == "manual" && (!row.module.isEmpty || row.scenarioTime == "0") { continue }
            let onset = TabSeparated.decimal(Double(time.since(start)) / 1e9, places: 6)
            let fields = [onset, "0", level, row.scenarioTime, row.module, row.address, row.value].map(BIDSEvents.cell)
            out += fields.joined(separator: "\t") + "\n"
        }
        return out
    }

    /// The sidecar's text: every column described, the levels of `trial_type`, and the software.
    public static func sidecar(version: String) -> String {
        var fields: [(String, String)] = columns.map { column in
            var described = [("Description", JSONText.quoted(column.description))]
            if let units = column.units { described.append(("Units", JSONText.quoted(units))) }
            if column.name == "trial_type" {
                described.append(("Levels", JSONText.object(levels.map { ($0.level, JSONText.quoted($0.meaning)) })))
            }
            return (column.name, JSONText.object(described))
        }
        fields.append(("StimulusPresentation", JSONText.object([
            ("SoftwareName", JSONText.quoted("labkiosk")), ("SoftwareVersion", JSONText.quoted(version)),
        ])))
        return JSONText.object(fields) + "\n"
    }

    /// A TSV cell: `n/a` when empty; tabs and line breaks, which cannot appear, as spaces.
    static func cell(_ text: String) -> String {
        text.isEmpty ? "n/a" : TabSeparated.cell(text)
    }
}
