import KioskCore

/// The dashboard's first page: every kiosk, every study, and the data's integrity at a glance.
public struct LabOverview: Sendable {
    public struct Kiosk: Sendable {
        public var name: String
        public var lastContact: String
        public var age: String
        public var online: Bool
        /// What it runs now, as its last send said: "P017, visit 2: NASA-TLX (block 3 of 7)".
        public var running: [String]
        /// Its latest timing certificate (docs/timing.md), nil when it sent none.
        public var timingCertificate: TimingCertificate?
        /// Days since that certificate was made.
        public var certificateAgeDays: Int?
    }

    /// A study's participants, sessions, and its visits by state (``LabStudyRoster``).
    public struct Study: Sendable {
        public var name: String
        public var participants: Int
        public var sessions: Int
        public var visits: LabStudyRoster.Counts
        /// False for a study whose plan has no visits: ``visits`` then counts sessions.
        public var hasVisits: Bool
    }

    public var kiosks: [Kiosk]
    public var studies: [Study]
    public var integrity: LabIntegrity.Summary

    /// Reads the overview; a kiosk is online when it was last heard from within `onlineWithin`
    /// seconds of `now`; visits are due or overdue as of `today`.
    public static func read(_ database: any LabDatabase, now: Int64, onlineWithin: Int64, today: CalendarDate) throws -> LabOverview {
        let running = try running(database)
        var certificates: [String: TimingCertificate] = [:]
        for row in try database.run("""
            SELECT kiosk, path, certificate FROM timing_certificate t
            WHERE made = (SELECT max(made) FROM timing_certificate u WHERE u.kiosk = t.kiosk) ORDER BY kiosk, path
            """) {
            if case .success(let certificate) = TimingCertificate.read(row[2] ?? "", file: row[1] ?? "") { certificates[row[0] ?? ""] = certificate }
        }
        let kiosks = try database.run("SELECT name, last_contact FROM kiosk ORDER BY name").map { row in
            let contact = row[1] ?? ""
            let seconds = LabTime.seconds(fromUTC: contact).map { now - $0 }
            let certificate = certificates[row[0] ?? ""]
            return Kiosk(name: row[0] ?? "", lastContact: LabTime.shown(contact), age: seconds.map(LabTime.age) ?? "?",
                         online: seconds.map { $0 <= onlineWithin } ?? false, running: running[row[0] ?? ""] ?? [],
                         timingCertificate: certificate, certificateAgeDays: certificate?.age(on: today))
        }
        let studies = try database.run("""
            SELECT study, sum(sessions) FROM (SELECT study, count(*) AS sessions FROM session GROUP BY study
                                              UNION ALL SELECT DISTINCT study, 0 FROM roster_entry) AS known
            GROUP BY study ORDER BY study
            """).map { row in
            let roster = try LabStudyRoster.read(database, study: row[0] ?? "", today: today)
            return Study(name: row[0] ?? "", participants: roster.participants.count, sessions: Int(row[1] ?? "") ?? 0, visits: roster.counts,
                         hasVisits: roster.hasVisits)
        }
        return LabOverview(kiosks: kiosks, studies: studies, integrity: try LabIntegrity.Summary.read(database))
    }

    /// What each kiosk runs now, by kiosk: a session whose block had begun when it last sent.
    static func running(_ database: any LabDatabase) throws -> [String: [String]] {
        var running: [String: [String]] = [:]
        for row in try database.run("""
            SELECT s.kiosk, s.participant, s.visit, b.title, b.place,
                   (SELECT count(*) FROM block x WHERE x.kiosk = s.kiosk AND x.journal = s.journal)
            FROM session s JOIN block b ON b.kiosk = s.kiosk AND b.journal = s.journal
            WHERE s.completed IS NULL AND s.declined IS NULL AND b.state = 'running'
            ORDER BY s.kiosk, s.started
            """) {
            let visit = row[2].map { ", visit \($0)" } ?? ""
            running[row[0] ?? "", default: []].append("\(row[1] ?? "")\(visit): \(row[3] ?? "") (block \(row[4] ?? "?") of \(row[5] ?? "?"))")
        }
        return running
    }
}
