/// The sensitivity curve's name, as settings and options give it.
public enum StickCurveKind: String, CaseIterable, Hashable, Sendable {
    case linear, exponential
    /// The exponential curve's factor when none is given.
    public static let defaultFactor = 2.0
}
