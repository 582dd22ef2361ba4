/// Pairs each flash of a `timing` run with the light the sensor saw.
///
/// A flash's light cannot come before its first frame was started, and must come before the
/// next flash's first frame was started (the dark gaps between flashes are longer than any
/// sensor's fall time): the first light-on in that window is the flash's, and the first
/// light-off after it is its end. A window with more than one light-on is flicker. A response
/// device's first press in the window answers the flash.
public enum TimingAnalysis {
    /// - Parameter responses: the response device's presses (a button box answering each flash), if one answers.
    public static func measure(schedule: FlashSchedule, frames: [ShownFrame], edges: [LightEdge],
                               responses: [MonotonicTime] = []) -> [FlashMeasurement] {
        let byIndex = Dictionary(frames.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        let edges = edges.sorted { $0.time < $1.time }
        var measurements: [FlashMeasurement] = []
        for (number, flash) in schedule.flashes.enumerated() {
            guard let first = byIndex[flash.firstFrame] else { break }
            let windowEnd = number + 1 < schedule.flashes.count ? byIndex[schedule.flashes[number + 1].firstFrame]?.softwareTime : nil
            let inWindow = edges.filter { edge in edge.time >= first.softwareTime && windowEnd.map { edge.time < $0 } ?? true }
            let lightOn = inWindow.first { $0.isLight }?.time
            let lightOff = lightOn.flatMap { on in inWindow.first { !$0.isLight && $0.time > on }?.time }
            measurements.append(FlashMeasurement(
                frames: flash.frames, softwareTime: first.softwareTime, presentedOn: first.presentedTime,
                presentedOff: byIndex[flash.firstFrame + flash.frames]?.presentedTime, presentedOnEarliest: first.earliestPossibleTime,
                presentedOffEarliest: byIndex[flash.firstFrame + flash.frames]?.earliestPossibleTime, lightOn: lightOn, lightOff: lightOff,
                lightOnEdges: inWindow.filter { $0.isLight }.count,
                response: responses.filter { press in press >= first.softwareTime && windowEnd.map { press < $0 } ?? true }.min()))
        }
        return measurements
    }

    /// The refreshes the display counted between consecutive frames with no new frame (a
    /// frame is due at each), and the frames shown late: a flash shown late stays lit longer
    /// than asked, which is what a run's duration figures then say. Nil when the display
    /// counted no refreshes (the software timer).
    public static func missedRefreshes(_ frames: [ShownFrame]) -> TimingSummary.MissedRefreshes? {
        var missed = 0, late = 0, counted = false
        for (earlier, later) in zip(frames, frames.dropFirst()) where later.index == earlier.index + 1 {
            guard let first = earlier.refreshCounter, let next = later.refreshCounter else { continue }
            counted = true
            if next > first + 1 {
                missed += Int(clamping: next - first - 1)
                late += 1
            }
        }
        return counted ? TimingSummary.MissedRefreshes(missed: missed, lateFrames: late) : nil
    }

    /// The display's refresh period from the frames' reported times: the median interval
    /// between consecutive frames' refreshes over the refreshes between them, where the display
    /// counts them. A machine that misses most refreshes (a loaded one under a compositor) shows
    /// a frame every second or third refresh, and the interval between frames is not the
    /// display's period; without a counter, the median interval, which a few missed refreshes
    /// do not move.
    public static func refreshNanoseconds(_ frames: [ShownFrame]) -> Double? {
        var intervals: [Double] = []
        for (earlier, later) in zip(frames, frames.dropFirst()) where later.index == earlier.index + 1 {
            guard let start = earlier.presentedTime, let end = later.presentedTime else { continue }
            switch (earlier.refreshCounter, later.refreshCounter) {
            case let (first?, next?) where next > first: intervals.append(Double(end.since(start)) / Double(next - first))
            case (nil, _), (_, nil): intervals.append(Double(end.since(start)))
            default: continue
            }
        }
        guard !intervals.isEmpty else { return nil }
        return intervals.sorted()[intervals.count / 2]
    }
}
