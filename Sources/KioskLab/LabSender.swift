import KioskCore
import KioskData

/// Sends a kiosk's data folder to the lab database (docs/lab.md): each session's journal as
/// rows (session, blocks, figures) and every file the journal names with its size, SHA-256
/// and bytes, one session per transaction, so a session is there whole or not at all; then the
/// kiosk's roster and the studies it runs (LabSender+Roster.swift). The data folder stays the
/// source of truth; sending again sends only what the lab lacks.
public struct LabSender {
    public let database: any LabDatabase
    public let kiosk: String
    public let dataDirectory: String
    /// Whether files' bytes go into the database (the lab's) or stay only in the data folder
    /// (the kiosk's own dashboard database, which reads them from there).
    public let storesBytes: Bool
    /// The studies the kiosk's desk offers, whose visits go to the lab with the roster.
    public let studies: [DeskStudy]

    public init(database: any LabDatabase, kiosk: String, dataDirectory: String, storesBytes: Bool = true, studies: [DeskStudy] = []) {
        self.database = database
        self.kiosk = kiosk
        self.dataDirectory = dataDirectory
        self.storesBytes = storesBytes
        self.studies = studies.filter { $0.problem == nil }
    }

    /// What one send did.
    public struct Report: Sendable {
        public var sessions = 0
        /// Files whose bytes went to the lab now.
        public var filesSent = 0
        /// Files the lab had already, with the same SHA-256.
        public var filesThere = 0
        /// Files the lab has with other bytes (changed after they were sent): kept out and flagged.
        public var refused: [String] = []
        /// Files that are no longer what their journal sealed, or cannot be read: not sent.
        public var unsendable: [String] = []
        /// Journals (or the roster) that could not be read: their sessions (or registrations) were not sent.
        public var unreadable: [String] = []
        /// Registrations on the kiosk's roster, all in the lab now.
        public var registrations = 0
    }

    /// Tells the lab the kiosk is there: its last contact is now.
    public func contact() throws {
        try database.run("""
            INSERT INTO kiosk(name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET last_contact = now()
            """, [.text(kiosk)])
    }

    public func send() throws -> Report {
        var report = Report()
        try contact()
        var studiesRun = Set(studies.map(\.name))
        for path in SessionCatalogue.journals(under: dataDirectory) {
            let journal: BatchJournal
            switch FileDescriptorIO.readText(atPath: path).map(BatchJournal.read) {
            case .success(.success(let read)): journal = read
            case .success(.failure(let problem)):
                report.unreadable.append("\(path): \(problem)")
                continue
            case .failure(let refusal):
                report.unreadable.append("\(path): \(refusal.reason)")
                continue
            }
            try send(journal, at: path, into: &report)
            report.sessions += 1
            studiesRun.insert(journal.study)
        }
        try sendRoster(into: &report)
        try sendStudies(studiesRun)
        return report
    }

    private func send(_ journal: BatchJournal, at path: String, into report: inout Report) throws {
        let relative = String(path.dropFirst(dataDirectory.count + 1))
        let folder = String(path.dropLast(BatchJournalFile.fileName.count + 1))
        try database.transaction {
            // Two sends of one kiosk at once (the desk's and one by hand) take turns, session by session.
            try database.holdUntilCommit(kiosk)
            try database.run("""
                INSERT INTO session(kiosk, journal, study, plan, participant, visit, started, completed, declined, orders)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
                ON CONFLICT (kiosk, journal) DO UPDATE SET completed = excluded.completed, declined = excluded.declined
                """, [.text(kiosk), .text(relative), .text(journal.study), .text(journal.plan), .text(journal.participant),
                      .optional(journal.visit), .text(journal.runs.first ?? ""), .optional(journal.completed), .optional(journal.declined),
                      .text(journal.orderDecisions.joined(separator: "\n"))])
            // The journal says what the blocks are now; they replace what an earlier send said.
            try database.run("DELETE FROM block WHERE kiosk = $1 AND journal = $2", [.text(kiosk), .text(relative)])
            for (offset, block) in journal.blocks.enumerated() {
                let place = String(offset + 1)
                try database.run("""
                    INSERT INTO block(kiosk, journal, place, plan_block, title, state, began, ended) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                    """, [.text(kiosk), .text(relative), .text(place), .text(String(block.planIndex + 1)), .text(block.title),
                          .text(block.state.rawValue), .optional(block.began), .optional(block.ended)])
                for (name, value) in block.figures.sorted(by: { $0.key < $1.key }) {
                    try database.run("INSERT INTO figure(kiosk, journal, place, name, value) VALUES ($1, $2, $3, $4, $5)",
                                     [.text(kiosk), .text(relative), .text(place), .text(name), .text(value)])
                }
                for (file, partial) in (block.earlierFiles + block.files).map({ ($0, false) }) + block.partialFiles.map({ ($0, true) }) {
                    try send(file: file, of: journal, folder: folder, journalPath: relative, place: place, partial: partial, into: &report)
                }
            }
        }
    }

