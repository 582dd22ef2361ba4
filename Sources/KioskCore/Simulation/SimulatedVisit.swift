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

    /// The MATB block run last, until its workload is taken: the only block kept past its end.
    private var lastMATBBlock: MATBBlock?
    private var lastWorkload: Double?

    /// The workload of the latest MATB block of this run of the visit that measured one
    /// (``ExperiencedWorkload``), for the questionnaires after it.
    private func takeWorkloadMeasured() -> Double? {
        if let block = lastMATBBlock, let measured = ExperiencedWorkload.measured(in: block) { lastWorkload = measured }
        lastMATBBlock = nil
        return lastWorkload
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
        switch block {
        case let judge as JudgeBlock:
            let model = model, visit = visit
            return SimulatedJudgeParticipant(block: judge, seed: blockSeed, realInput: realInput) { condition in
                model.judgement(condition: condition, visit: visit, earlierRuns: earlierRuns)
            }
        case let matb as MATBBlock:
            let workloadBefore = takeWorkloadMeasured()
            defer { lastMATBBlock = matb }
            return SimulatedMATBOperator(block: matb, model: model, seed: blockSeed, workloadBefore: workloadBefore)
        case let pause as PauseBlock:
            // A break's rest past its minimum; the screen before a block, read (with --real-input
            // moved past at once, as ``RealInputPath`` says).
            if realInput, pause.minimumSeconds == 0 { return nil }
            return SimulatedContinuer(block: pause, time: pause.minimumSeconds > 0 ? model.rest.beyondMinimum : model.screens.reading,
                                      seed: blockSeed)
        case let prompts as PromptsBlock:
            return SimulatedContinuer(block: prompts, time: model.prompts.responseTime, seed: blockSeed)
        case let pad as PadBlock:
            return SimulatedPadParticipant(block: pad, drawing: model.drawing, reading: model.screens.reading, seed: blockSeed)
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
