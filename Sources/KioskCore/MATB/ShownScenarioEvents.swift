/// The scenario events that change what the screen shows, each found in the frame whose rows
/// first log that change: the corner patch's MATB event onsets (docs/timing.md, "Every onset
/// checked: the corner patch").
///
/// A task logs a `state` row for every property of its widgets that changes and draws only
/// what those rows say (docs/openmatb-behaviour.md: Task lifecycle), so an event changed the
/// screen when its task logs such a row from the event to its next compute step: a start,
/// stop, show or hide at once (the cover), a parameter at the refresh the event asks for, an
/// automation label at the compute step that reads it. Rows that a task's dynamics or its
/// clocks write whatever the scenario does are not the event's: with them, every event at a
/// tracking update would be an onset.
struct ShownScenarioEvents {
    private struct Watch {
        var plugin: String
        var onset: DrawnOnset
        /// The task's compute step at or after the event: what the event changes is logged by then.
        var until: ScenarioTime
        /// Where the event's rows begin in the rows not yet taken from the block.
        var firstRow: Int
    }

    private var watches: [Watch] = []

    /// The reticle's position, a scale's arrow, a tank's fluid, a radio's tuning, the
    /// performance bar, the chronometer and scheduling's markers, and the overdue alarm's
    /// blinking.
    private static let movedByDynamics: Set<String> = [
        "cursor_relative", "cursor_proportional", "arrow", "fluid_level", "fluid_label", "radio_frequency", "top_bound_color",
    ]
    private static let widgetsMovedByDynamics: Set<String> = ["elapsed_time, text", "bar, level", "bar, color", "overdue, visibility"]

    /// Watches an event just run on `host`, whose rows began at `firstRow`.
    mutating func eventRan(_ event: ScenarioEvent, on host: TaskHost, at time: ScenarioTime, firstRow: Int) {
        // Only a corner patch takes the onsets: a block nobody checks keeps just the events
        // whose change may still come.
        watches.removeAll { $0.until < time }
        // A page is a `page` onset; an invisible task draws nothing.
        guard host.placement != .fullscreen && host.placement != .invisible else { return }
        let label: String
        switch event.command {
        case .lifecycle(let method):
            label = "\(event.plugin);\(method.rawValue)"
        case .set(let path, let value):
            // The gauge showing it is the `sysmon failure` onset (a scale's arrow an update later).
            if host.plugin is SysmonTask && path.hasSuffix("-failure") { return }
            label = "\(event.plugin);\(path);\(value.pythonStr)"
        case .systemPause:
            return
        }
        let computes = host.isAlive && !host.isPaused
        watches.append(Watch(plugin: event.plugin, onset: DrawnOnset(kind: "\(event.plugin) event", label: label),
                             until: computes ? max(time, host.nextUpdate ?? time) : time, firstRow: firstRow))
    }

    /// The events whose change `rows` log first: the rows not yet taken, of which those from
    /// `unread` on are new. Events whose change can no longer come by `now` are let go.
    mutating func onsets(in rows: [LogRecord], unread: Int, now: ScenarioTime) -> [DrawnOnset] {
        guard !watches.isEmpty else { return [] }
        var onsets: [DrawnOnset] = []
        watches.removeAll { watch in
            let shown = rows[max(watch.firstRow, unread)...].contains { row in
                row.kind == .state && row.module == watch.plugin && (row.scenarioTime ?? now) <= watch.until && !Self.isMovedByDynamics(row.address)
            }
            if shown { onsets.append(watch.onset) }
            return shown || watch.until <= now
        }
        return onsets
    }

    /// The rows were taken from the block: a watch's change comes in rows logged after.
    mutating func rowsTaken() {
        for index in watches.indices { watches[index].firstRow = 0 }
    }

    /// The session ended: its last frame gives way to the next screen and has no `presented` row.
    mutating func sessionEnded() {
        watches.removeAll()
    }

    private static func isMovedByDynamics(_ address: String) -> Bool {
        if widgetsMovedByDynamics.contains(address) { return true }
        guard let attribute = address.split(separator: " ").last else { return false }
        return movedByDynamics.contains(String(attribute))
    }
}
