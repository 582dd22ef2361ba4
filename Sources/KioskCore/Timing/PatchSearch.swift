/// Finds where the light sensor sits, as PsychoPy's photodiode validator does: on a black
/// screen, a white rectangle half the size of the area still in question is shown at nine
/// places in turn (the four quarters, the middle, and the middles of the four edges); the
/// first the sensor sees becomes the area, and so on, until the area is no larger than the
/// patch or the sensor sees none of the nine. Each place is lit for ``litFrames`` and then dark
/// for ``darkFrames``, long enough for any sensor's light to arrive before the next.
public struct PatchSearch: Hashable, Sendable {
    /// A rectangle in screen pixels from the top-left.
    public struct Region: Hashable, Sendable {
        public var x: Int, y: Int, width: Int, height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        /// The nine places of a rectangle half this one's size.
        var halves: [Region] {
            let w = width / 2, h = height / 2
            let places = [(0, 0), (2, 0), (0, 2), (2, 2), (1, 1), (1, 0), (1, 2), (0, 1), (2, 1)]
            return places.map { column, row in Region(x: x + column * w / 2, y: y + row * h / 2, width: w, height: h) }
        }
    }

    public static let litFrames = 3
    public static let darkFrames = 9
    static var framesPerPlace: Int { litFrames + darkFrames }

    private let screen: Region
    private let patchSize: Int
    private var places: [Region]
    private var index = 0
    /// The smallest region the sensor saw light in.
    public private(set) var found: Region?
    public private(set) var isFinished = false

    public init(screenWidth: Int, screenHeight: Int, patchSize: Int) {
        screen = Region(x: 0, y: 0, width: screenWidth, height: screenHeight)
        self.patchSize = patchSize
        places = screen.halves
    }

    /// The place being shown now.
    public var place: Region? { isFinished ? nil : places[index] }

    /// The current place's window is over; `sawLight` says whether the sensor saw it.
    public mutating func placeShown(sawLight: Bool) {
        guard !isFinished else { return }
        if sawLight {
            let seen = places[index]
            found = seen
            if seen.width <= patchSize && seen.height <= patchSize || seen.width < 2 || seen.height < 2 {
                isFinished = true
            } else {
                places = seen.halves
                index = 0
            }
        } else {
            index += 1
            if index == places.count { isFinished = true }
        }
    }

    /// The patch the flashes use: `patchSize` square, centred on the smallest region the sensor
    /// saw (which it then covers whole, once that region is no larger than the patch), kept on
    /// the screen; nil when the sensor saw nothing.
    public var patch: TimingPatch? {
        guard let found else { return nil }
        let side = min(patchSize, screen.width, screen.height)
        let x = min(max(0, found.x + found.width / 2 - side / 2), screen.width - side)
        let y = min(max(0, found.y + found.height / 2 - side / 2), screen.height - side)
        return TimingPatch(x: x, y: y, size: side)
    }
}
