/// Whether a callsign pattern can produce enough distinct valid callsigns.
///
/// OpenMATB's `get_callsign` keeps drawing until it gets a string whose characters are all
/// distinct and all in `A–Z0–9`, then the distractors must differ from every callsign
/// already chosen; with a pattern that cannot satisfy that it loops forever (docs/openmatb-behaviour.md:
/// Callsigns). This analysis searches the pattern's language, restricted to such strings, for the
/// number of distinct callsigns needed:
///
/// * each node is summarised by the fewest characters it must emit and the set of valid
///   characters it can emit; a branch of the search is cut as soon as the characters
///   still required outnumber the unused valid characters still reachable (so
///   `[A-Z]{27}`, `[a-z]{3}` or `[AB]{3}` are refused at once);
/// * otherwise a depth-first search over the choices (class members, alternatives,
///   repeat counts up to rstr's cap of 100, back-references) collects distinct valid
///   strings until it has enough (`feasible`), has seen them all (`infeasible`) or has
///   spent its step budget (`undetermined`).
///
/// The verdict is sound: `infeasible` only when no such set of callsigns exists, since
/// every cut is justified by counting. As in OpenMATB, the empty string passes the
/// callsign check, so a pattern that can produce "" can always give *one* callsign.
public enum CallsignFeasibility: Hashable, Sendable {
    /// The search found the requested number of distinct valid callsigns.
    case feasible
    /// The pattern cannot produce that many distinct valid callsigns: OpenMATB would hang.
    case infeasible
    /// The budget ran out before a verdict; generation is then guarded by an attempt cap.
    case undetermined

    /// The default search budget, in search steps (well under a second).
    public static let defaultBudget = 200_000

    /// Analyses `pattern` for `count` distinct valid callsigns (own + distractors).
    public static func analyze(_ pattern: Xeger, distinctCallsigns count: Int, budget: Int = defaultBudget)
        -> CallsignFeasibility
    {
        if count <= 0 { return .feasible }
        let search = CallsignSearch(needed: count, budget: budget)
        return search.run(pattern.nodes)
    }
}
