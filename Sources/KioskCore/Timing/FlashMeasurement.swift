/// One flash of a `timing` run beside the light the sensor saw: a row of `_timing.tsv`.
public struct FlashMeasurement: Hashable, Sendable {
    public var frames: Int
    /// The start of its first lit frame.
    public var softwareTime: MonotonicTime
    /// The refresh that first showed it, and the one that first showed the dark after it.
    public var presentedOn: MonotonicTime?
    public var presentedOff: MonotonicTime?
    /// When the display's figures cannot tell whether those refreshes or earlier ones did
    /// (``ShownFrame/earliestPossibleTime``): the earliest that may have.
    public var presentedOnEarliest: MonotonicTime?
    public var presentedOffEarliest: MonotonicTime?
    /// The sensor's first light-on in the flash's window, and the light-off after it.
    public var lightOn: MonotonicTime?
    public var lightOff: MonotonicTime?
    /// Light-on edges in the flash's window: more than one is flicker.
    public var lightOnEdges: Int
    /// The response device's first press in the flash's window, when a device answers.
    public var response: MonotonicTime?

    public init(frames: Int, softwareTime: MonotonicTime, presentedOn: MonotonicTime?, presentedOff: MonotonicTime?,
                presentedOnEarliest: MonotonicTime? = nil, presentedOffEarliest: MonotonicTime? = nil,
                lightOn: MonotonicTime?, lightOff: MonotonicTime?, lightOnEdges: Int, response: MonotonicTime? = nil) {
        self.frames = frames
        self.softwareTime = softwareTime
        self.presentedOn = presentedOn
        self.presentedOff = presentedOff
        self.presentedOnEarliest = presentedOnEarliest
        self.presentedOffEarliest = presentedOffEarliest
        self.lightOn = lightOn
        self.lightOff = lightOff
        self.lightOnEdges = lightOnEdges
        self.response = response
    }

    /// The header of `_timing.tsv`; the uncertain refreshes' columns last, so positions read before stay.
    public static let header = "frames\tsoftware_time\tpresented_time\tpresented_off\tlight_on\tlight_off\tresponse"
        + "\tpresented_time_earliest\tpresented_off_earliest"

    /// Its row in `_timing.tsv`: times in seconds on CLOCK_MONOTONIC, empty where unknown.
    public var row: String {
        func cell(_ time: MonotonicTime?) -> String { time.map { TabSeparated.decimal($0.seconds, places: 6) } ?? "" }
        return "\(frames)\t\(cell(softwareTime))\t\(cell(presentedOn))\t\(cell(presentedOff))\t\(cell(lightOn))\t\(cell(lightOff))\t\(cell(response))"
            + "\t\(cell(presentedOnEarliest))\t\(cell(presentedOffEarliest))"
    }
}
