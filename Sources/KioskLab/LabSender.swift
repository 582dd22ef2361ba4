import KioskCore
import KioskData

/// Sends a kiosk's data folder to the lab database (docs/lab.md): each session's journal as
/// rows (session, blocks, figures) and as its bytes, and every file the journal names with its bytes, one
/// session per transaction, so a session is there whole or not at all; then the kiosk's roster
/// and the visits of its plans (LabSender+Roster.swift). The data folder stays the source of
/// truth; sending again sends only what the lab lacks, and what the lab has otherwise than the
/// folder says now is flagged there, not changed (LabWriter).
public struct LabSender {
    public let database: any LabDatabase
    public let kiosk: String
    public let dataDirectory: String
    /// The studies the kiosk's desk offers, whose visits go to the lab with the roster.
    public let studies: [DeskStudy]

    public init(database: any LabDatabase, kiosk: String, dataDirectory: String, studies: [DeskStudy] = []) {
        self.database = database
        self.kiosk = kiosk
        self.dataDirectory = dataDirectory
        self.studies = studies.filter { $0.problem == nil }
    }

    /// The lab's PostgreSQL takes a kiosk's rows through its functions; a kiosk's own SQLite
    /// file into its tables (files' bytes stay in the data folder).
    var writer: any LabWriter {
        switch database.dialect {
        case .postgres: PostgresLabWriter(database: database, kiosk: kiosk)
        case .sqlite: SQLiteLabWriter(database: database, kiosk: kiosk)
        }
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
        /// Rows the lab has otherwise (a session, block, figure, registration or withdrawal sent
        /// before), or that it does not take (a registration's time that is no time): kept out and flagged.
        public var refusedRows: [String] = []
        /// Files that are no longer what their journal sealed, or cannot be read: not sent.
        public var unsendable: [String] = []
        /// Journals (or the roster) that could not be read: their sessions (or registrations) were not sent.
        public var unreadable: [String] = []
        /// Sessions and registrations that would mix simulated and real participants in a study
        /// (LabDryRun), each with why: kept apart, nothing of them sent, and flagged.
        public var keptApart: [String] = []
        /// Registrations on the kiosk's roster, all in the lab now.
        public var registrations = 0
        /// Timing certificates the lab took now; those it had already.
        public var certificatesSent = 0
        public var certificatesThere = 0
    }

    /// Tells the lab the kiosk is there: its last contact is now.
    public func contact() throws {
        try writer.contact()
    }

    public func send() throws -> Report {
        var report = Report()
        try contact()
        let held = try writer.filesHeld()
        // What simulated each participant, by study, as their journals say: their registrations go with them.
        var simulatedParticipants: [RosterKey: String] = [:]
        for path in SessionCatalogue.journals(under: dataDirectory) {
            // The bytes sent are those read: a line a batch appends meanwhile goes with the next send.
            let bytes: [UInt8], journal: BatchJournal
            switch FileDescriptorIO.readBytes(atPath: path) {
            case .success(let read): bytes = read
            case .failure(let refusal):
                report.unreadable.append("\(path): \(refusal.reason)")
                continue
            }
            switch String(validating: bytes, as: UTF8.self).map(BatchJournal.read) {
            case .some(.success(let read)): journal = read
            case .some(.failure(let problem)):
                report.unreadable.append("\(path): \(problem)")
                continue
            case .none:
                report.unreadable.append("\(path): not UTF-8 text")
                continue
            }
            if let simulated = journal.simulated { simulatedParticipants[RosterKey(study: journal.study, participant: journal.participant)] = simulated }
            try send(journal, bytes: bytes, at: path, held: held, into: &report)
            report.sessions += 1
        }
        try sendRoster(simulated: simulatedParticipants, into: &report)
        try sendVisits()
        try sendCertificates(into: &report)
        return report
    }

    /// The kiosk's timing certificates (docs/timing.md), each file as it is: the lab keeps the
    /// first it had under a path and flags any other.
    private func sendCertificates(into report: inout Report) throws {
        for path in SessionCatalogue.certificateFiles(under: dataDirectory) {
            let relative = String(path.dropFirst(dataDirectory.count + 1))
            let text: String
            switch FileDescriptorIO.readBytes(atPath: path) {
            case .success(let bytes):
                guard let read = String(validating: bytes, as: UTF8.self) else {
                    report.unreadable.append("\(path): not UTF-8 text")
                    continue
                }
                text = read
            case .failure(let refusal):
                report.unreadable.append("\(path): \(refusal.reason)")
                continue
            }
            switch TimingCertificate.read(text, file: path) {
            case .success(let certificate):
                switch try writer.certificate(relative, made: certificate.made, text: text) {
                case .new: report.certificatesSent += 1
                case .refused: report.refusedRows.append("timing certificate \(relative)")
                default: report.certificatesThere += 1
                }
            case .failure(let errors):
                report.unreadable.append(errors.diagnostics.map { "\($0)" }.joined(separator: "; "))
            }
        }
    }

