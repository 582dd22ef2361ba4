/// A simulated participant's roster line (docs/simulate.md): its notes say what simulated
/// them, `simulated (model FILE, seed S)`.
extension RosterEntry {
    public static func simulatedNotes(_ simulation: String) -> String {
        "simulated (\(simulation))"
    }

    /// What simulated the participant, as their notes say; nil for a person's.
    public static func simulation(of notes: String) -> String? {
        guard notes.hasPrefix("simulated ("), notes.hasSuffix(")") else { return nil }
        return String(notes.dropFirst("simulated (".count).dropLast())
    }
}
