/// What scheduling's widgets show, as OpenMATB's widgets hold them; a refresh logs one
/// `state` row per change (docs/openmatb-behaviour.md: Scheduling).
struct SchedulingDisplay: Equatable {
    /// The chronometer text (`elapsed_time, text`).
    var chronometer: String
    /// The ruler's span (`timeline, max_time_minute`), as last set.
    var maxTimeMinute: PyValue
    /// Each column's top marker colour (`<alias>, top_bound_color`): grey, then green for
    /// good once a manual segment is reached (OpenMATB quirk).
    var topMarkersGreen = [Bool](repeating: false, count: 4)
    /// The whole second the display was last brought to.
    var elapsedSeconds: Int

    /// The widgets as `start` creates them at `elapsedSeconds`.
    init(_ parameters: SchedulingParameters, planning: SchedulingPlanning, elapsedSeconds: Int, language: Language) {
        self.elapsedSeconds = elapsedSeconds
        chronometer = SchedulingDynamics.chronometerText(
            elapsedSeconds: elapsedSeconds, display: parameters.displayChronometer, reverse: parameters.reverseChronometer,
            referenceSeconds: planning.referenceSeconds, language: language)
        maxTimeMinute = .int(parameters.wholeMinutes)
    }

    /// Brings the widgets to `elapsedSeconds`; returns the `(widget, attribute, value)` of each
    /// change in OpenMATB's order: ruler, chronometer, then each displayed column's marker.
    mutating func refresh(
        elapsedSeconds: Int, _ parameters: SchedulingParameters, planning: SchedulingPlanning, language: Language
    ) -> [(widget: String, attribute: String, value: PyValue)] {
        var changes: [(String, String, PyValue)] = []
        self.elapsedSeconds = elapsedSeconds
        if let minutes = parameters.minDuration.number, minutes != maxTimeMinute.number {
            maxTimeMinute = parameters.minDuration
            changes.append(("timeline", "max_time_minute", parameters.minDuration))
        }
        let text = SchedulingDynamics.chronometerText(
            elapsedSeconds: elapsedSeconds, display: parameters.displayChronometer, reverse: parameters.reverseChronometer,
            referenceSeconds: planning.referenceSeconds, language: language)
        if text != chronometer {
            chronometer = text
            changes.append(("elapsed_time", "text", .string(text)))
        }
        for (column, alias) in SchedulingPlanning.columns.enumerated() where parameters.displays(alias) {
            if !topMarkersGreen[column], SchedulingDynamics.isManual(planning.timelines[column], elapsedSeconds: elapsedSeconds) {
                topMarkersGreen[column] = true
                changes.append((alias, "top_bound_color", .color(.green)))
            }
        }
        return changes
    }
}
