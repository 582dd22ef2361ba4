/// The callsigns made by one `regenerate_callsigns`, with every draw behind them.
public struct CallsignSet: Hashable, Sendable {
    /// The participant's callsign.
    public var own: String
    /// The distractor list: the ones kept from before (OpenMATB appends), then the new ones.
    public var distractors: [String]
    /// Every `xeger` draw in order, for the `seed_value` / `seed_output` rows.
    public var attempts: [CallsignAttempt]

    /// A regeneration result.
    public init(own: String, distractors: [String], attempts: [CallsignAttempt]) {
        self.own = own
        self.distractors = distractors
        self.attempts = attempts
    }
}
