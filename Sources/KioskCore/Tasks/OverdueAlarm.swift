/// The red frame around a task whose response is overdue (docs/openmatb-behaviour.md: Overdue alarm), as a
/// value.
///
/// At each refresh: if the alarm is active and one of the task's response timers exceeds
/// `delayms`, the frame shows, steadily when `blinkdurationms` is 0, otherwise toggling
/// every `blinkdurationms` starting visible; when no timer exceeds the delay it hides.
///
/// OpenMATB never resets its toggle schedule, so a second alarm episode flickers at every
/// frame until the schedule catches up; here each episode starts its own schedule
/// (docs/compatibility.md).
public struct OverdueAlarm: Hashable, Sendable {
    /// The `taskfeedback-overdue-*` parameters that drive the alarm.
    public struct Settings: Hashable, Sendable {
        public var isActive: Bool
        public var delayMilliseconds: Double
        public var blinkMilliseconds: Double

        public init(isActive: Bool, delayMilliseconds: Double, blinkMilliseconds: Double) {
            self.isActive = isActive
            self.delayMilliseconds = delayMilliseconds
            self.blinkMilliseconds = blinkMilliseconds
        }

        /// The settings a task's parameters hold now.
        public init(_ parameters: ParameterValues) {
            self.init(
                isActive: parameters.bool("taskfeedback-overdue-active"),
                delayMilliseconds: parameters.number("taskfeedback-overdue-delayms") ?? 2000,
                blinkMilliseconds: parameters.number("taskfeedback-overdue-blinkdurationms") ?? 1000)
        }
    }

    /// The shortest blink half-period honoured; shorter ones would refresh the task
    /// hundreds of times a second.
    public static let minimumBlinkMilliseconds = 10.0

    /// When the frame toggles next; `nil` outside a blinking episode.
    public private(set) var nextToggle: ScenarioTime?
    /// Whether the frame shows now.
    public private(set) var isVisible = false

    public init() {}

    /// Brings the alarm up to `time`, given the task's response timers in milliseconds.
    public mutating func refresh(at time: ScenarioTime, timersMilliseconds: [Double], settings: Settings) {
        guard settings.isActive, timersMilliseconds.contains(where: { $0 > settings.delayMilliseconds }) else {
            isVisible = false
            nextToggle = nil
            return
        }
        guard settings.blinkMilliseconds > 0 else {
            isVisible = true
            nextToggle = nil
            return
        }
        let due = nextToggle ?? time
        if time >= due {
            let milliseconds = min(max(settings.blinkMilliseconds, Self.minimumBlinkMilliseconds), TaskHost.longestPeriodMilliseconds)
            let period = ScenarioTime(nanoseconds: Int64((milliseconds * 1e6).rounded()))
            // A schedule left behind (the task was hidden) restarts from now rather than
            // toggling at every refresh to catch up.
            nextToggle = due + period > time ? due + period : time + period
            isVisible.toggle()
        } else {
            nextToggle = due
        }
    }

    /// The `_nexttoggletime` value OpenMATB dumps: scenario seconds, or the integer 0 when no
    /// toggle is scheduled.
    public var nextToggleParameter: PyValue {
        nextToggle.map { .float($0.seconds) } ?? .int(0)
    }
}
