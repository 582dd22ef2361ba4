/// Where a line-in sensor's signal counts as light: between what it reads with the patch dark
/// and lit, found as PsychoPy's validator finds a photodiode's threshold, from the readings
/// themselves while the screen shows black and then white, never assumed.
///
/// Two levels with a gap (hysteresis) keep noise around one level from reading as edges.
public struct LightThreshold: Hashable, Sendable {
    /// A reading at or above this turns light on.
    public var rising: Double
    /// A reading at or below this turns light off.
    public var falling: Double

    public init(rising: Double, falling: Double) {
        self.rising = rising
        self.falling = falling
    }

    /// Why no threshold can be found.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        case noReadings
        /// Lit and dark read alike: the sensor does not see the patch.
        case seesNoLight(dark: Double, light: Double, noise: Double)

        public var description: String {
            switch self {
            case .noReadings: "the sensor gave no readings"
            case let .seesNoLight(dark, light, noise):
                "the sensor never sees light: it reads \(TabSeparated.decimal(dark, places: 4)) with the patch dark and "
                    + "\(TabSeparated.decimal(light, places: 4)) with it lit, no further apart than four times its noise "
                    + "(\(TabSeparated.decimal(noise, places: 4))); put it on the patch and shield it from the room's light"
            }
        }
    }

    /// The threshold from samples taken with the patch dark and lit: a quarter and three
    /// quarters of the way between their medians. The levels must stand further apart than
    /// four times the larger spread (median absolute deviation) of either.
    public static func find(dark: [Double], light: [Double]) -> Result<LightThreshold, Problem> {
        guard !dark.isEmpty, !light.isEmpty else { return .failure(.noReadings) }
        let darkLevel = median(dark), lightLevel = median(light)
        let noise = max(median(dark.map { abs($0 - darkLevel) }), median(light.map { abs($0 - lightLevel) }))
        let span = lightLevel - darkLevel
        // A sensor wired inverted reads lower in the light; its span is negative.
        guard abs(span) > 4 * noise, span != 0 else { return .failure(.seesNoLight(dark: darkLevel, light: lightLevel, noise: noise)) }
        return .success(LightThreshold(rising: darkLevel + 0.75 * span, falling: darkLevel + 0.25 * span))
    }

    /// Whether the signal reads higher in the light.
    public var isRising: Bool { rising >= falling }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
