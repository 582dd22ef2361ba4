/// One flash of a `timing` run beside the light the sensor saw: a row of `_timing.tsv`.
public struct FlashMeasurement: Hashable, Sendable {
    public var frames: Int
    /// The start of its first lit frame.
    public var softwareTime: MonotonicTime
    /// The refresh that first showed it, and the one that first showed the dark after it.
    public var presentedOn: MonotonicTime?
    public var presentedOff: MonotonicTime?
    /// The sensor's first light-on in the flash's window, and the light-off after it.
    public var lightOn: MonotonicTime?
    public var lightOff: MonotonicTime?
    /// Light-on edges in the flash's window: more than one is flicker.
    public var lightOnEdges: Int

    /// The header of `_timing.tsv`.
    public static let header = "frames\tsoftware_time\tpresented_time\tpresented_off\tlight_on\tlight_off"

    /// Its row in `_timing.tsv`: times in seconds on CLOCK_MONOTONIC, empty where unknown.
    public var row: String {
        func cell(_ time: MonotonicTime?) -> String { time.map { TabSeparated.decimal($0.seconds, places: 6) } ?? "" }
        return "\(frames)\t\(cell(softwareTime))\t\(cell(presentedOn))\t\(cell(presentedOff))\t\(cell(lightOn))\t\(cell(lightOff))"
    }
}
