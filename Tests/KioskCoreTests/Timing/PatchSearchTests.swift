import Testing

@testable import KioskCore

@Suite struct PatchSearchTests {
    /// Runs a search against a sensor at `sensor` (pixels from the top-left) that sees a place
    /// when the place covers it.
    private func search(_ sensor: (x: Int, y: Int), width: Int = 1920, height: Int = 1080, size: Int = 100) -> (PatchSearch, shown: Int) {
        var search = PatchSearch(screenWidth: width, screenHeight: height, patchSize: size)
        var shown = 0
        while let place = search.place {
            shown += 1
            search.placeShown(sawLight: (place.x..<place.x + place.width).contains(sensor.x) && (place.y..<place.y + place.height).contains(sensor.y))
        }
        return (search, shown)
    }

    @Test func theSearchNarrowsDownToAPatchOverTheSensor() throws {
        for sensor in [(250, 200), (5, 5), (1915, 1075), (960, 540), (1400, 90)] {
            let (found, shown) = search(sensor)
            let patch = try #require(found.patch)
            #expect(patch.size == 100)
            #expect((patch.x..<patch.x + 100).contains(sensor.0) && (patch.y..<patch.y + 100).contains(sensor.1), "\(sensor) \(patch)")
            #expect(patch.problem(on: Canvas(width: 1920, height: 1080)) == nil)
            // Four halvings from 1920×1080 reach 120×67; each level shows at most nine places.
            #expect(shown <= 9 * 5)
        }
    }

    @Test func aSensorThatSeesNothingFindsNoPatch() {
        let (found, shown) = search((-1, -1))
        #expect(found.patch == nil && found.isFinished)
        #expect(shown == 9)
    }

    @Test func theBlockShowsThePlacesThenFlashesWhereTheSensorIs() throws {
        let canvas = Canvas(width: 800, height: 600)
        let block = TimingBlock(canvas: canvas, placement: .search(patchSize: 100), schedule: FlashSchedule(repeats: 1, seed: 9))
        block.begin(at: MonotonicTime(nanoseconds: 0))
        let sensor = (x: 610, y: 130)
        var frames = 0
        while block.isSearching {
            block.advance(to: MonotonicTime(nanoseconds: Int64(frames) * 16_666_667), inputs: [])
            frames += 1
            // A white rectangle over the sensor's pixel lights it.
            let lit = block.drawList().commands.contains { command in
                guard case .fillRect(let rect, let color) = command, color == Color(255, 255, 255) else { return false }
                let y = canvas.height - Double(sensor.y)
                return rect.left <= Double(sensor.x) && Double(sensor.x) < rect.left + rect.width && rect.bottom < y && y <= rect.bottom + rect.height
            }
            if lit { block.sensorSawLight() }
            #expect(frames < 2000)
        }
        let patch = try #require(block.patch)
        #expect((patch.x..<patch.x + 100).contains(sensor.x) && (patch.y..<patch.y + 100).contains(sensor.y), "\(patch)")
        #expect(block.flashFrame == 0)
        #expect(!block.isFinished)
    }
}
