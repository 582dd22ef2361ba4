/// The communications task's changing state: radios, callsigns and the prompt being spoken.
public struct CommunicationsState: Hashable, Sendable {
    public var radios: [CommunicationsRadio]
    public var ownCallsign: String
    /// The distractors; a callsign regex change appends new ones (OpenMATB quirk).
    public var otherCallsigns: [String]
    /// The regex the callsigns were last generated from (`old_regex`).
    public var callsignRegex: String
    /// When the prompt being spoken ends (OpenMATB: when its player runs out of sound).
    public var promptEndsAt: ScenarioTime?
    /// Prompts started so far; numbers them for the audio output.
    public var promptCount = 0

    public init(radios: [CommunicationsRadio], ownCallsign: String, otherCallsigns: [String], callsignRegex: String) {
        self.radios = radios
        self.ownCallsign = ownCallsign
        self.otherCallsigns = otherCallsigns
        self.callsignRegex = callsignRegex
    }

    /// The index of the selected radio, if any.
    public var activeIndex: Int? { radios.firstIndex { $0.isActive } }

    /// Radios with a target whose prompt has been spoken: the ones awaiting an answer.
    public var waitingIndices: [Int] { radios.indices.filter { radios[$0].targetMHz != nil && !radios[$0].isPrompting } }

    /// Positive response times, for the overdue alarm (docs/openmatb-behaviour.md: Overdue alarm).
    public var responseTimersMilliseconds: [Double] { radios.map(\.responseTimeMs).filter { $0 > 0 } }
}
