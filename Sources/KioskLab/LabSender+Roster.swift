import KioskCore
import KioskData

/// The roster through the lab (docs/lab.md: One roster for the lab): each kiosk sends its own
/// roster and the visits of the studies it runs, and reads back the lab's roster and the
/// visits completed elsewhere of those studies, as the copy its desk and batches work from.
extension LabSender {
    /// The kiosk's `roster.txt`, one row per participant; a withdrawal recorded since the last
    /// send is added to its row.
    func sendRoster(into report: inout Report) throws {
        let entries: [RosterEntry]
        do { entries = try RosterFile(dataDirectory: dataDirectory).entries() } catch {
            report.unreadable.append("\(error)")
            return
        }
        try database.transaction {
            for entry in entries {
                try database.run("""
                    INSERT INTO roster_entry(kiosk, study, participant, registered, assigned_group, notes, withdrawn, withdrawn_by, withdrawn_reason)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                    ON CONFLICT (kiosk, study, participant) DO UPDATE
                    SET withdrawn = excluded.withdrawn, withdrawn_by = excluded.withdrawn_by, withdrawn_reason = excluded.withdrawn_reason
                    """, [.text(kiosk), .text(entry.study), .text(entry.participant), .text(entry.registered), .text(entry.group),
                          .text(entry.notes), .optional(entry.withdrawal?.time), .optional(entry.withdrawal?.by), .optional(entry.withdrawal?.reason)])
            }
        }
        report.registrations = entries.count
    }

    /// The studies the kiosk runs, and the visits of those its desk offers as its plans have them now.
    func sendStudies(_ studiesRun: Set<String>) throws {
        try database.transaction {
            for study in studiesRun.sorted() {
                try database.run("INSERT INTO kiosk_study(kiosk, study) VALUES ($1, $2) ON CONFLICT DO NOTHING", [.text(kiosk), .text(study)])
            }
            for study in studies {
                try database.run("DELETE FROM study_visit WHERE kiosk = $1 AND study = $2", [.text(kiosk), .text(study.name)])
                for (place, visit) in study.visits.enumerated() {
                    try database.run("""
                        INSERT INTO study_visit(kiosk, study, place, visit, day, window_days) VALUES ($1, $2, $3, $4, $5, $6)
                        """, [.text(kiosk), .text(study.name), .integer(place + 1), .text(visit.name), .integer(visit.day), .integer(visit.windowDays)])
                }
            }
        }
    }

    /// The lab's roster of the studies the kiosk runs, every kiosk's registrations merged, and
    /// the visits their participants completed on other kiosks.
    public func labCopy(pulled: String) throws -> LabCopy {
        let entries = try database.run("""
            SELECT study, participant, registered, assigned_group, notes, withdrawn, withdrawn_by, withdrawn_reason
            FROM roster_entry WHERE study IN (SELECT study FROM kiosk_study WHERE kiosk = $1) ORDER BY registered, kiosk
            """, [.text(kiosk)]).map { row in
            RosterEntry(participant: row[1] ?? "", study: row[0] ?? "", registered: row[2] ?? "", group: row[3] ?? "", notes: row[4] ?? "",
                        withdrawal: row[5].map { RosterEntry.Withdrawal(time: $0, by: row[6] ?? "", reason: row[7] ?? "") })
        }
        let visits = try database.run("""
            SELECT participant, study, visit, started FROM session
            WHERE kiosk <> $1 AND visit IS NOT NULL AND completed IS NOT NULL AND study IN (SELECT study FROM kiosk_study WHERE kiosk = $1)
            ORDER BY started, participant
            """, [.text(kiosk)]).map { row in
            LabCopy.Visit(participant: row[0] ?? "", study: row[1] ?? "", visit: row[2] ?? "", started: row[3] ?? "")
        }
        return LabCopy(pulled: pulled, entries: RosterMerge.merged([entries]), visits: visits)
    }
}
