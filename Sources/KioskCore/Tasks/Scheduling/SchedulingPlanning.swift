/// The timelines' content, computed once from the whole scenario when it loads (docs/openmatb-behaviour.md:
/// Scheduling): for each task, when it runs and when it is under manual control.
struct SchedulingPlanning: Equatable {
    /// One timeline's segments, in scenario seconds.
    struct Timeline: Equatable {
        /// Periods between a `start`/`resume` and the next `stop`/`pause` event.
        var running: [ClosedRange<Int>]
        /// Periods without automation.
        var manual: [ClosedRange<Int>]
    }

    /// The columns, in OpenMATB's fixed order (`displayedplugins` only hides some).
    static let columns = SchedulingDescriptor.displayedPlugins
    static let defaultLabels = ["S", "T", "C", "R"]

    var timelines: [Timeline]
    /// The reversed chronometer counts down to the time of the last event in file order.
    var referenceSeconds: Int

    init(timelines: [Timeline], referenceSeconds: Int) {
        self.timelines = timelines
        self.referenceSeconds = referenceSeconds
    }

    /// The planning of a scenario's events (in file order).
    init(events: [ScenarioEvent]) {
        referenceSeconds = events.last.map { Int($0.time.wholeSeconds) } ?? 0
        timelines = Self.columns.map { alias in
            let own = events.filter { $0.plugin == alias }
            var lifecycle: [Int] = []
            var automation: [(seconds: Int, on: Bool)] = []
            for event in own {
                let seconds = Int(event.time.wholeSeconds)
                switch event.command {
                case .lifecycle(.start), .lifecycle(.stop), .lifecycle(.resume), .lifecycle(.pause):
                    lifecycle.append(seconds)
                case .set(path: "automaticsolver", let value):
                    automation.append((seconds, value.isTruthy))
                default:
                    break
                }
            }
            let running = Self.pairs(lifecycle)
            guard !automation.isEmpty else { return Timeline(running: running, manual: running) }
            // Leading switches to manual change nothing; then manual control runs from the first
            // start to the first switch, and alternates at every later switch. As in OpenMATB
            // (plugins/scheduling.py, on_scenario_loaded), a task whose switches are all to
            // manual shows no manual period at all.
            let switches = automation.drop { !$0.on }.map(\.seconds)
            guard !switches.isEmpty, let start = own.first(where: { $0.command == .lifecycle(.start) }),
                let stop = own.first(where: { $0.command == .lifecycle(.stop) }) else {
                return Timeline(running: running, manual: [])
            }
            var points = [Int(start.time.wholeSeconds)] + switches
            if points.count % 2 == 1 { points.append(Int(stop.time.wholeSeconds)) }
            return Timeline(running: running, manual: Self.pairs(points))
        }
    }

    /// Consecutive pairs of times; an odd last time is dropped.
    private static func pairs(_ times: [Int]) -> [ClosedRange<Int>] {
        stride(from: 0, to: times.count - 1, by: 2).map { i in min(times[i], times[i + 1])...max(times[i], times[i + 1]) }
    }
}
