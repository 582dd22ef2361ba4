/// What a replay draws over the session: a band at the bottom with the timeline, the clock,
/// the speed, the keys held and the stick's position, and the participant's touches and
/// clicks where they landed (docs/replay.md).
public enum ReplayOverlay {
    /// The band's height in reference pixels; the session shows above and under it.
    public static let bandHeight = 64.0
    /// How long a released touch or click stays drawn, fading.
    static let releaseFade: Int64 = 600_000_000

    static let band = Color(25, 25, 30, 190)
    static let played = Color(80, 160, 255)
    static let unplayed = Color(90, 90, 100)
    static let touch = Color(255, 150, 40, 170)
    static let text = TextStyle(pointSize: 13, color: .white, alignment: .left)

    /// Draws the overlay for the replay at `playback`'s position.
    /// - Parameters:
    ///   - scenarioTime: the session's scenario time there.
    ///   - wallNow: the log's wall clock there (a release fades by it).
    public static func draw(_ playback: ReplayPlayback, scenarioTime: ScenarioTime, wallNow: MonotonicTime,
                            session: MATBBlock, pointers: [InputEvent.Pointer: (point: Point, isDown: Bool, logtime: MonotonicTime)],
                            into list: inout DrawList) {
        for (_, pointer) in pointers.sorted(by: { $0.value.logtime < $1.value.logtime }) {
            if pointer.isDown {
                list.append(.fillCircle(center: pointer.point, radius: 16, touch))
                list.append(.strokeCircle(center: pointer.point, radius: 22, .white, lineWidth: 3, dashed: false))
            } else if case let age = wallNow.since(pointer.logtime), age >= 0 && age < releaseFade {
                let alpha = Int(200 * (1 - Double(age) / Double(releaseFade)))
                list.append(.strokeCircle(center: pointer.point, radius: 22, Color(255, 150, 40, alpha), lineWidth: 4, dashed: false))
            }
        }

        let keys = session.heldKeys.sorted().joined(separator: " ")
        drawBand(playback, caption: "scenario \(ScenarioTimeFormat.hoursMinutesSeconds(scenarioTime.wholeSeconds))",
                 detail: keys.isEmpty ? "keys: none held" : "keys: \(keys)", width: list.canvas.width, into: &list)

        let stick = session.stickPosition
        let box = Rect(left: 1846, bottom: 30, width: 32, height: 32)
        list.stroke(box, .white, lineWidth: 2)
        list.line(Point(box.centerX, box.bottom), Point(box.centerX, box.top), unplayed, lineWidth: 1)
        list.line(Point(box.left, box.centerY), Point(box.right, box.centerY), unplayed, lineWidth: 1)
        // Stick y is +1 pulled back, drawn downwards.
        let knob = Point(box.centerX + stick.x * box.width / 2, box.centerY - stick.y * box.height / 2)
        list.append(.fillCircle(center: knob, radius: 5, played))
        list.text("stick", in: Rect(left: 1700, bottom: 32, width: 136, height: 30), TextStyle(pointSize: 13, color: .white, alignment: .right))
    }

    /// The band alone: timeline, clocks and speed, a caption after them and a detail in the middle.
    public static func drawBand(_ playback: ReplayPlayback, caption: String, detail: String, width: Double, into list: inout DrawList) {
        list.fill(Rect(left: 0, bottom: 0, width: width, height: bandHeight), band)
        let bar = playback.timeline
        list.fill(bar, unplayed)
        let fraction = playback.duration > 0 ? Double(playback.position) / Double(playback.duration) : 0
        list.fill(Rect(left: bar.left, bottom: bar.bottom, width: bar.width * fraction, height: bar.height), played)
        list.fill(Rect(left: bar.left + bar.width * fraction - 3, bottom: bar.bottom - 6, width: 6, height: bar.height + 12), .white)
        let state = playback.isPlaying ? "▶" : "❚❚"
        let clock = "\(state)  \(ScenarioTimeFormat.hoursMinutesSeconds(playback.position / 1_000_000_000))"
            + " / \(ScenarioTimeFormat.hoursMinutesSeconds(playback.duration / 1_000_000_000))   \(caption)   \(speed(playback.speed))"
        list.text(clock, in: Rect(left: 40, bottom: 32, width: width * 0.42, height: 30), text)
        list.text(detail, in: Rect(left: width * 0.43, bottom: 32, width: width * 0.42, height: 30), text)
    }

    static func speed(_ speed: Double) -> String {
        speed == speed.rounded() ? "\(Int(speed))×" : "\(speed)×"
    }
}
