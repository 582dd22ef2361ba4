/// A simulated participant judging images: on each image it answers right with the model's
/// accuracy for the trial's condition, after an ex-Gaussian response time, by the answer's
/// key (or its joystick button, or a tap on its button), as docs/judge.md lets a person.
/// A response time past the response window is no answer (the block logs it too slow).
final class SimulatedJudgeParticipant: SimulatedParticipant {
    private let block: JudgeBlock
    private let judgement: (_ condition: String?) -> BehaviourModel.Judgement
    private var generator: SplitMix64
    /// The trial last answered (or let pass), by its onset: each image is judged once.
    private var judgedOnset: MonotonicTime?
    private var pending = PendingInputs()
    /// In a window, in real time (`--real-input`): it sees an image once the frame showing it
    /// reached the screen (the onset the block logs), and answers by tapping the answer's
    /// button, the answer's one way that reaches labkiosk through an input device.
    private let realInput: Bool
    /// How long a key stays down.
    static let pressMilliseconds = 90.0

    init(block: JudgeBlock, seed: UInt64, realInput: Bool,
         judgement: @escaping (_ condition: String?) -> BehaviourModel.Judgement) {
        self.block = block
        self.realInput = realInput
        self.judgement = judgement
        generator = SplitMix64(seed: seed)
    }

    var answersWaitingScreens: Bool { false }

    func inputs(lookingAt time: MonotonicTime, dueBy due: MonotonicTime) -> [InputEvent] {
        if case .responding = block.stage, let running = block.current, let onset = running.onset, onset != judgedOnset,
           !(realInput && block.isOnsetAwaitingPresentation) {
            judgedOnset = onset
            judge(running, onset: onset)
        }
        return pending.take(through: due, lookingAt: time)
    }

    private func judge(_ running: JudgeBlock.Running, onset: MonotonicTime) {
        let configuration = block.configuration
        let condition = configuration.conditionColumn.flatMap { block.extraColumns.firstIndex(of: $0) }.map { running.scheduled.extras[$0] }
        let judged = judgement(condition)
        let milliseconds = judged.responseTime.drawMilliseconds(&generator)
        let right = generator.nextUnit() < judged.accuracy
        let expected = running.scheduled.trial.expected
        let answer: Int?
        switch configuration.paradigm {
        case .choice:
            let rightIndex = configuration.responses.firstIndex { $0.answer == expected }
            let wrong = configuration.responses.indices.filter { $0 != rightIndex }
            answer = right ? rightIndex : (wrong.isEmpty ? nil : wrong[Int(generator.next() % UInt64(wrong.count))])
        case .goNoGo:
            // The one response is made to a target seen as one, or to a non-target mistaken for one.
            answer = (expected == "go") == right ? configuration.responses.indices.first : nil
        }
        guard let answer, milliseconds <= configuration.responseSeconds * 1000 else { return }
        press(answer, at: onset.adding(milliseconds: milliseconds))
    }

    private func press(_ index: Int, at time: MonotonicTime) {
        let response = block.configuration.responses[index]
        let released = time.adding(milliseconds: Self.pressMilliseconds)
        if realInput {
            tap(index, at: time, released: released)
        } else if let key = response.key {
            pending.add(InputEvent(time: time, .keyPress(key)))
            pending.add(InputEvent(time: released, .keyRelease(key)))
        } else if let button = response.joystickButton {
            let name = KeyNames.joystickButtonPrefix + String(button)
            pending.add(InputEvent(time: time, .joystickButton(name, pressed: true)))
            pending.add(InputEvent(time: released, .joystickButton(name, pressed: false)))
        } else {
            tap(index, at: time, released: released)
        }
    }

    private func tap(_ index: Int, at time: MonotonicTime, released: MonotonicTime) {
        let box = block.responseButtons[index]
        let point = Point(box.centerX, box.centerY).asPointerReportsIt
        pending.add(InputEvent(time: time, .pointerDown(point, .finger(0))))
        pending.add(InputEvent(time: released, .pointerUp(point, .finger(0))))
    }
}
