import KioskCore

/// A send into a kiosk's own `lab.sqlite` (LabSource: one kiosk's data folder, no lab server),
/// which only that folder fills and only its owner reads: statements on the tables, by the
/// same rules as the lab's functions where a kiosk's folder can break them (a registration and
/// a withdrawal stay as first read; a file's other bytes are flagged). A session's rows follow
/// its journal. Files' bytes stay in the folder.
struct SQLiteLabWriter: LabWriter {
    let database: any LabDatabase
    let kiosk: String

    func contact() throws {
        try database.run("INSERT INTO kiosk(name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET last_contact = now()", [.text(kiosk)])
    }

    func filesHeld() throws -> [String: HeldFile] {
        var held: [String: HeldFile] = [:]
        for row in try database.run("SELECT path, sha256 FROM file WHERE kiosk = $1 UNION ALL SELECT journal, sha256 FROM session_journal WHERE kiosk = $1",
                                    [.text(kiosk)]) {
            held[row[0] ?? ""] = HeldFile(sha256: row[1], unsent: false)
        }
        for row in try database.run("SELECT path FROM unsent_file WHERE kiosk = $1", [.text(kiosk)]) {
            held[row[0] ?? "", default: HeldFile(sha256: nil, unsent: true)].unsent = true
        }
        return held
    }

    func session(_ journal: BatchJournal, at path: String) throws -> LabAnswer {
        let known = try database.value("SELECT count(*) FROM session WHERE kiosk = $1 AND journal = $2", [.text(kiosk), .text(path)]) != "0"
        if !known, try keptApart("session \(path)", study: journal.study, participant: journal.participant, simulated: journal.simulated) {
            return .apart
        }
        try database.run("""
            INSERT INTO session(kiosk, journal, study, plan, participant, visit, started, orders, simulated)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
            ON CONFLICT (kiosk, journal) DO NOTHING
            """, [.text(kiosk), .text(path), .text(LabDryRun.filedStudy(journal.study, simulated: journal.simulated != nil)), .text(journal.plan),
                  .text(journal.participant), .optional(journal.visit), .text(journal.runs.first ?? ""),
                  .text(journal.orderDecisions.joined(separator: "\n")), .optional(journal.simulated)])
        return .open
    }

