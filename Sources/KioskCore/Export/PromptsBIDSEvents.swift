/// A prompts log as a BIDS behavioural events file (`*_events.tsv`) and its sidecar
/// (docs/export.md): one event per phase and per pause, from the frame that showed it to the
/// frame that showed what came next.
public enum PromptsBIDSEvents {
    static let columns: [(name: String, description: String, units: String?)] = [
        ("onset", "When the phase showed (the frame that first showed it reached the screen), in seconds from the block's start.", "s"),
        ("duration", "Until the frame that showed what came next.", "s"),
        ("trial_type", "The phase's name, or `pause` for the pause screen between trials.", nil),
        ("marker", "The marker sent to the recorders (Lab Streaming Layer, parallel port) when it showed.", nil),
        ("value", "The parallel-port code sent with the marker; n/a when none.", nil),
        ("trial", "The trial's place in the run, from 1.", nil),
        ("trial_index", "The [[trial]] table of the sequence file it ran, from 1.", nil),
        ("planned_duration", "The phase's planned length: its seconds or its speech's length; n/a when it waited for the participant.", "s"),
        ("text", "The text on screen, variables filled in.", nil),
        ("image", "The picture on screen, as the sequence file names it (not copied into the dataset).", nil),
        ("variables", "The trial's variables, name=value;name=value.", nil),
    ]

    public static func tsv(_ log: PromptsLogFile) -> String {
        var out = columns.map(\.name).joined(separator: "\t") + "\n"
        var started: (row: PromptsRow, type: String)?
        func emit(until end: PromptsRow) {
            guard let (row, type) = started else { return }
            started = nil
            let fields = [TabSeparated.decimal(row.frame.seconds, places: 6), TabSeparated.decimal(max(0, end.frame.seconds - row.frame.seconds), places: 6),
                          type, row.marker, row.code.map(String.init) ?? "", row.trial.map(String.init) ?? "",
                          row.trialIndex.map(String.init) ?? "", TabSeparated.decimal(row.plannedSeconds, places: 6), row.text, row.image,
                          PromptsRow.variablesCell(row.variables)]
            out += fields.map(BIDSEvents.cell).joined(separator: "\t") + "\n"
        }
        for row in log.rows {
            switch row.event {
            case .phaseStart: started = (row, row.phase)
            case .pause: started = (row, "pause")
            case .phaseEnd, .continue, .stop, .finished, .quit: emit(until: row)
            default: break
            }
        }
        return out
    }

    public static func sidecar(version: String) -> String {
        var fields: [(String, String)] = columns.map { column in
            var described = [("Description", JSONText.quoted(column.description))]
            if let units = column.units { described.append(("Units", JSONText.quoted(units))) }
            return (column.name, JSONText.object(described))
        }
        fields.append(("StimulusPresentation", JSONText.object([
            ("SoftwareName", JSONText.quoted("labkiosk")), ("SoftwareVersion", JSONText.quoted(version)),
        ])))
        return JSONText.object(fields) + "\n"
    }
}
