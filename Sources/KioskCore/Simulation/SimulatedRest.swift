/// A simulated participant at a self-paced break (docs/plans.md: `minimum-seconds`): once the
/// break offers Continue, rests a time drawn from ``BehaviourModel/Rest`` more, then presses
/// Space, so a visit lasts as long as a rested person's would. Screens between blocks and timed
/// breaks are not its: the runner moves past the first, the second end by themselves.
final class SimulatedRest: SimulatedParticipant {
    private let block: PauseBlock
    private let rest: BehaviourModel.Rest
    private var generator: SplitMix64
    private var pending = PendingInputs()
    private var decided = false

    init(block: PauseBlock, rest: BehaviourModel.Rest, seed: UInt64) {
        self.block = block
        self.rest = rest
        generator = SplitMix64(seed: seed)
    }

    var answersWaitingScreens: Bool { true }

    func inputs(lookingAt time: MonotonicTime, dueBy due: MonotonicTime) -> [InputEvent] {
        if block.isWaitingForParticipant, !decided {
            decided = true
            let moment = time.adding(milliseconds: rest.beyondMinimum.drawMilliseconds(&generator))
            pending.add(InputEvent(time: moment, .keyPress("SPACE")))
            pending.add(InputEvent(time: moment.adding(milliseconds: 90), .keyRelease("SPACE")))
        }
        return pending.take(through: due)
    }
}
