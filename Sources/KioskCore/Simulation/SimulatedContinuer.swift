/// A simulated participant at screens that only wait for them to go on: a self-paced break
/// once it offers Continue (the rest taken past its minimum, ``BehaviourModel/Rest``), the
/// screen before each block (read, ``BehaviourModel/Screens``), a prompt sequence's waits
/// (``BehaviourModel/Prompts``). Each time the block waits, it takes a drawn time, then
/// presses Space, so a visit lasts as long as a person's would. A timed break ends by itself.
final class SimulatedContinuer: SimulatedParticipant {
    private let block: any Block
    private let time: ExGaussian
    private var generator: SplitMix64
    private var pending = PendingInputs()

    /// - Parameter time: how long each wait lasts, from the frame that showed it to the key.
    init(block: any Block, time: ExGaussian, seed: UInt64) {
        self.block = block
        self.time = time
        generator = SplitMix64(seed: seed)
    }

    var answersWaitingScreens: Bool { true }

    func inputs(lookingAt time: MonotonicTime, dueBy due: MonotonicTime) -> [InputEvent] {
        // Pending inputs the block has not seen yet: what waits now may be what they answer.
        if pending.isSettled(at: time), block.isWaitingForParticipant {
            let moment = time.adding(milliseconds: self.time.drawMilliseconds(&generator))
            pending.add(InputEvent(time: moment, .keyPress("SPACE")))
            pending.add(InputEvent(time: moment.adding(milliseconds: 90), .keyRelease("SPACE")))
        }
        return pending.take(through: due, lookingAt: time)
    }
}
