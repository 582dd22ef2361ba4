/// A screen between the steps of a batch: what comes next, or a break. It ends when the
/// participant continues (Space, Enter, a tap on Continue, a joystick button), once its
/// minimum has passed, or by itself when a timed break is over.
public final class PauseBlock: Block {
    /// The longest break a plan may give, a day: longer is a typing mistake, and its
    /// nanoseconds must fit in 64 bits.
    public static let longestSeconds = 86_400.0

    public let canvas: Canvas
    private let title: String
    private let message: String
    /// Continue is offered once this much time has passed.
    let minimumSeconds: Double
    /// A timed break ends by itself after this long; nil waits for the participant.
    private let endsAfterSeconds: Double?
    /// What the countdown of a screen that ends by itself says before its time: a bare "0:04"
    /// tells nobody what ends.
    private let countdownWords: String
    private var start: MonotonicTime?
    private var now = MonotonicTime(nanoseconds: 0)
    public private(set) var isFinished = false
    /// Whether the window was closed or the operator quit, rather than the screen ending.
    public private(set) var quitRequested = false

    public init(canvas: Canvas, title: String, message: String, minimumSeconds: Double = 0, endsAfterSeconds: Double? = nil,
                countdownWords: String = "The break ends in") {
        self.countdownWords = countdownWords
        self.canvas = canvas
        self.title = title
        self.message = message
        self.minimumSeconds = minimumSeconds
        self.endsAfterSeconds = endsAfterSeconds
    }

    public func begin(at time: MonotonicTime) {
        start = time
        now = time
    }

    public var elapsedSeconds: Double { start.map { Double(now.since($0)) / 1e9 } ?? 0 }
    private var canContinue: Bool { endsAfterSeconds == nil && elapsedSeconds >= minimumSeconds }

    public func advance(to time: MonotonicTime, inputs: [InputEvent]) {
        now = time
        if let limit = endsAfterSeconds, elapsedSeconds >= limit { isFinished = true }
        for input in inputs {
            switch input.payload {
            case .quitRequested:
                quitRequested = true
                isFinished = true
            case .keyRelease("SPACE"), .keyRelease("ENTER"), .keyRelease("NUM_ENTER"), .joystickButton(_, pressed: true):
                if canContinue { isFinished = true }
            case .pointerUp(let point, _):
                if canContinue, continueButton.contains(x: point.x, y: point.y) { isFinished = true }
            default:
                break
            }
        }
    }

    public var isClockRunning: Bool { !isFinished }
    public var isWaitingForParticipant: Bool { canContinue && !isFinished }
    public var wantsPointer: Bool { canContinue }

    public func dismissWaitingScreen(at time: MonotonicTime) {
        if canContinue { isFinished = true }
    }

    public func report(_ message: String, fatal: Bool, at time: MonotonicTime) {
        if fatal { end(at: time) }
    }

    public func end(at time: MonotonicTime) {
        quitRequested = true
        isFinished = true
    }

    private var continueButton: Rect {
        Rect(left: canvas.width / 2 - 160, bottom: canvas.height * 0.25, width: 320, height: 96)
    }

    public func drawList() -> DrawList {
        var list = DrawList(canvas: canvas)
        list.fill(canvas.bounds, Color(200, 200, 200))
        list.text(title, in: Rect(left: 0, bottom: canvas.height * 0.6, width: canvas.width, height: 60), TextStyle(pointSize: 26, color: Color(30, 30, 30)))
        list.text(message, in: Rect(left: canvas.width / 2 - 600, bottom: canvas.height * 0.42, width: 1200, height: 120),
                  TextStyle(pointSize: 18, color: Color(30, 30, 30), wraps: true))
        if let limit = endsAfterSeconds {
            let left = max(0, Int((limit - elapsedSeconds).rounded(.up)))
            list.text("\(countdownWords) \(left / 60):\(left % 60 < 10 ? "0" : "")\(left % 60)",
                      in: Rect(left: canvas.width / 2 - 400, bottom: continueButton.bottom, width: 800, height: continueButton.height),
                      TextStyle(pointSize: 24, color: Color(30, 30, 30)))
        } else if canContinue {
            list.fill(continueButton, Color(250, 250, 250))
            list.stroke(continueButton, Color(90, 90, 90), lineWidth: 2)
            list.text("Continue (Space)", in: continueButton, TextStyle(pointSize: 18, color: Color(30, 30, 30)))
        } else {
            let left = max(0, Int((minimumSeconds - elapsedSeconds).rounded(.up)))
            list.text("Continue in \(left) s", in: continueButton, TextStyle(pointSize: 18, color: Color(110, 110, 110)))
        }
        return list
    }
}
