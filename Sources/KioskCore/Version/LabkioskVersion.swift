/// The release both programs name: in each session log's `version` row, in an exported
/// dataset's `GeneratedBy`, and in `--version`.
public enum LabkioskVersion {
    public static let current = "labkiosk 0.2.0"
}
