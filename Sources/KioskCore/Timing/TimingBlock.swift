/// The screen of `labkiosk timing`: black, with a white patch flashed for the frames a
/// ``FlashSchedule`` asks for, after a ``PatchSearch`` for the sensor when the patch's place is
/// not given. It counts frames, not time: on the display's schedule each frame is one refresh,
/// so a flash of 3 frames is lit for 3 refreshes.
public final class TimingBlock: Block {
    public let canvas: Canvas
    /// Where the flashes go: given, or found by the search.
    public private(set) var patch: TimingPatch?
    public let schedule: FlashSchedule
    public private(set) var search: PatchSearch?
    /// The frame drawn last, from 0; -1 before the first.
    public private(set) var frame = -1
    /// The frame the flash schedule's frame 0 is: after the search, if any.
    public private(set) var flashStart: Int?
    public private(set) var isFinished = false
    /// Whether the operator stopped the run before its last flash.
    public private(set) var wasStopped = false
    /// The first frame of the place the search shows, and whether the sensor saw light since.
    private var placeStart = 0
    private var placeSeen = false
    private var start: MonotonicTime?
    private var now = MonotonicTime(nanoseconds: 0)

    /// Where the flashes go: a given patch, or a patch of a size where a search finds the sensor.
    public enum Placement: Hashable, Sendable {
        case at(TimingPatch)
        case search(patchSize: Int)
    }

    public init(canvas: Canvas, placement: Placement, schedule: FlashSchedule) {
        self.canvas = canvas
        self.schedule = schedule
        switch placement {
        case .at(let given):
            patch = given
            flashStart = 0
        case .search(let size):
            search = PatchSearch(screenWidth: Int(canvas.width), screenHeight: Int(canvas.height), patchSize: size)
        }
    }

    /// Whether the search is under way.
    public var isSearching: Bool { flashStart == nil && !isFinished }

    /// The sensor saw light: during the search, in the place shown now.
    public func sensorSawLight() {
        if isSearching { placeSeen = true }
    }

    /// The frame in the flash schedule's count, once the flashes have begun.
    public var flashFrame: Int? { flashStart.map { frame - $0 } }

    /// The flash the current frame shows, by index in the schedule; nil when it is dark.
    public var litFlash: Int? { flashFrame.flatMap { $0 >= 0 ? schedule.flashLit(atFrame: $0) : nil } }

    public func begin(at time: MonotonicTime) {
        start = time
        now = time
    }

    public func advance(to time: MonotonicTime, inputs: [InputEvent]) {
        if inputs.contains(where: { $0.payload == .quitRequested || $0.payload == .keyPress("ESCAPE") }) {
            end(at: time)
            return
        }
        now = time
        frame += 1
        if var searching = search, flashStart == nil, frame - placeStart >= PatchSearch.framesPerPlace {
            searching.placeShown(sawLight: placeSeen)
            search = searching
            placeStart = frame
            placeSeen = false
            if searching.isFinished {
                guard let found = searching.patch else {
                    isFinished = true
                    return
                }
                patch = found
                flashStart = frame
            }
        }
        if let flashFrame, flashFrame >= schedule.totalFrames - 1 { isFinished = true }
    }

    public func drawList() -> DrawList {
        var list = DrawList(canvas: canvas)
        list.fill(canvas.bounds, Color(0, 0, 0))
        if isSearching {
            list.text("Timing: looking for the light sensor. Keep it on the screen; Esc stops.",
                      in: Rect(left: 0, bottom: canvas.height * 0.5 - 30, width: canvas.width, height: 60), TextStyle(pointSize: 18, color: Color(90, 90, 90)))
            if let place = search?.place, frame - placeStart < PatchSearch.litFrames {
                list.fill(Rect(left: Double(place.x), bottom: canvas.height - Double(place.y + place.height), width: Double(place.width),
                               height: Double(place.height)), Color(255, 255, 255))
            }
            return list
        }
        guard let patch else { return list }
        let shown = flashFrame.flatMap { at in schedule.flashes.lastIndex { $0.firstFrame <= at }.map { $0 + 1 } } ?? 0
        let caption = "Timing: flash \(shown) of \(schedule.flashes.count). Keep the light sensor on the patch; Esc stops."
        let captionTop = patch.y < 120 ? canvas.height * 0.55 : canvas.height - 80
        list.text(caption, in: Rect(left: 0, bottom: captionTop - 60, width: canvas.width, height: 60), TextStyle(pointSize: 18, color: Color(140, 140, 140)))
        // A frame around the patch, outside it, shows where the sensor goes while the patch is dark.
        let spot = patch.rect(on: canvas)
        list.stroke(Rect(left: spot.left - 6, bottom: spot.bottom - 6, width: spot.width + 12, height: spot.height + 12), Color(90, 90, 90), lineWidth: 2)
        if litFlash != nil { list.fill(spot, Color(255, 255, 255)) }
        return list
    }

    public var isClockRunning: Bool { !isFinished }
    public var isWaitingForParticipant: Bool { false }
    public var wantsPointer: Bool { false }
    public func dismissWaitingScreen(at time: MonotonicTime) {}

    public func report(_ message: String, fatal: Bool, at time: MonotonicTime) {
        if fatal { end(at: time) }
    }

    public func end(at time: MonotonicTime) {
        wasStopped = !isFinished
        isFinished = true
    }

    public var elapsedSeconds: Double { start.map { Double(now.since($0)) / 1e9 } ?? 0 }
}
