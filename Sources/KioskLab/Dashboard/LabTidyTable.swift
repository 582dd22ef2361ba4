/// A study's figures as one tidy table (one row per participant, session, block and figure),
/// tab-separated, for R or pandas: the dashboard's download.
public enum LabTidyTable {
    public static let columns = ["study", "participant", "visit", "kiosk", "session_started", "session_state", "block_place", "block", "figure", "value"]

    public static func read(_ database: any LabDatabase, study: String) throws -> String {
        var text = columns.joined(separator: "\t") + "\n"
        for row in try database.run("""
            SELECT s.study, s.participant, coalesce(s.visit, ''), s.kiosk, s.started,
                   CASE WHEN s.completed IS NOT NULL THEN 'completed' WHEN s.declined IS NOT NULL THEN 'declined' ELSE 'unfinished' END,
                   b.place, b.title, f.name, f.value
            FROM figure f JOIN block b ON b.kiosk = f.kiosk AND b.journal = f.journal AND b.place = f.place
                          JOIN session s ON s.kiosk = f.kiosk AND s.journal = f.journal
            WHERE s.study = $1
            ORDER BY s.participant, s.started, b.place, f.name
            """, [.text(study)]) {
            text += row.map { field($0 ?? "") }.joined(separator: "\t") + "\n"
        }
        return text
    }

    /// A value on one line of one column: tabs and line breaks become spaces, and text that a
    /// spreadsheet would run as a formula (`=HYPERLINK(…)`, `+…`, `-…`, `@…`) starts with `'`,
    /// which the spreadsheet shows as text. A number stays a number: `-0.5` is read as one.
    static func field(_ text: String) -> String {
        let line = String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
        guard let first = line.first, "=+-@".contains(first), Double(line) == nil else { return line }
        return "'" + line
    }
}
