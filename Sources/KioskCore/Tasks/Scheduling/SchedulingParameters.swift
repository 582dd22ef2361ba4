/// Scheduling's scenario parameters (docs/openmatb-behaviour.md: Scheduling), typed.
struct SchedulingParameters: Equatable {
    /// Minutes shown by the timelines, as the scenario gave it (a float is accepted,
    /// docs/openmatb-behaviour.md: Parameter validators).
    var minDuration: PyValue
    var displayChronometer: Bool
    var reverseChronometer: Bool
    /// `displayedplugins`: a list of aliases, or one alias (the list validator turns a single
    /// item into a scalar).
    var displayedPlugins: PyValue
    /// `labels`: column letters by column index, or one letter.
    var labels: PyValue

    init(_ values: ParameterValues) {
        minDuration = values["minduration"]
        displayChronometer = values.bool("displaychronometer")
        reverseChronometer = values.bool("reversechronometer")
        displayedPlugins = values["displayedplugins"]
        labels = values["labels"]
    }

    /// Whole minutes the timelines show (at least 1): OpenMATB truncates with `int()` when
    /// it draws the ruler.
    var wholeMinutes: Int {
        let minutes = minDuration.number ?? 8
        return minutes.isFinite ? max(1, min(10_000, Int(minutes))) : 8
    }

    /// The span the timelines show, in seconds (`minduration · 60`).
    var spanSeconds: Double { (minDuration.number ?? 8) * 60 }

    /// Whether the column of `alias` shows: membership in the list, or — for a single value,
    /// a string — Python's substring test, as OpenMATB's `in` does.
    func displays(_ alias: String) -> Bool {
        switch displayedPlugins {
        case .list(let items), .tuple(let items): items.contains(.string(alias))
        case .string(let text): text.contains(alias)
        default: false
        }
    }

    /// The letter under column `index`: the first character of its label, upper-cased.
    ///
    /// A label missing from the list (OpenMATB would crash) falls back to the default letter.
    func letter(column index: Int) -> String {
        let fallback = SchedulingPlanning.defaultLabels[index]
        let label: String?
        switch labels {
        case .list(let items), .tuple(let items): label = index < items.count ? items[index].pythonStr : nil
        case .string(let text): label = index < text.count ? String(Array(text)[index]) : nil
        default: label = nil
        }
        return (label?.first.map { String($0) } ?? fallback).uppercased()
    }
}
