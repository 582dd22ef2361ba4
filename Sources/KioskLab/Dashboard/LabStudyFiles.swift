/// The files of a study's sessions and their journals, across kiosks: what the dashboard's download holds.
public struct LabStudyFiles: Sendable {
    public struct File: Sendable {
        public var kiosk: String
        /// In the kiosk's data folder.
        public var path: String
        public var sha256: String
        /// Its session's journal, in the kiosk's data folder.
        public var journal: String
        /// Written by a block that did not end (a crash, a power cut).
        public var partial: Bool
        /// The session's journal itself, as the kiosk last sent it: its bytes are the lab's
        /// copy, the kiosk's may have grown since.
        public var isJournal: Bool
    }

    public var files: [File]

    public static func read(_ database: any LabDatabase, study: String) throws -> LabStudyFiles {
        LabStudyFiles(files: try database.run("""
            SELECT f.kiosk, f.path, f.sha256, f.journal, f.partial, 'false' FROM file f JOIN session s ON s.kiosk = f.kiosk AND s.journal = f.journal
            WHERE s.study = $1
            UNION ALL
            SELECT j.kiosk, j.journal, j.sha256, j.journal, 'false', 'true' FROM session_journal j JOIN session s ON s.kiosk = j.kiosk AND s.journal = j.journal
            WHERE s.study = $1
            ORDER BY 1, 2
            """, [.text(study)]).map { row in
            // PostgreSQL spells a boolean `t`; SQLite keeps the text it was given.
            File(kiosk: row[0] ?? "", path: row[1] ?? "", sha256: row[2] ?? "", journal: row[3] ?? "", partial: row[4] == "t" || row[4] == "true",
                 isJournal: row[5] == "true")
        })
    }

    /// A file's bytes as the lab stores them (nil where the database keeps none: a kiosk's own).
    public static func storedBytes(_ database: any LabDatabase, sha256: String) throws -> [UInt8]? {
        let bytes = try database.bytes("SELECT data FROM content WHERE sha256 = $1", [.text(sha256)])
        return bytes?.isEmpty == false ? bytes : nil
    }
}
