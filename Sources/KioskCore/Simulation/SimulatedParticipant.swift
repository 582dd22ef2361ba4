/// A simulated participant at one block: it looks at the block as the last frame left it,
/// as a person looks at the screen, and makes the inputs a person would make, each with the
/// time it was made. The runner hands them to the block with the frame's other inputs, so
/// the block takes them, times them and logs them exactly as it does a person's.
public protocol SimulatedParticipant: AnyObject {
    /// Whether it answers what waits for a participant itself; the headless runner moves
    /// past those screens for it otherwise, as it does with nobody there.
    var answersWaitingScreens: Bool { get }
    /// Looks at the block as it is at `time` and decides what to do; returns the inputs
    /// decided that are made by `due`, in the order made (later ones wait for a later call).
    /// `due` is `time` when the inputs go to the block with the frame's; with `--real-input`
    /// it is the end of time, as every input decided goes to a device that makes it when its
    /// time comes (docs/simulate.md).
    func inputs(lookingAt time: MonotonicTime, dueBy due: MonotonicTime) -> [InputEvent]
}

extension SimulatedParticipant {
    /// The inputs made by `time`, in the order made; later ones wait for a later frame.
    public func inputs(through time: MonotonicTime) -> [InputEvent] { inputs(lookingAt: time, dueBy: time) }

    /// Every input decided on looking at the block at `time`, whenever each is due.
    public func inputsDecided(lookingAt time: MonotonicTime) -> [InputEvent] {
        inputs(lookingAt: time, dueBy: MonotonicTime(nanoseconds: .max))
    }
}

/// Inputs a simulated participant has decided on but whose time has not come.
struct PendingInputs {
    private var events: [InputEvent] = []
    /// The latest time of the inputs taken before their time came (with `--real-input`, given to
    /// a device that makes each when it is due), while the block may not have them yet.
    private var takenAheadUntil: MonotonicTime?

    /// A device makes an input when it is due, and the block reads it with a later frame: within
    /// this time at 60 Hz, a few late frames included.
    static let deliveryMilliseconds = 100.0

    /// Whether the block has (or, headless, is handed with this frame) every input decided: a
    /// participant waits for that before deciding on what the block shows next.
    func isSettled(at time: MonotonicTime) -> Bool {
        events.isEmpty && (takenAheadUntil.map { time > $0.adding(milliseconds: Self.deliveryMilliseconds) } ?? true)
    }

    mutating func add(_ event: InputEvent) {
        // After every input made at the same time or earlier: the order made is kept.
        events.insert(event, at: events.firstIndex { $0.time > event.time } ?? events.endIndex)
    }

    /// The inputs made by `due`, removed from those pending; `time` is when the participant looked.
    mutating func take(through due: MonotonicTime, lookingAt time: MonotonicTime) -> [InputEvent] {
        let taken = events.prefix { $0.time <= due }
        events.removeFirst(taken.count)
        if let last = taken.last?.time, last > time { takenAheadUntil = max(takenAheadUntil ?? last, last) }
        return Array(taken)
    }
}

extension MonotonicTime {
    /// This reading `milliseconds` later, to the nanosecond.
    func adding(milliseconds: Double) -> MonotonicTime {
        MonotonicTime(nanoseconds: nanoseconds + Int64((milliseconds * 1e6).rounded()))
    }
}

extension Point {
    /// The point as a pointer reports it: rounded to 1/100 reference pixel, as the shell's
    /// event pump rounds a mouse's or a finger's, so a simulated tap is logged and replayed
    /// like a person's.
    var asPointerReportsIt: Point { Point((x * 100).rounded() / 100, (y * 100).rounded() / 100) }
}
