/// Whether a `timing` run's figures can stand as the kiosk's timing: every problem that makes
/// them worthless, each said so that someone at the kiosk can fix it.
public enum TimingVerdict {
    public static func problems(_ summary: TimingSummary, onsetClock: OnsetClock, stopped: Bool, sensor: String) -> [String] {
        var problems: [String] = []
        if onsetClock != .displayPresented {
            problems.append("the display reports no presentation (onset clock: \(onsetClock.logName)): there is no logged onset to check")
        }
        if stopped { problems.append("the run was stopped after \(summary.flashes) flashes") }
        if summary.flashes > 0, summary.onset == nil, summary.softwareOnset == nil {
            problems.append("the sensor \(sensor) never saw light in \(summary.flashes) flashes: is it on the patch, facing the screen, and its comparator set below the patch's brightness?")
        } else if summary.measured < summary.flashes {
            problems.append("the sensor \(sensor) missed \(summary.flashes - summary.measured) of \(summary.flashes) flashes")
        }
        if summary.flickering > 0 {
            problems.append("the sensor \(sensor) sees flicker: \(summary.flickering) of \(summary.flashes) flashes turned it on more than once "
                            + "(a backlight dimmed by pulsing, or a threshold too close to the patch's light); set the screen to full brightness or raise the threshold")
        }
        if summary.responseDelayMilliseconds != nil, summary.flashes > 0, summary.answered < summary.flashes {
            problems.append("the response device answered \(summary.answered) of \(summary.flashes) flashes: is its own sensor on the patch, "
                            + "and its delay shorter than the dark gap between flashes (300 ms)?")
        }
        return problems
    }
}