    /// A file the lab has is only hashed, in pieces; only a file it lacks is read whole, so that
    /// sending again costs little memory however large the files.
    private func send(file: String, of journal: BatchJournal, folder: String, journalPath: String, place: String, partial: Bool,
                      into report: inout Report) throws {
        let path = (journalPath.split(separator: "/").dropLast().joined(separator: "/")) + "/" + file
        let there = try database.value("SELECT sha256 FROM file WHERE kiosk = $1 AND path = $2", [.text(kiosk), .text(path)])
        var bytes: [UInt8] = []
        let sha256: String
        if there != nil {
            do { sha256 = try FileChecksum.of(folder + "/" + file).sha256 } catch {
                try unsendable(path, because: error.description, into: &report)
                return
            }
        } else {
            switch FileDescriptorIO.readBytes(atPath: folder + "/" + file) {
            case .success(let read): bytes = read
            case .failure(let refusal):
                try unsendable(path, because: refusal.reason, into: &report)
                return
            }
            sha256 = SHA256.hexDigest(of: bytes)
        }
        if let seal = journal.seals[file], seal.sha256 != sha256 {
            try unsendable(path, because: "its bytes are no longer those its journal sealed (sha256 \(seal.sha256))", into: &report)
            return
        }
        try database.run("DELETE FROM unsent_file WHERE kiosk = $1 AND path = $2", [.text(kiosk), .text(path)])
        if let sent = there {
            if sent == sha256 {
                report.filesThere += 1
            } else {
                try database.run("""
                    INSERT INTO refused_file(kiosk, path, sent_sha256, offered_sha256) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING
                    """, [.text(kiosk), .text(path), .text(sent), .text(sha256)])
                report.refused.append(path)
            }
            return
        }
        try database.run("INSERT INTO content(sha256, bytes, data) VALUES ($1, $2, $3) ON CONFLICT (sha256) DO NOTHING",
                         [.text(sha256), .integer(bytes.count), .bytes(storesBytes ? bytes : [])])
        try database.run("""
            INSERT INTO file(kiosk, path, journal, place, partial, bytes, sha256) VALUES ($1, $2, $3, $4, $5, $6, $7)
            """, [.text(kiosk), .text(path), .text(journalPath), .text(place), .text(partial ? "true" : "false"),
                  .integer(bytes.count), .text(sha256)])
        report.filesSent += 1
    }

    /// Names a file that cannot be sent, in the report and in the lab (`unsent_file`), until it can.
    private func unsendable(_ path: String, because reason: String, into report: inout Report) throws {
        report.unsendable.append("\(path): \(reason)")
        try database.run("""
            INSERT INTO unsent_file(kiosk, path, reason) VALUES ($1, $2, $3)
            ON CONFLICT (kiosk, path) DO UPDATE SET reason = excluded.reason, noticed = now()
            """, [.text(kiosk), .text(path), .text(reason)])
    }
}
