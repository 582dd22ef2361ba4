/// The parameters communications' dynamics read, as typed values (docs/openmatb-behaviour.md:
/// Communications).
public struct CommunicationsParameters: Hashable, Sendable {
    /// The response keys, as `keys-…` names them.
    public struct Keys: Hashable, Sendable {
        public var selectRadioUp: String
        public var selectRadioDown: String
        public var tuneFrequencyUp: String
        public var tuneFrequencyDown: String
        public var validateResponse: String
    }

    /// `callsignregex`: the pattern callsigns are drawn from.
    public var callsignRegex: String
    /// `othercallsignnumber`: how many distractors a regeneration adds.
    public var otherCallsignNumber: Int
    /// `radioprompt`, lower-cased: `own`, `other`, or empty when no prompt is asked for.
    public var radioPrompt: String
    public var airbandMinMHz: Double
    public var airbandMaxMHz: Double
    /// A target must differ from the radio's frequency by strictly more than this…
    public var minVariationMHz: Double
    /// …and strictly less than this.
    public var maxVariationMHz: Double
    public var maxResponseDelayMs: Double
    /// `taskupdatetime`, in milliseconds.
    public var updatePeriodMs: Double
    /// Whether `taskupdatetime` is an int, so that accumulated times log as ints.
    public var periodIsInteger: Bool
    public var feedbackDurationMs: Double
    public var isPositiveFeedbackOn: Bool
    public var isNegativeFeedbackOn: Bool
    public var isAutomaticSolverOn: Bool
    public var keys: Keys
    public var voice: Voice
    /// `promptlist`: the radio names an `other` prompt picks from (a single name counts as a
    /// one-name list).
    public var promptList: [String]

    /// Reads the current values of the plugin's parameters.
    public init(_ values: ParameterValues) {
        callsignRegex = values.string("callsignregex") ?? CommunicationsDescriptor.defaultCallsignRegex
        otherCallsignNumber = values.number("othercallsignnumber").map { Int($0.rounded(.towardZero)) } ?? 5
        radioPrompt = (values.string("radioprompt") ?? "").lowercased()
        airbandMinMHz = values.number("airbandminMhz") ?? 108
        airbandMaxMHz = values.number("airbandmaxMhz") ?? 137
        minVariationMHz = values.number("airbandminvariationMhz") ?? 5
        maxVariationMHz = values.number("airbandmaxvariationMhz") ?? 6
        maxResponseDelayMs = values.number("maxresponsedelay") ?? 20000
        updatePeriodMs = values.number("taskupdatetime") ?? 80
        if case .int = values["taskupdatetime"] { periodIsInteger = true } else { periodIsInteger = false }
        feedbackDurationMs = values.number("feedbackduration") ?? 1500
        isPositiveFeedbackOn = values.bool("feedbacks-positive-active")
        isNegativeFeedbackOn = values.bool("feedbacks-negative-active")
        isAutomaticSolverOn = values.bool("automaticsolver")
        keys = Keys(
            selectRadioUp: values.string("keys-selectradioup") ?? "UP",
            selectRadioDown: values.string("keys-selectradiodown") ?? "DOWN",
            tuneFrequencyUp: values.string("keys-tunefrequencyup") ?? "RIGHT",
            tuneFrequencyDown: values.string("keys-tunefrequencydown") ?? "LEFT",
            validateResponse: values.string("keys-validateresponse") ?? "ENTER")
        voice = Voice(idiom: values.string("voiceidiom") ?? "french", gender: values.string("voicegender") ?? "female")
        switch values["promptlist"] {
        case .list(let items): promptList = items.compactMap(\.text)
        case .string(let name): promptList = [name]
        default: promptList = CommunicationsDescriptor.radioNames
        }
    }

    /// Whether a feedback of this kind is shown.
    public func isFeedbackOn(_ kind: CommunicationsRadio.Feedback) -> Bool {
        kind == .positive ? isPositiveFeedbackOn : isNegativeFeedbackOn
    }
}
