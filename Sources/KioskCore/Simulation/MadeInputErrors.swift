/// How far the times a MATB log gives a simulated participant's inputs are from the instants
/// its devices made them, for a run with `--real-input` (docs/simulate.md): each logged input's
/// `logtime` minus the instant it was made, by the device that made it. A key's time is the
/// window system's (SDL stamps it to the millisecond), a stick's and a tap's the kernel's.
public struct MadeInputErrors: Sendable {
    /// What an input is, for pairing a logged one with the one made.
    public enum Kind: String, CaseIterable, Sendable {
        case keys, stick, taps

        init?(_ payload: InputEvent.Payload) {
            switch payload {
            case .keyPress, .keyRelease: self = .keys
            case .joystickAxes: self = .stick
            case .pointerDown(_, .finger), .pointerUp(_, .finger): self = .taps
            default: return nil
            }
        }
    }

    /// Each kind's errors in milliseconds, in the order made.
    public private(set) var milliseconds: [Kind: [Double]] = [:]
    /// Inputs made that the log does not hold, by kind.
    public private(set) var unlogged: [Kind: Int] = [:]

    public init() {}

    /// Pairs each input `made` with the first input of `logged` (a log's, in its order) that
    /// is the same input, was logged no earlier than a millisecond before it was made (a key's
    /// stamp is a millisecond's) and before the same input was made again, and no earlier made
    /// input took. An input the window system dropped (X takes a key released and pressed
    /// again in one millisecond for its autorepeat) is counted as not logged, and the next
    /// one made is not paired with what was logged of another. Inputs made after `end` (the
    /// block's last row) came after the block: nothing could log them, and they are left out.
    public mutating func add(made: [MadeInput], logged: [LoggedInput], end: MonotonicTime) {
        let loggedInputs: [(time: MonotonicTime, payload: InputEvent.Payload)] = logged.flatMap { input in
            guard case .inputs(let payloads) = input.action else { return [(time: MonotonicTime, payload: InputEvent.Payload)]() }
            return payloads.map { (input.logtime, $0) }
        }
        var taken = [Bool](repeating: false, count: loggedInputs.count)
        for (position, input) in made.enumerated() where input.time <= end {
            guard let kind = Kind(input.payload) else { continue }
            let earliest = input.time.nanoseconds - 1_000_000
            let madeAgain = made[(position + 1)...].first { Self.same($0.payload, input.payload) }?.time.nanoseconds ?? .max
            guard let index = loggedInputs.indices.first(where: { index in
                !taken[index] && loggedInputs[index].time.nanoseconds >= earliest && loggedInputs[index].time.nanoseconds < madeAgain
                    && Self.same(loggedInputs[index].payload, input.payload)
            }) else {
                unlogged[kind, default: 0] += 1
                continue
            }
            taken[index] = true
            milliseconds[kind, default: []].append(Double(loggedInputs[index].time.nanoseconds - input.time.nanoseconds) / 1e6)
        }
    }

    /// Whether a logged input is the one made: a finger is logged under the touchscreen's own
    /// contact number, so a tap is the same tap whatever its number and where it landed.
    static func same(_ logged: InputEvent.Payload, _ made: InputEvent.Payload) -> Bool {
        switch (logged, made) {
        case (.pointerDown(_, .finger), .pointerDown(_, .finger)), (.pointerUp(_, .finger), .pointerUp(_, .finger)): true
        default: logged == made
        }
    }

    /// A kind's figures; nil without any.
    public func summary(_ kind: Kind) -> TimeErrorSummary? { TimeErrorSummary(milliseconds[kind] ?? []) }
}
