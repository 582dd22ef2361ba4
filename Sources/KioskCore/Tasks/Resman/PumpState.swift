/// A pump's state, as `pump-N-state` names it.
public enum PumpState: String, CaseIterable, Hashable, Sendable {
    case off, on, failure
}
