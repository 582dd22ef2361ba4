/// A timed prompt sequence, as its file describes it (docs/prompts.md): preparation steps,
/// help, the phases every trial runs and the trials' variables. ``PromptSequenceReader``
/// makes one and checks it; ``PromptsBlock`` runs it.
public struct PromptSequence: Hashable, Sendable {
    /// Shown on every screen and written in the log's header.
    public var title: String
    public var trialOrder: PromptTrialOrder
    /// A pause screen after every this many trials; 0 never pauses.
    public var pauseEvery: Int
    /// How many times the trial list is run through.
    public var passes: Int
    public var preparation: [PromptPreparationStep]
    public var help: [PromptHelpItem]
    /// At least one.
    public var phases: [PromptPhase]
    /// At least one: a file without `[[trial]]` tables has one trial with no variables.
    public var trials: [PromptTrial]
    /// Every picture the sequence can show, once per place and path, in file order.
    public var images: [PromptImageReference]
    /// Send each marker to a Lab Streaming Layer outlet (`lab_streaming_layer = true`).
    public var labStreamingLayer = false
    /// Write each phase's `code` to the parallel port (`parallel_port = true`).
    public var parallelPort = false

    public init(title: String = "", trialOrder: PromptTrialOrder = .file, pauseEvery: Int = 0, passes: Int = 1,
                preparation: [PromptPreparationStep] = [], help: [PromptHelpItem] = [], phases: [PromptPhase],
                trials: [PromptTrial] = [PromptTrial(variables: [])], images: [PromptImageReference] = []) {
        self.title = title
        self.trialOrder = trialOrder
        self.pauseEvery = pauseEvery
        self.passes = passes
        self.preparation = preparation
        self.help = help
        self.phases = phases
        self.trials = trials.isEmpty ? [PromptTrial(variables: [])] : trials
        self.images = images
    }

    /// Every distinct text the sequence speaks, with its variables filled in, in the order
    /// first met: the shell measures how long each takes to say.
    public var speechTexts: [String] {
        var texts: [String] = []
        var seen = Set<String>()
        for trial in trials {
            let values = trial.values
            for phase in phases {
                guard let speech = phase.speech?.filled(with: values), seen.insert(speech).inserted else { continue }
                texts.append(speech)
            }
        }
        return texts
    }
}
