import KioskCore

/// Each participant's BIDS subject label, one per participant ID: the ID's letters and digits
/// (``BIDSLabel``), and where two IDs keep the same ones (`P-105` on one kiosk, `P105` on
/// another), the second in order gets `n2`, the third `n3`, so that two people are never one
/// subject. `participants.tsv` keeps each subject's ID as recorded (`source_id`), and, in a
/// dataset with simulated participants (docs/simulate.md), whether each was (`simulated`).
public enum BIDSSubjects {
    /// The label (without `sub-`) of each of `participants`.
    public static func labels(of participants: Set<String>) -> [String: String] {
        let byLabel = Dictionary(grouping: participants.sorted(), by: BIDSLabel.make)
        var taken = Set(byLabel.keys), labels: [String: String] = [:]
        for (label, ids) in byLabel.sorted(by: { $0.key < $1.key }) {
            labels[ids[0]] = label
            var next = 2
            for id in ids.dropFirst() {
                while taken.contains(label + "n\(next)") { next += 1 }
                taken.insert(label + "n\(next)")
                labels[id] = label + "n\(next)"
            }
        }
        return labels
    }

    /// `participants.tsv`: each subject with the ID it was recorded under, on one line; with a
    /// `simulated` column (`yes` or `no`) when any of `simulated` is among them.
    public static func table(_ labels: [String: String], simulated: Set<String> = []) -> String {
        let marks = !simulated.isDisjoint(with: labels.keys)
        return "participant_id\tsource_id" + (marks ? "\tsimulated" : "") + "\n" + labels.sorted { $0.value < $1.value }.map { id, label in
            "sub-\(label)\t" + String(id.map { $0 == "\t" || $0.isNewline ? " " : $0 })
                + (marks ? (simulated.contains(id) ? "\tyes" : "\tno") : "") + "\n"
        }.joined()
    }

    /// `participants.json`: what `source_id` (and `simulated`, when the table has it) holds.
    static func sidecar(simulatedColumn: Bool) -> String {
        JSONText.object([
            ("source_id", JSONText.object([("Description", JSONText.quoted(
                "The participant's ID as the kiosk recorded it. A subject label keeps only its letters and digits; "
                + "where two IDs keep the same ones, the second has n2 after them, the third n3."))])),
        ] + (simulatedColumn ? [
            ("simulated", JSONText.object([
                ("Description", JSONText.quoted("Whether the participant was simulated by labkiosk simulate (no person took part) or a person.")),
                ("Levels", JSONText.object([("yes", JSONText.quoted("simulated")), ("no", JSONText.quoted("a person"))])),
            ])),
        ] : [])) + "\n"
    }
}