    /// Flags a session or registration that would mix a simulated participant with a real one
    /// (LabDryRun), as the lab's `lab_kept_apart` does; true when it did.
    private func keptApart(_ what: String, study: String, participant: String, simulated: String?) throws -> Bool {
        let studies = Set(try database.run("""
            SELECT study FROM session WHERE participant = $1 UNION SELECT study FROM roster_entry WHERE participant = $1
            """, [.text(participant)]).compactMap { $0[0] })
        guard let refusal = LabDryRun.refusal(study: study, participant: participant, simulated: simulated, filedUnder: studies) else { return false }
        try database.run("INSERT INTO refused_row(kiosk, what, kept, offered) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                         [.text(kiosk), .text(what), .text(refusal.kept), .text(refusal.offered)])
        return true
    }

    func block(_ block: BatchJournal.Block, place: Int, of path: String) throws -> LabAnswer {
        try database.run("""
            INSERT INTO block(kiosk, journal, place, plan_block, title, state, began, ended) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            ON CONFLICT (kiosk, journal, place) DO UPDATE SET state = excluded.state, began = excluded.began, ended = excluded.ended
            """, [.text(kiosk), .text(path), .integer(place), .integer(block.planIndex + 1), .text(block.title), .text(block.state.rawValue),
                  .optional(block.began), .optional(block.ended)])
        try database.run("DELETE FROM figure WHERE kiosk = $1 AND journal = $2 AND place = $3", [.text(kiosk), .text(path), .integer(place)])
        return .open
    }

    func figure(_ name: String, _ value: String, place: Int, of path: String) throws -> LabAnswer {
        try database.run("INSERT INTO figure(kiosk, journal, place, name, value) VALUES ($1, $2, $3, $4, $5)",
                         [.text(kiosk), .text(path), .integer(place), .text(name), .text(value)])
        return .open
    }

    func end(_ journal: BatchJournal, at path: String) throws -> LabAnswer {
        try database.run("UPDATE session SET completed = $3, declined = $4 WHERE kiosk = $1 AND journal = $2",
                         [.text(kiosk), .text(path), .optional(journal.completed), .optional(journal.declined)])
        return .ended
    }

    func file(_ path: String, journal: String, place: Int, partial: Bool, sha256: String, bytes: [UInt8]) throws -> LabAnswer {
        try database.run("DELETE FROM unsent_file WHERE kiosk = $1 AND path = $2", [.text(kiosk), .text(path)])
        try database.run("INSERT INTO content(sha256, bytes, data) VALUES ($1, $2, $3) ON CONFLICT (sha256) DO NOTHING",
                         [.text(sha256), .integer(bytes.count), .bytes([])])
        try database.run("""
            INSERT INTO file(kiosk, path, journal, place, partial, bytes, sha256) VALUES ($1, $2, $3, $4, $5, $6, $7)
            """, [.text(kiosk), .text(path), .text(journal), .integer(place), .text(partial ? "true" : "false"), .integer(bytes.count),
                  .text(sha256)])
        return .sent
    }

    /// A journal's bytes are kept, unlike a file's: the dashboard reads the stop reasons and staff
    /// decisions of its sessions from them.
    func journal(_ path: String, sha256: String, bytes: [UInt8]) throws -> LabAnswer {
        try database.run("""
            INSERT INTO content(sha256, bytes, data) VALUES ($1, $2, $3) ON CONFLICT (sha256) DO UPDATE SET data = excluded.data
            """, [.text(sha256), .integer(bytes.count), .bytes(bytes)])
        try database.run("""
            INSERT INTO session_journal(kiosk, journal, bytes, sha256) VALUES ($1, $2, $3, $4)
            ON CONFLICT (kiosk, journal) DO UPDATE SET bytes = excluded.bytes, sha256 = excluded.sha256, received = now()
            """, [.text(kiosk), .text(path), .integer(bytes.count), .text(sha256)])
        return .sent
    }

    func heldFile(_ path: String, sha256: String) throws -> LabAnswer {
        try database.run("DELETE FROM unsent_file WHERE kiosk = $1 AND path = $2", [.text(kiosk), .text(path)])
        guard let sent = try database.value("SELECT sha256 FROM file WHERE kiosk = $1 AND path = $2", [.text(kiosk), .text(path)]),
              sent != sha256 else { return .there }
        try database.run("""
            INSERT INTO refused_file(kiosk, path, sent_sha256, offered_sha256) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING
            """, [.text(kiosk), .text(path), .text(sent), .text(sha256)])
        return .refused
    }

    func unsent(_ path: String, because reason: String) throws {
        try database.run("""
            INSERT INTO unsent_file(kiosk, path, reason) VALUES ($1, $2, $3)
            ON CONFLICT (kiosk, path) DO UPDATE SET reason = excluded.reason, noticed = now()
            """, [.text(kiosk), .text(path), .text(reason)])
    }

    func register(_ entry: RosterEntry, simulated: String?) throws -> LabAnswer {
        let filed = LabDryRun.filedStudy(entry.study, simulated: simulated != nil)
        let known = try database.value("SELECT count(*) FROM roster_entry WHERE kiosk = $1 AND study = $2 AND participant = $3",
                                       [.text(kiosk), .text(filed), .text(entry.participant)]) != "0"
        if !known, try keptApart("registration of \(entry.participant) for \(entry.study)", study: entry.study, participant: entry.participant,
                                 simulated: simulated) {
            return .apart
        }
        try database.run("""
            INSERT INTO roster_entry(kiosk, study, participant, registered, assigned_group, notes, simulated) VALUES ($1, $2, $3, $4, $5, $6, $7)
            ON CONFLICT (kiosk, study, participant) DO NOTHING
            """, [.text(kiosk), .text(filed), .text(entry.participant), .text(entry.registered), .text(entry.group), .text(entry.notes),
                  .optional(simulated)])
        return .new
    }

    func withdraw(_ entry: RosterEntry, _ withdrawal: RosterEntry.Withdrawal) throws -> LabAnswer {
        try database.run("""
            UPDATE roster_entry SET withdrawn = $4, withdrawn_by = $5, withdrawn_reason = $6
            WHERE kiosk = $1 AND study IN ($2, $2 || ' (simulated)') AND participant = $3 AND withdrawn IS NULL
            """, [.text(kiosk), .text(entry.study), .text(entry.participant), .text(withdrawal.time), .text(withdrawal.by), .text(withdrawal.reason)])
        return .new
    }

    func visits(of study: DeskStudy) throws {
        // The kiosk's own studies: what its visits refer to here.
        try database.run("INSERT INTO kiosk_study(kiosk, study) VALUES ($1, $2) ON CONFLICT DO NOTHING", [.text(kiosk), .text(study.name)])
        try database.run("DELETE FROM study_visit WHERE kiosk = $1 AND study = $2", [.text(kiosk), .text(study.name)])
        for (place, visit) in study.visits.enumerated() {
            try database.run("""
                INSERT INTO study_visit(kiosk, study, place, visit, day, window_days) VALUES ($1, $2, $3, $4, $5, $6)
                """, [.text(kiosk), .text(study.name), .integer(place + 1), .text(visit.name), .integer(visit.day), .integer(visit.windowDays)])
        }
    }

    func certificate(_ path: String, made: String, text: String) throws -> LabAnswer {
        let digest = SHA256.hexDigest(of: Array(text.utf8))
        guard let had = try database.value("SELECT sha256 FROM timing_certificate WHERE kiosk = $1 AND path = $2", [.text(kiosk), .text(path)]) else {
            try database.run("INSERT INTO timing_certificate(kiosk, path, made, certificate, sha256) VALUES ($1, $2, $3, $4, $5)",
                             [.text(kiosk), .text(path), .text(made), .text(text), .text(digest)])
            return .new
        }
        guard had != digest else { return .same }
        try database.run("INSERT INTO refused_row(kiosk, what, kept, offered) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
                         [.text(kiosk), .text("timing certificate " + path), .text(had), .text(digest)])
        return .refused
    }
}
