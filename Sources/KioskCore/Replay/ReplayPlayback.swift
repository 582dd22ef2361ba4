/// Where a replay is on the logged session's wall clock, how fast it plays, and what the
/// viewer's keys, clicks and touches ask of it (docs/replay.md).
///
/// Keys: Space plays or pauses; Right/Left go 5 s forward or back, Page Down/Page Up 60 s,
/// Home/End to the start or end; `.`/`,` step one frame (1/60 s) forward or back and pause;
/// Up/Down double or halve the speed (0.25× to 100×); Escape or Q closes. A press or drag on
/// the timeline seeks there.
public struct ReplayPlayback: Sendable {
    /// The speeds Up and Down step through.
    public static let speeds: [Double] = [0.25, 0.5, 1, 2, 4, 8, 16, 32, 64, 100]
    /// One frame of a 60 Hz display.
    public static let frame: Int64 = 1_000_000_000 / 60

    /// What the viewer asked for.
    public enum Request: Hashable, Sendable {
        /// Nothing that moves the replay, or only playing on.
        case none
        /// A jump: the position changed other than by playing on.
        case seek
        case close
    }

    /// The log's wall time, in nanoseconds from its first row.
    public let duration: Int64
    /// The timeline bar along the bottom of the canvas (y up).
    public let timeline: Rect
    /// The time shown, in nanoseconds from the first row.
    public private(set) var position: Int64 = 0
    public private(set) var isPlaying = true
    private var speedIndex = 2
    /// The pointer dragging the playhead, if any.
    private var scrubbing: InputEvent.Pointer?

    public init(duration: Int64, speed: Double = 1, start: Int64 = 0, playing: Bool = true, canvasWidth: Double = Canvas.openMATB.width) {
        isPlaying = playing
        self.duration = max(0, duration)
        timeline = Rect(left: 40, bottom: 8, width: canvasWidth - 80, height: 20)
        speedIndex = Self.speeds.enumerated().min { abs($0.element - speed) < abs($1.element - speed) }?.offset ?? 2
        position = min(max(0, start), self.duration)
    }

    public var speed: Double { Self.speeds[speedIndex] }

    /// Moves the position on by `nanoseconds` of real time at the current speed while playing;
    /// playing stops at the end.
    public mutating func elapse(realNanoseconds nanoseconds: Int64) {
        guard isPlaying, scrubbing == nil else { return }
        position = min(duration, position + Int64(Double(max(0, nanoseconds)) * speed))
        if position == duration { isPlaying = false }
    }

    /// What one input from the viewer does.
    public mutating func handle(_ input: InputEvent.Payload) -> Request {
        switch input {
        case .keyPress(let key):
            return handleKey(key)
        case .pointerDown(let point, let pointer) where timeline.inset(by: -12).contains(x: point.x, y: point.y):
            scrubbing = pointer
            return seek(to: wall(at: point))
        case .pointerMove(let point, let pointer) where pointer == scrubbing:
            return seek(to: wall(at: point))
        case .pointerUp(_, let pointer) where pointer == scrubbing:
            scrubbing = nil
            return .none
        case .quitRequested:
            return .close
        default:
            return .none
        }
    }

    private mutating func handleKey(_ key: String) -> Request {
        switch key {
        case "SPACE":
            if position >= duration { position = 0; isPlaying = true; return .seek }
            isPlaying.toggle()
            return .none
        case "RIGHT": return seek(to: position + 5_000_000_000)
        case "LEFT": return seek(to: position - 5_000_000_000)
        case "PAGEDOWN": return seek(to: position + 60_000_000_000)
        case "PAGEUP": return seek(to: position - 60_000_000_000)
        case "HOME": return seek(to: 0)
        case "END": return seek(to: duration)
        case "PERIOD":
            isPlaying = false
            return seek(to: position + Self.frame)
        case "COMMA":
            isPlaying = false
            return seek(to: position - Self.frame)
        case "UP":
            speedIndex = min(speedIndex + 1, Self.speeds.count - 1)
            return .none
        case "DOWN":
            speedIndex = max(speedIndex - 1, 0)
            return .none
        case "ESCAPE", "Q":
            return .close
        default:
            return .none
        }
    }

    private mutating func seek(to wall: Int64) -> Request {
        position = min(max(0, wall), duration)
        return .seek
    }

    /// The wall time at a point on the timeline.
    private func wall(at point: Point) -> Int64 {
        let fraction = min(max((point.x - timeline.left) / timeline.width, 0), 1)
        return Int64((Double(duration) * fraction).rounded())
    }
}
