/// One `xeger` draw made while looking for a callsign, and whether it was kept.
///
/// Every draw is logged by OpenMATB (`seed_value` then `seed_output`), rejected ones
/// included, so the attempts come back in draw order.
public struct CallsignAttempt: Hashable, Sendable {
    /// Why a drawn string was not used.
    public enum Rejection: Hashable, Sendable {
        /// A character occurs twice (`OTL422`).
        case repeatedCharacter
        /// A character outside `A–Z0–9`.
        case invalidCharacter
        /// Valid, but already the own callsign or a distractor.
        case alreadyUsed
    }

    /// The seed and the drawn string.
    public var draw: SeededDraw<String>
    /// `nil` when the string became a callsign.
    public var rejection: Rejection?

    /// An attempt; `rejection` is `nil` for the string that was kept.
    public init(draw: SeededDraw<String>, rejection: Rejection?) {
        self.draw = draw
        self.rejection = rejection
    }
}
