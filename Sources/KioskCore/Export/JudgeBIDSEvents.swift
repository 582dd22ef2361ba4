/// A judgement log as a BIDS behavioural events file (`*_events.tsv`) and its sidecar
/// (docs/export.md): one row per trial, from the image's onset for as long as it showed, with
/// the answer, its correctness and its response time, then the lab's own columns.
public enum JudgeBIDSEvents {
    /// The columns before the lab's, with their descriptions and units.
    static let columns: [(name: String, description: String, units: String?)] = [
        ("onset", "When the image showed (the frame that first showed it reached the screen), in seconds from the block's first frame.", "s"),
        ("duration", "How long the image stayed on screen.", "s"),
        ("trial_type", "The trial's condition: the value of the configuration's condition column, or the right answer when it names none.", nil),
        ("response_time", "From the image's onset to the answer's input (its own timestamp: kernel time for evdev devices); n/a without an answer.", "s"),
        ("practice", "1 for a practice trial, which the summary leaves out.", nil),
        ("trial", "The trial's number in its run (practice and counted trials are numbered apart).", nil),
        ("image", "The image, as the trial list names it (relative to the list's folder; the images are not copied into the dataset, so not BIDS's stim_file).", nil),
        ("expected", "The right answer; go or nogo in go/no-go.", nil),
        ("response", "The answer given; n/a when none was.", nil),
        ("input", "What gave the answer: a key name, JOY_BTN_n, or tap / click / pen on its button.", nil),
        ("correct", "1 when the answer (or, in go/no-go, withholding one) was right.", nil),
        ("timed_out", "1 when the response window ended without an answer.", nil),
    ]

    /// The events file's text.
    public static func tsv(_ log: JudgeLogFile) -> String {
        let conditionIndex = log.value("condition").flatMap { log.extraColumns.firstIndex(of: $0) }
        var out = (columns.map(\.name) + log.extraColumns).joined(separator: "\t") + "\n"
        for row in log.rows {
            let condition = conditionIndex.map { row.extras[$0] } ?? row.expected
            let fields = [TabSeparated.decimal(row.onsetSeconds, places: 6), TabSeparated.decimal(row.shownMilliseconds / 1000, places: 6),
                          condition, TabSeparated.decimal(row.responseMilliseconds.map { $0 / 1000 }, places: 6), row.practice ? "1" : "0",
                          String(row.trial), row.image, row.expected, row.response, row.input, row.correct ? "1" : "0", row.timedOut ? "1" : "0"]
                + row.extras
            out += fields.map(BIDSEvents.cell).joined(separator: "\t") + "\n"
        }
        return out
    }

    /// The sidecar's text: every column described (the lab's as carried from its trial list).
    public static func sidecar(_ log: JudgeLogFile, version: String) -> String {
        var fields: [(String, String)] = columns.map { column in
            var described = [("Description", JSONText.quoted(column.description))]
            if let units = column.units { described.append(("Units", JSONText.quoted(units))) }
            return (column.name, JSONText.object(described))
        }
        for column in log.extraColumns {
            fields.append((column, JSONText.object([("Description", JSONText.quoted("The trial list's `\(column)` column, as the lab wrote it."))])))
        }
        fields.append(("StimulusPresentation", JSONText.object([
            ("SoftwareName", JSONText.quoted("labkiosk")), ("SoftwareVersion", JSONText.quoted(version)),
        ])))
        return JSONText.object(fields) + "\n"
    }
}
