/// The flashes of a `timing` run, frame by frame: each asked-for length (1, 2, 3, 6 and 12
/// frames, as the timing mega-study's duration tests) repeated, in a shuffled order, each
/// after a dark gap of a drawn number of frames, so that no flash falls on a rhythm the display
/// or the sensor could settle into.
public struct FlashSchedule: Hashable, Sendable {
    /// The lengths every run flashes, in frames.
    public static let standardLengths = [1, 2, 3, 6, 12]
    /// Dark frames before the first flash: the sensor settles on the dark screen.
    public static let leadInFrames = 30
    /// The shortest and longest dark gap before a flash: longer than any sensor's fall time
    /// and the longest flash, so each flash's light has gone before the next begins.
    public static let gapFrames = 18...30

    public struct Flash: Hashable, Sendable {
        /// The first lit frame, counted from the run's first frame (0).
        public var firstFrame: Int
        /// How many frames it is lit.
        public var frames: Int
    }

    public let flashes: [Flash]
    /// Frames in the whole run: the last flash is followed by a gap as long as the longest.
    public let totalFrames: Int

    /// `repeats` flashes of each length, ordered and spaced by `seed`.
    public init(repeats: Int, seed: UInt64, lengths: [Int] = standardLengths) {
        var random = SplitMix64(seed: seed)
        var order = lengths.flatMap { Array(repeating: $0, count: repeats) }
        order.shuffle(using: &random)
        var next = Self.leadInFrames
        var flashes: [Flash] = []
        for frames in order {
            next += Int.random(in: Self.gapFrames, using: &random)
            flashes.append(Flash(firstFrame: next, frames: frames))
            next += frames
        }
        self.flashes = flashes
        totalFrames = next + Self.gapFrames.upperBound
    }

    /// How long a run of it records, generously: its frames at 60 Hz, and 10 s more for a
    /// slower display and the moments around the run. A line-in recording reserves room for it.
    public var recordingSeconds: Double { Double(totalFrames) / 60 + 10 }

    /// The flash lit at `frame`, by its index, or nil on a dark frame.
    public func flashLit(atFrame frame: Int) -> Int? {
        // Flashes are in frame order: the last one starting at or before `frame`.
        var low = 0, high = flashes.count
        while low < high {
            let middle = (low + high) / 2
            if flashes[middle].firstFrame <= frame { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let flash = flashes[low - 1]
        return frame < flash.firstFrame + flash.frames ? low - 1 : nil
    }
}
