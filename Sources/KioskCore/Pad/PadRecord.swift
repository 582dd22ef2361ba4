/// One thing a trial records, in the order it happened: an InteractLog line, a finished
/// stroke or key press for the derived files, or a row of the samples file.
public enum PadRecord: Hashable, Sendable {
    /// A line of the main file: `n;t;x;y;event`.
    case event(InteractLogEvent)
    /// A line of `_strokes.txt`, written when the stroke ends.
    case stroke(StrokeRow)
    /// A line of `_keys.txt`, written when the key comes up.
    case key(KeyRow)
    /// A row of the samples file.
    case sample(PadSampleRow)
}

/// `n;t;x;y;event`: t in nanoseconds of CLOCK_MONOTONIC, x and y in pad pixels for button
/// events and 0 otherwise.
public struct InteractLogEvent: Hashable, Sendable {
    public var number: Int
    public var time: MonotonicTime
    public var x: Int
    public var y: Int
    public var text: String
    /// Whether the line says what the screen shows (an image on or off, drawing enabled):
    /// its time is the frame's, which a window replaces with the moment the frame showed.
    public var isShownAtFrame: Bool

    public init(number: Int, time: MonotonicTime, x: Int = 0, y: Int = 0, text: String, isShownAtFrame: Bool = false) {
        self.number = number
        self.time = time
        self.x = x
        self.y = y
        self.text = text
        self.isShownAtFrame = isShownAtFrame
    }

    public var line: String { "\(number);\(time.nanoseconds);\(x);\(y);\(text)" }
}

/// `k;tDown;tUp;x1;y1;x2;y2`.
public struct StrokeRow: Hashable, Sendable {
    public var number: Int
    public var down: MonotonicTime
    public var up: MonotonicTime
    public var x1: Int, y1: Int, x2: Int, y2: Int

    public init(number: Int, down: MonotonicTime, up: MonotonicTime, x1: Int, y1: Int, x2: Int, y2: Int) {
        self.number = number
        self.down = down
        self.up = up
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    public var line: String { "\(number);\(down.nanoseconds);\(up.nanoseconds);\(x1);\(y1);\(x2);\(y2)" }
}

/// `k;code;location;label;keyText;tPress;tRelease;duration`. InteractLog numbers these from 2.
public struct KeyRow: Hashable, Sendable {
    public var number: Int
    public var key: AWTKey
    public var press: MonotonicTime
    public var release: MonotonicTime

    public init(number: Int, key: AWTKey, press: MonotonicTime, release: MonotonicTime) {
        self.number = number
        self.key = key
        self.press = press
        self.release = release
    }

    public var line: String {
        let label = key.code == 10 ? "RETURN" : key.logLabel
        return "\(number);\(key.code);\(key.location);\(label);\(key.keyText);\(press.nanoseconds);\(release.nanoseconds);\(release.since(press))"
    }
}
