/// How far the times a block logs of a simulated participant's inputs are from the instants
/// its devices made them, for a run with `--real-input` (docs/simulate.md): each logged input's
/// time (a MATB log's `logtime`, a pad samples file's `t_event_ns`) minus the instant it was
/// made, by the device that made it. A key's time is the window system's (stamped when the
/// frame loop reads it), a stick's, a tap's and a pen's the kernel's.
public struct MadeInputErrors: Sendable {
    /// What an input is, for pairing a logged one with the one made.
    public enum Kind: String, CaseIterable, Sendable {
        case keys, stick, taps, pen

        init?(_ payload: InputEvent.Payload) {
            switch payload {
            case .keyPress, .keyRelease: self = .keys
            case .joystickAxes: self = .stick
            case .pointerDown(_, .finger), .pointerUp(_, .finger): self = .taps
            case .pointerDown(_, .pen), .pointerMove(_, .pen), .pointerUp(_, .pen): self = .pen
            default: return nil
            }
        }
    }

    /// Each kind's errors in milliseconds, in the order made.
    public private(set) var milliseconds: [Kind: [Double]] = [:]
    /// Inputs made that the log does not hold, by kind.
    public private(set) var unlogged: [Kind: Int] = [:]

    public init() {}

    /// A logged input later than this after one made is another: a frame loop that stalled a
    /// whole second would be a fault of its own.
    static let longestDelayNanoseconds: Int64 = 1_000_000_000

    /// Pairs each input `made` with the first input of `logged` (a log's, in its order) that
    /// is the same input, was logged no earlier than a millisecond before it was made (a key's
    /// stamp is a millisecond's), within a second after, and before the same input was made
    /// again, and no earlier made input took. An input the window system dropped (X takes a key released and pressed
    /// again in one millisecond for its autorepeat) is counted as not logged, and the next
    /// one made is not paired with what was logged of another. Inputs made after `end` (the
    /// block's last row) came after the block: nothing could log them, and they are left out.
    public mutating func add(made: [MadeInput], logged: [LoggedInput], end: MonotonicTime) {
        pair(made, with: logged.flatMap { input in
            guard case .inputs(let payloads) = input.action else { return [(time: MonotonicTime, payload: InputEvent.Payload)]() }
            return payloads.map { (input.logtime, $0) }
        }, end: end)
    }

    /// The same, for a drawing-pad trial: its samples file's pen samples (touch, move, lift),
    /// each at its event's own time.
    public mutating func add(made: [MadeInput], samples: [PadSampleRow], end: MonotonicTime) {
        pair(made, with: samples.compactMap { row -> (time: MonotonicTime, payload: InputEvent.Payload)? in
            guard row.kind == .sample, row.tool == .pen else { return nil }
            let pen = InputEvent.Pointer.pen(0), at = Point(row.x ?? 0, row.y ?? 0)
            switch row.contact {
            case .down?: return (row.eventTime, .pointerDown(at, pen))
            case .move?: return (row.eventTime, .pointerMove(at, pen))
            case .up?: return (row.eventTime, .pointerUp(at, pen))
            default: return nil
            }
        }, end: end)
    }

    private mutating func pair(_ made: [MadeInput], with loggedInputs: [(time: MonotonicTime, payload: InputEvent.Payload)], end: MonotonicTime) {
        var taken = [Bool](repeating: false, count: loggedInputs.count)
        for (position, input) in made.enumerated() where input.time <= end {
            guard let kind = Kind(input.payload) else { continue }
            let earliest = input.time.nanoseconds - 1_000_000
            let madeAgain = made[(position + 1)...].first { Self.same($0.payload, input.payload) }?.time.nanoseconds ?? .max
            let latest = min(madeAgain, input.time.nanoseconds + Self.longestDelayNanoseconds)
            guard let index = loggedInputs.indices.first(where: { index in
                !taken[index] && loggedInputs[index].time.nanoseconds >= earliest && loggedInputs[index].time.nanoseconds < latest
                    && Self.same(loggedInputs[index].payload, input.payload)
            }) else {
                unlogged[kind, default: 0] += 1
                continue
            }
            taken[index] = true
            milliseconds[kind, default: []].append(Double(loggedInputs[index].time.nanoseconds - input.time.nanoseconds) / 1e6)
        }
    }

    /// Whether a logged input is the one made: a finger or a pen is logged under the device's
    /// own contact number, so a tap or a pen's sample is the same whatever its number and where
    /// it landed (a pen's moves are paired in order).
    static func same(_ logged: InputEvent.Payload, _ made: InputEvent.Payload) -> Bool {
        switch (logged, made) {
        case (.pointerDown(_, .finger), .pointerDown(_, .finger)), (.pointerUp(_, .finger), .pointerUp(_, .finger)),
             (.pointerDown(_, .pen), .pointerDown(_, .pen)), (.pointerMove(_, .pen), .pointerMove(_, .pen)), (.pointerUp(_, .pen), .pointerUp(_, .pen)): true
        default: logged == made
        }
    }

    /// A kind's figures; nil without any.
    public func summary(_ kind: Kind) -> TimeErrorSummary? { TimeErrorSummary(milliseconds[kind] ?? []) }
}
