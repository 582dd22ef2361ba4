/// Why callsigns could not be generated (where OpenMATB would hang or crash).
public enum CallsignGenerationError: Error, Hashable, Sendable {
    /// The pattern cannot produce `needed` distinct callsigns of distinct `A–Z0–9`
    /// characters; OpenMATB loops forever on such a pattern.
    case cannotProduceCallsigns(regex: String, needed: Int)
    /// No acceptable callsign after `attempts` draws (the draw or character safety cap).
    case attemptLimitReached(regex: String, attempts: Int)
    /// The pattern failed to generate a string (OpenMATB would crash).
    case generation(PythonRegexError)
}
