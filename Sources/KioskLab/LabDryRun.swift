/// How the lab keeps a study's simulated participants apart from its real ones (docs/lab.md:
/// Simulated participants): a simulated session or registration is filed under a study of its
/// own, the dry run, named `STUDY (simulated)`, so that every page, figure, table, zip and
/// report read by a study's name holds real or simulated participants, never both. A
/// participant is one or the other in a study: the lab refuses, and flags, a session or
/// registration that would make one both, and a real one into a study named as a dry run.
public enum LabDryRun {
    public static let suffix = " (simulated)"

    /// The study the lab files a session or registration under.
    public static func filedStudy(_ study: String, simulated: Bool) -> String {
        simulated ? study + suffix : study
    }

    /// True for the name of a dry run's study.
    public static func isDryRun(_ study: String) -> Bool {
        study.hasSuffix(suffix)
    }

    /// The study a dry run rehearses (the name itself for a real study).
    public static func rehearsed(_ study: String) -> String {
        isDryRun(study) ? String(study.dropLast(suffix.count)) : study
    }

    /// Why the lab refuses a session or registration of `participant` into `study` (as sent),
    /// simulated by `simulated` (nil: a person), given the studies the lab already files that
    /// participant under: what the lab keeps and what was offered, as `refused_row` has them;
    /// nil when it takes it. The rule the lab's functions (LabFunctions: `lab_kept_apart`) and a
    /// kiosk's own `lab.sqlite` (SQLiteLabWriter) both keep.
    public static func refusal(study: String, participant: String, simulated: String?,
                               filedUnder studies: Set<String>) -> (kept: String, offered: String)? {
        if simulated == nil && isDryRun(study) {
            return ("a real participant's study may not be named like a dry run's", study)
        }
        let other = filedStudy(study, simulated: simulated == nil)
        guard studies.contains(other) else { return nil }
        return ("\(participant): a \(simulated == nil ? "simulated" : "real") participant of \(other) in the lab",
                simulated.map { "simulated (\($0))" } ?? "a real participant")
    }
}