    private func send(_ journal: BatchJournal, bytes: [UInt8], at path: String, held: [String: HeldFile], into report: inout Report) throws {
        let relative = String(path.dropFirst(dataDirectory.count + 1))
        let folder = String(path.dropLast(BatchJournalFile.fileName.count + 1))
        let writer = self.writer
        try database.transaction {
            // Two sends of one kiosk at once (the desk's and one by hand) take turns, session by session.
            try database.holdUntilCommit(kiosk)
            let session = try writer.session(journal, at: relative)
            if session == .apart {
                report.keptApart.append("session \(relative): " + LabSender.apart(study: journal.study, participant: journal.participant,
                                                                                 simulated: journal.simulated))
                return
            }
            if session == .refused { report.refusedRows.append("session \(relative)") }
            for (offset, block) in journal.blocks.enumerated() {
                let place = offset + 1
                if session != .refused {
                    if try writer.block(block, place: place, of: relative) == .refused {
                        report.refusedRows.append("block \(place) of \(relative)")
                    } else {
                        for (name, value) in block.figures.sorted(by: { $0.key < $1.key })
                        where try writer.figure(name, value, place: place, of: relative) == .refused {
                            report.refusedRows.append("figure \(name) of block \(place) of \(relative)")
                        }
                    }
                }
                for (file, partial) in (block.earlierFiles + block.files).map({ ($0, false) }) + block.partialFiles.map({ ($0, true) }) {
                    try send(file: file, of: journal, folder: folder, journalPath: relative, place: place, partial: partial, held: held,
                             into: &report)
                }
            }
            // Last: once the lab has a session's end, its blocks and figures are final.
            if session != .refused, try writer.end(journal, at: relative) == .refused { report.refusedRows.append("end of \(relative)") }
            // The journal itself, for its seals, stop reasons and staff decisions.
            let sha256 = SHA256.hexDigest(of: bytes)
            if session != .refused, held[relative]?.sha256 != sha256, try writer.journal(relative, sha256: sha256, bytes: bytes) == .refused {
                report.refusedRows.append("journal \(relative)")
            }
        }
    }

    /// A file the lab has is only hashed, in pieces; only a file it lacks is read whole, so that
    /// sending again costs little memory however large the files.
    private func send(file: String, of journal: BatchJournal, folder: String, journalPath: String, place: Int, partial: Bool,
                      held: [String: HeldFile], into report: inout Report) throws {
        let path = (journalPath.split(separator: "/").dropLast().joined(separator: "/")) + "/" + file
        let there = held[path]
        var bytes: [UInt8] = []
        let sha256: String
        if there?.sha256 != nil {
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
        let answer: LabAnswer
        if let sent = there?.sha256 {
            // Nothing to tell the lab of a file it has as it is, and has not been told was unsendable.
            answer = sent == sha256 && there?.unsent == false ? .there : try writer.heldFile(path, sha256: sha256)
        } else {
            answer = try writer.file(path, journal: journalPath, place: place, partial: partial, sha256: sha256, bytes: bytes)
        }
        switch answer {
        case .sent: report.filesSent += 1
        case .refused: report.refused.append(path)
        default: report.filesThere += 1
        }
    }

    /// Names a file that cannot be sent, in the report and in the lab (`unsent_file`), until it can.
    private func unsendable(_ path: String, because reason: String, into report: inout Report) throws {
        report.unsendable.append("\(path): \(reason)")
        try writer.unsent(path, because: reason)
    }

    /// Why the lab kept a session or registration apart, as the send names it.
    static func apart(study: String, participant: String, simulated: String?) -> String {
        if simulated == nil && LabDryRun.isDryRun(study) {
            return "a real participant's study may not be named like a dry run's (\(study))"
        }
        return simulated == nil
            ? "\(participant) is a simulated participant of \(study) in the lab; a real participant's data is not put beside simulated data"
            : "\(participant) is a real participant of \(study) in the lab; a simulated participant's data is not put beside real data"
    }

    /// A participant of a study.
    struct RosterKey: Hashable {
        var study: String
        var participant: String
    }
}
