/// A `timing` run's figures in the columns of the timing mega-study (Bridges et al. 2020,
/// PeerJ 8:e9414, Table 2): for visual onsets and durations, the lag (mean of measured minus
/// intended, "bias") and the variability (its standard deviation, "var"), in milliseconds.
///
/// Onset: the sensor's light-on minus the onset labkiosk logged (the refresh the display
/// reported). Duration: light-off minus light-on, minus the frames asked for times the
/// refresh period. Beside them, the same onset figures for the frame's start: how far a log
/// stamped when the frame was begun would be from the light, in the same run. With a response
/// device that presses a known delay after its own sensor sees light (a button box in "virtual
/// human" mode), the RT figures: the press minus the logged onset, minus that delay.
public struct TimingSummary: Hashable, Sendable {
    /// Mean, standard deviation and 99th percentile of the absolute value, in ms.
    public struct Spread: Hashable, Sendable {
        public var count: Int
        public var mean: Double
        public var standardDeviation: Double
        public var p99Absolute: Double

        public init(count: Int, mean: Double, standardDeviation: Double, p99Absolute: Double) {
            self.count = count
            self.mean = mean
            self.standardDeviation = standardDeviation
            self.p99Absolute = p99Absolute
        }

        public init?(_ milliseconds: [Double]) {
            guard !milliseconds.isEmpty else { return nil }
            let count = milliseconds.count, mean = milliseconds.reduce(0, +) / Double(count)
            self.count = count
            self.mean = mean
            standardDeviation = count > 1
                ? (milliseconds.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(count - 1)).squareRoot() : 0
            let sorted = milliseconds.map(abs).sorted()
            p99Absolute = sorted[min(sorted.count - 1, Int((0.99 * Double(sorted.count)).rounded(.up)) - 1)]
        }
    }

    public var flashes: Int
    /// Flashes with both a light-on and a light-off.
    public var measured: Int
    /// Flashes whose window held more than one light-on.
    public var flickering: Int
    public var refreshMilliseconds: Double?
    /// Refreshes the display counted with no new frame during the run, and the frames shown
    /// late (``TimingAnalysis/missedRefreshes(_:)``); nil where the display counts none.
    public var missedRefreshes: MissedRefreshes?

    /// Refreshes with no new frame, and the late frames they came before.
    public struct MissedRefreshes: Hashable, Sendable {
        public var missed: Int
        public var lateFrames: Int

        public init(missed: Int, lateFrames: Int) {
            self.missed = missed
            self.lateFrames = lateFrames
        }
    }
    /// Light-on minus the logged (presented) onset.
    public var onset: Spread?
    /// Light-on minus the frame's start.
    public var softwareOnset: Spread?
    /// Light duration minus the frames asked for.
    public var duration: Spread?
    /// The response device's delay after light, in ms, when one answered the flashes.
    public var responseDelayMilliseconds: Double?
    /// Flashes the response device answered.
    public var answered: Int
    /// The press minus the logged onset, minus the device's delay: the RT's error.
    public var responseTime: Spread?

    public init(_ measurements: [FlashMeasurement], refreshNanoseconds: Double?, responseDelayMilliseconds: Double? = nil,
                missedRefreshes: MissedRefreshes? = nil) {
        self.missedRefreshes = missedRefreshes
        flashes = measurements.count
        measured = measurements.filter { $0.lightOn != nil && $0.lightOff != nil }.count
        flickering = measurements.filter { $0.lightOnEdges > 1 }.count
        refreshMilliseconds = refreshNanoseconds.map { $0 / 1e6 }
        onset = Spread(measurements.compactMap { m in m.lightOn.flatMap { on in m.presentedOn.map { Double(on.since($0)) / 1e6 } } })
        softwareOnset = Spread(measurements.compactMap { m in m.lightOn.map { Double($0.since(m.softwareTime)) / 1e6 } })
        duration = refreshNanoseconds.flatMap { refresh in
            Spread(measurements.compactMap { m in
                guard let on = m.lightOn, let off = m.lightOff else { return nil }
                return (Double(off.since(on)) - Double(m.frames) * refresh) / 1e6
            })
        }
        self.responseDelayMilliseconds = responseDelayMilliseconds
        answered = measurements.filter { $0.response != nil }.count
        responseTime = responseDelayMilliseconds.flatMap { delay in
            Spread(measurements.compactMap { m in m.response.flatMap { press in m.presentedOn.map { Double(press.since($0)) / 1e6 - delay } } })
        }
    }

    /// The summary's lines, as printed and kept beside the table.
    public var lines: [String] {
        func ms(_ value: Double) -> String { TabSeparated.decimal(value, places: 3) }
        func spread(_ name: String, _ figures: Spread?) -> String {
            guard let figures else { return "\(name): not measured" }
            return "\(name): lag \(ms(figures.mean)) ms, var (SD) \(ms(figures.standardDeviation)) ms, |p99| \(ms(figures.p99Absolute)) ms over \(figures.count)"
        }
        return [
            "flashes: \(flashes), measured \(measured), flickering \(flickering)",
            "refresh: " + (refreshMilliseconds.map { "\(TabSeparated.decimal($0, places: 4)) ms" } ?? "not reported"),
        ] + (missedRefreshes.map { ["refreshes missed: \($0.missed), in \($0.lateFrames) \($0.lateFrames == 1 ? "frame" : "frames") shown late"] } ?? []) + [
            spread("visual onset (light on - logged onset)", onset),
            spread("visual duration (light - frames asked)", duration),
            spread("frame start (light on - the frame's start)", softwareOnset),
        ] + (responseDelayMilliseconds.map { delay in
            ["responses: \(answered) of \(flashes) flashes answered",
             spread("response time (press - logged onset - the device's \(ms(delay)) ms)", responseTime)]
        } ?? [])
    }
}
