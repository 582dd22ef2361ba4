import KioskCore
import KioskData

/// The roster through the lab (docs/lab.md: One roster for the lab): each kiosk sends its own
/// roster and the visits of the studies it runs, and reads back the lab's roster and the
/// visits completed elsewhere of those studies, as the copy its desk and batches work from.
extension LabSender {
    /// The kiosk's `roster.txt`, one row per participant, and each withdrawal recorded. A row
    /// the lab has stays as it is: a registration sent otherwise is flagged, and a withdrawal
    /// missing from the roster now (a backup restored) is not taken away.
    /// A participant is simulated when their journals say so (`simulated`), or their roster
    /// line's notes do (a simulation stopped before its first session).
    func sendRoster(simulated: [RosterKey: String], into report: inout Report) throws {
        let entries: [RosterEntry]
        do { entries = try RosterFile(dataDirectory: dataDirectory).entries() } catch {
            report.unreadable.append("\(error)")
            return
        }
        let writer = self.writer
        try database.transaction {
            for entry in entries {
                let simulatedBy = simulated[RosterKey(study: entry.study, participant: entry.participant)] ?? RosterEntry.simulation(of: entry.notes)
                switch try writer.register(entry, simulated: simulatedBy) {
                case .refused: report.refusedRows.append("registration of \(entry.participant) for \(entry.study)")
                case .apart:
                    report.keptApart.append("registration of \(entry.participant) for \(entry.study): "
                        + LabSender.apart(study: entry.study, participant: entry.participant, simulated: simulatedBy))
                    continue
                default: break
                }
                if let withdrawal = entry.withdrawal, try writer.withdraw(entry, withdrawal) == .refused {
                    report.refusedRows.append("withdrawal of \(entry.participant) from \(entry.study)")
                }
            }
        }
        report.registrations = entries.count
    }

    /// The visits of the studies the kiosk's desk offers, as its plans have them now.
    func sendVisits() throws {
        let writer = self.writer
        try database.transaction {
            for study in studies { try writer.visits(of: study) }
        }
    }

    /// The lab's roster of the studies the lab's administrator granted the kiosk (`kiosk_study`)
    /// and of its own registrations, every kiosk's registrations merged, and the visits their
    /// participants completed on other kiosks. Simulated participants stay in their kiosk's own
    /// roster: the copy is of people.
    public func labCopy(pulled: String) throws -> LabCopy {
        let entries = try database.run("""
            SELECT study, participant, registered, assigned_group, notes, withdrawn, withdrawn_by, withdrawn_reason
            FROM roster_entry WHERE (kiosk = $1 OR study IN (SELECT study FROM kiosk_study WHERE kiosk = $1)) AND simulated IS NULL
            ORDER BY registered, kiosk
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
