/// One simulated participant's behaviour through one visit (or the one session of a plan
/// without visits): it makes the participant of each block as the block starts. Every draw
/// comes from a seed made of the simulation's seed, the participant, the visit, the block's
/// place and its run, so the same command gives the same data, resumed or not.
public final class SimulatedVisit {
    public let model: BehaviourModel
    public let participant: String
    public let visit: String?
    private let seed: UInt64
    /// Whether the blocks run in a window, in real time, the inputs made through input devices
    /// (`--real-input`, ``RealInputPath``).
    private let realInput: Bool

    public init(model: BehaviourModel, seed: UInt64, participant: String, visit: String?, realInput: Bool = false) {
        self.model = model
        self.realInput = realInput
        self.participant = participant
        self.visit = visit
        self.seed = seed
    }

    /// Whether this participant declines consent: the same at every visit, from the seed and
    /// the participant alone.
    public var declinesConsent: Bool {
        var generator = SplitMix64(seed: Self.seed(seed, participant, "consent"))
        return generator.nextUnit() < model.consent.declineShare
    }

    /// The participant of the block at `place` of the session, starting now after
    /// `earlierRuns` complete runs of it (a practice run again to its criterion, counted as the
    /// batch counts them); nil for a block this model does not act in (the headless runner
    /// moves past what waits in it).
    public func participant(for block: any Block, place: Int, earlierRuns: Int) -> (any SimulatedParticipant)? {
        // A corner patch checks the block's onsets; the participant acts in the block itself.
        let block = (block as? OnsetPatchedBlock)?.inner ?? block
        let blockSeed = Self.seed(seed, participant, visit ?? "", String(place), String(earlierRuns))
        // Through devices, only a judgement's taps are made (``RealInputPath``): a plan with a
        // block the model would act in otherwise is refused before it runs, and in the rest
        // (instructions, the screens between blocks) nobody acts.
        if realInput, !(block is JudgeBlock) { return nil }
        switch block {
        case let judge as JudgeBlock:
            let model = model, visit = visit
            return SimulatedJudgeParticipant(block: judge, seed: blockSeed, realInput: realInput) { condition in
                model.judgement(condition: condition, visit: visit, earlierRuns: earlierRuns)
            }
        case let matb as MATBBlock:
            return SimulatedMATBOperator(block: matb, model: model, seed: blockSeed)
        case let pause as PauseBlock where pause.minimumSeconds > 0:
            return SimulatedRest(block: pause, rest: model.rest, seed: blockSeed)
        case let consent as ConsentBlock:
            return SimulatedConsentParticipant(block: consent, declines: declinesConsent, name: model.consent.name,
                                               actionTime: model.consent.actionTime, seed: blockSeed)
        default:
            return nil
        }
    }

    /// A 64-bit seed from the simulation's seed and `parts` (FNV-1a over their UTF-8 bytes).
    static func seed(_ seed: UInt64, _ parts: String...) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        for byte in parts.joined(separator: "\u{0}").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
