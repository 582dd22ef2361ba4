/// A simulated participant at a consent form (docs/consent.md): reads each page and goes on
/// with Enter, ticks every statement and taps Agree, types the model's name on the keyboard
/// and draws a signature, each action after the model's time to make it; or, for one who
/// declines, taps "I do not wish to take part" and confirms.
final class SimulatedConsentParticipant: SimulatedParticipant {
    private let block: ConsentBlock
    private let declines: Bool
    private let name: [Character]
    private let actionTime: ExGaussian
    private var generator: SplitMix64
    private var pending = PendingInputs()
    /// When the next action is made; nil until the screen it acts on has been looked at.
    private var nextActionAt: MonotonicTime?
    /// A typist's pace, between keys of the name.
    static let keyTime = ExGaussian(muMs: 180, sigmaMs: 40, tauMs: 60)
    static let tapMilliseconds = 80.0

    init(block: ConsentBlock, declines: Bool, name: String, actionTime: ExGaussian, seed: UInt64) {
        self.block = block
        self.declines = declines
        self.name = Array(name)
        self.actionTime = actionTime
        generator = SplitMix64(seed: seed)
    }

    var answersWaitingScreens: Bool { true }

    /// The key a keyboard presses to type `character` in the name field (the field capitalises
    /// each word's first letter itself); nil for a character it does not take.
    static func key(typing character: Character) -> String? {
        switch character {
        case " ": "SPACE"
        case "-": "MINUS"
        case "'": "APOSTROPHE"
        case ".": "PERIOD"
        default: character.isASCII && character.isLetter ? character.uppercased() : nil
        }
    }

    func inputs(lookingAt time: MonotonicTime, dueBy due: MonotonicTime) -> [InputEvent] {
        if pending.isSettled(at: time), !block.isFinished {
            let typing = block.stage == .name
            let at = nextActionAt ?? time.adding(milliseconds: (typing ? Self.keyTime : actionTime).drawMilliseconds(&generator))
            nextActionAt = at
            if at <= time {
                nextActionAt = nil
                act(at: at)
            }
        }
        return pending.take(through: due, lookingAt: time)
    }

    private func act(at time: MonotonicTime) {
        switch block.stage {
        case .page:
            if declines { tap(.decline, at: time) } else { key("ENTER", at: time) }
        case .statements:
            if declines {
                tap(.decline, at: time)
            } else if let unticked = block.ticked.firstIndex(of: false) {
                tap(.toggle(unticked), at: time)
            } else {
                tap(.agree, at: time)
            }
        case .name:
            if block.name.count < name.count, let typed = Self.key(typing: name[block.name.count]) {
                key(typed, at: time)
            } else {
                key("ENTER", at: time)
            }
        case .signature:
            if block.strokes.isEmpty { sign(at: time) } else { tap(.signed, at: time) }
        case .confirmDecline:
            tap(.declineConfirmed, at: time)
        }
    }

    private func key(_ name: String, at time: MonotonicTime) {
        pending.add(InputEvent(time: time, .keyPress(name)))
        pending.add(InputEvent(time: time.adding(milliseconds: Self.tapMilliseconds), .keyRelease(name)))
    }

    private func tap(_ action: ConsentBlock.Action, at time: MonotonicTime) {
        guard let button = block.buttons().first(where: { $0.action == action }) else { return }
        let point = Point(button.box.centerX, button.box.centerY).asPointerReportsIt
        pending.add(InputEvent(time: time, .pointerDown(point, .finger(0))))
        pending.add(InputEvent(time: time.adding(milliseconds: Self.tapMilliseconds), .pointerUp(point, .finger(0))))
    }

    /// A signature: one stroke across the box, a point every 10 ms, the finger's path wavering.
    private func sign(at time: MonotonicTime) {
        let box = block.signatureBox
        let points = 60
        for index in 0...points {
            let along = Double(index) / Double(points)
            let x = box.left + box.width * (0.15 + 0.7 * along)
            let y = box.centerY + box.height * 0.2 * (generator.nextUnit() - 0.5)
            let point = Point(x, y).asPointerReportsIt
            let event: InputEvent.Payload = index == 0 ? .pointerDown(point, .finger(1))
                : index == points ? .pointerUp(point, .finger(1)) : .pointerMove(point, .finger(1))
            pending.add(InputEvent(time: time.adding(milliseconds: 10 * Double(index)), event))
        }
    }
}
