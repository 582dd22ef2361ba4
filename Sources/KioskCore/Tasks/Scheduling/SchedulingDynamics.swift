/// What scheduling shows at a given scenario second (docs/openmatb-behaviour.md: Scheduling), as pure
/// functions.
enum SchedulingDynamics {
    /// The chronometer text: `Elapsed time \t HH:MM:SS` from the whole seconds elapsed, or
    /// `Remaining time \t HH:MM:SS` down to the last event's time, or empty when hidden.
    ///
    /// The separator is space, TAB, space; the clock wraps at 24 h (negative → 23:59:xx).
    static func chronometerText(
        elapsedSeconds: Int, display: Bool, reverse: Bool, referenceSeconds: Int, language: Language
    ) -> String {
        guard display else { return "" }
        if reverse {
            return Translations.text("Remaining time \t %s", language,
                                     ScenarioTimeFormat.clockText(Int64(referenceSeconds - elapsedSeconds)))
        }
        return Translations.text("Elapsed time \t %s", language, ScenarioTimeFormat.clockText(Int64(elapsedSeconds)))
    }

    /// Segments as the timeline shows them at `elapsedSeconds`: shifted so that now is 0,
    /// begins clamped at 0, ends at `spanSeconds`; segments already over are dropped.
    static func visibleSegments(
        _ segments: [ClosedRange<Int>], elapsedSeconds: Int, spanSeconds: Double
    ) -> [(begin: Double, end: Double)] {
        segments.compactMap { segment in
            let begin = Double(max(segment.lowerBound - elapsedSeconds, 0))
            let end = min(Double(segment.upperBound - elapsedSeconds), spanSeconds)
            return end < 0 ? nil : (begin, end)
        }
    }

    /// Whether `elapsedSeconds` lies in a manual segment (the top marker then turns green).
    static func isManual(_ timeline: SchedulingPlanning.Timeline, elapsedSeconds: Int) -> Bool {
        timeline.manual.contains { $0.lowerBound <= elapsedSeconds && elapsedSeconds < $0.upperBound }
    }
}
