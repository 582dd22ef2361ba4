import FoundationEssentials
import Glibc
import KioskCore

/// The session catalogue, `<data folder>/catalogue.sqlite`: an index of every batch session
/// under the data folder — participants, plans, blocks, files with SHA-256 checksums, times,
/// states and figures — for `labkiosk sessions` and the check that a participant has not
/// already done a plan. The batch journals and data files stay the source of truth: the
/// catalogue is built from them, and rebuilt from them whenever it is missing or damaged.
public final class SessionCatalogue {
    public static let fileName = "catalogue.sqlite"
    public let dataDirectory: String
    private let database: SQLiteDatabase
    /// 2 added each session's visit, 5 the timing certificates.
    private static let schemaVersion: Int64 = 5

    /// Opens the data folder's catalogue. A missing one is built from the journals; a damaged
    /// one is moved aside (never deleted) and rebuilt; each with a warning in `warnings`.
    public static func open(dataDirectory: String) throws -> (catalogue: SessionCatalogue, warnings: [String]) {
        try RunFiles.makeDirectories(dataDirectory)
        // Processes opening at the same moment take turns: one creates the catalogue, the
        // others find it whole (rather than half made, and "damaged").
        let opening = try DataFolderLock(folder: dataDirectory, purpose: "catalogue")
        defer { opening.release() }
        let path = dataDirectory + "/" + fileName
        var warnings: [String] = []
        let existed = access(path, F_OK) == 0
        if existed {
            do {
                let catalogue = try SessionCatalogue(dataDirectory: dataDirectory, path: path)
                if try catalogue.isSound() { return (catalogue, warnings) }
                if try catalogue.upgradedFromAnEarlierVersion() { return (catalogue, warnings) }
            } catch {}
            let aside = path + ".damaged-" + InteractLogNames.fileDate(WallClock.localDateTime())
            guard rename(path, aside) == 0 else {
                throw ShellError("\(path): the catalogue is damaged and cannot be moved aside: \(FileDescriptorIO.describe(errno: errno))")
            }
            for suffix in ["-wal", "-shm"] { rename(path + suffix, aside + suffix) }
            warnings.append("\(path): the catalogue was damaged; it was moved to \(aside) and is rebuilt from the data files")
        }
        let catalogue = try SessionCatalogue(dataDirectory: dataDirectory, path: path)
        try catalogue.createSchema()
        let count = try catalogue.rebuild()
        if !existed, count > 0 { warnings.append("\(path): no catalogue was found; it was rebuilt from \(count) batch journal(s)") }
        return (catalogue, warnings)
    }

    /// Opens the catalogue of a data folder that exists, for reading (`labkiosk sessions`).
    /// Where this process may write, as ``open(dataDirectory:)``. Where it may not (a copy on
    /// read-only media, another user's folder), the catalogue is read into memory, or built
    /// there from the journals when it is missing or damaged; nothing is written.
    public static func openForReading(dataDirectory: String) throws -> (catalogue: SessionCatalogue, warnings: [String]) {
        var status = stat()
        guard stat(dataDirectory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw ShellError("\(dataDirectory): no such data folder (nothing was created)")
        }
        if access(dataDirectory, W_OK) == 0 { return try open(dataDirectory: dataDirectory) }
        let reason = FileDescriptorIO.describe(errno: errno)
        let catalogue = try SessionCatalogue(dataDirectory: dataDirectory, path: SQLiteDatabase.inMemory)
        try catalogue.createSchema()
        let path = dataDirectory + "/" + fileName
        if try catalogue.copy(fromReadOnly: path) { return (catalogue, []) }
        let count = try catalogue.rebuild()
        let state = access(path, F_OK) == 0 ? "is damaged" : "is missing"
        return (catalogue, ["\(path) \(state) and the folder cannot be written (\(reason)); listed from \(count) batch journal(s), nothing kept"])
    }

    private init(dataDirectory: String, path: String) throws {
        self.dataDirectory = dataDirectory
        // Processes take turns at the catalogue: `sessions --rebuild` holds it while it reads
        // every journal, and a loaded machine slows that; waiting out a turn beats failing.
        database = try SQLiteDatabase(path: path, busyMilliseconds: 15_000)
        // Write-ahead logging: `sessions --watch` reads while a batch writes, and a crash
        // mid-write leaves the last committed state.
        if path != SQLiteDatabase.inMemory { try database.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL") }
    }

    /// Whether this catalogue is held in memory only (its folder cannot be written).
    public var isInMemory: Bool { database.path == SQLiteDatabase.inMemory }

    /// Copies every row of a sound catalogue file this process cannot write into this one;
    /// false when it is missing, damaged or not whole. Opened `immutable`: SQLite then neither writes
    /// nor locks it, which a read-only medium could not take.
    private func copy(fromReadOnly path: String) throws -> Bool {
        // Commits a killed writer left in the write-ahead log would be unseen by an immutable
        // reader: such a catalogue is rebuilt from the journals instead.
        var log = stat()
        guard access(path, R_OK) == 0, stat(path + "-wal", &log) != 0 || log.st_size == 0 else { return false }
        let unreserved = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/".utf8)
        let encoded = path.utf8.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : String(cFormat: "%%%02X", Int32($0)) }.joined()
        do {
            try database.run("ATTACH DATABASE ? AS disk", [.text("file:\(encoded)?immutable=1")])
        } catch {
            return false
        }
        defer { try? database.execute("DETACH DATABASE disk") }
        guard (try? database.run("PRAGMA disk.quick_check").first?.first?.text) == "ok",
              (try? database.run("PRAGMA disk.user_version").first?.first?.integer) == Self.schemaVersion else { return false }
        try database.transaction {
            for table in ["session", "block", "figure", "file", "progress", "timing_certificate"] {
                try database.execute("INSERT INTO main.\(table) SELECT * FROM disk.\(table)")
            }
        }
        return true
    }

    private func isSound() throws -> Bool {
        guard try database.run("PRAGMA quick_check").first?.first?.text == "ok" else { return false }
        return try database.run("PRAGMA user_version").first?.first?.integer == Self.schemaVersion
    }

    /// A sound catalogue an earlier labkiosk wrote gains the columns and tables it lacks
    /// (version 1 the visit, versions 1 and 2 the declined consent, versions 1 to 3 what
    /// simulated the participant, versions 1 to 4 the timing certificates), filled from the
    /// journals and certificate files; false when it is not one.
    private func upgradedFromAnEarlierVersion() throws -> Bool {
        guard try database.run("PRAGMA quick_check").first?.first?.text == "ok",
              let version = try database.run("PRAGMA user_version").first?.first?.integer, (1...4).contains(version) else { return false }
        try database.execute((version == 1 ? "ALTER TABLE session ADD COLUMN visit TEXT; " : "")
            + (version <= 2 ? "ALTER TABLE session ADD COLUMN declined TEXT; " : "")
            + (version <= 3 ? "ALTER TABLE session ADD COLUMN simulated TEXT; " : "")
            + Self.certificateTable + "PRAGMA user_version = \(Self.schemaVersion)")
        try rebuild()
        return true
    }

    private func createSchema() throws {
        try database.execute("""
            CREATE TABLE IF NOT EXISTS session(
                journal TEXT PRIMARY KEY, study TEXT NOT NULL, plan TEXT NOT NULL, participant TEXT NOT NULL,
                started TEXT NOT NULL, completed TEXT, visit TEXT, declined TEXT, simulated TEXT);
            CREATE INDEX IF NOT EXISTS session_participant ON session(participant, study);
            CREATE TABLE IF NOT EXISTS block(
                journal TEXT NOT NULL, place INTEGER NOT NULL, title TEXT NOT NULL, state TEXT NOT NULL,
                began TEXT, ended TEXT, PRIMARY KEY(journal, place));
            CREATE TABLE IF NOT EXISTS figure(
                journal TEXT NOT NULL, place INTEGER NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL,
                PRIMARY KEY(journal, place, name));
            CREATE TABLE IF NOT EXISTS file(
                path TEXT PRIMARY KEY, journal TEXT NOT NULL, place INTEGER NOT NULL, partial INTEGER NOT NULL,
                bytes INTEGER NOT NULL, sha256 TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS progress(
                journal TEXT PRIMARY KEY, place INTEGER NOT NULL, title TEXT NOT NULL, batch_started INTEGER NOT NULL,
                block_started INTEGER NOT NULL, expected_end INTEGER NOT NULL, self_paced_remain INTEGER NOT NULL);
            \(Self.certificateTable)
            PRAGMA user_version = \(Self.schemaVersion);
            """)
    }

    /// One row per certificate file, never changed once in: the file is the certificate, the
    /// row its index (`made` to find the latest, `text` to read it without the file).
    private static let certificateTable = """
        CREATE TABLE IF NOT EXISTS timing_certificate(
            path TEXT PRIMARY KEY, made TEXT NOT NULL, kiosk TEXT NOT NULL, text TEXT NOT NULL);
        """

    // MARK: - Indexing

    /// Indexes one batch journal (a path under the data folder): its session, blocks and
    /// figures as the journal now says, and a checksum for each file it names that the
    /// catalogue does not know yet (files are written once, so a known checksum stands).
    public func index(journal path: String) throws {
        let relative = relativePath(path)
        guard let text = String(validating: try FileDescriptorIO.readFile(atPath: absolutePath(relative)), as: UTF8.self) else {
            throw ShellError("\(absolutePath(relative)): not UTF-8 text")
        }
        let journal: BatchJournal
        switch BatchJournal.read(text) {
        case .success(let read): journal = read
        case .failure(let problem): throw ShellError("\(absolutePath(relative)): \(problem)")
        }
        let folder = FilePaths.folder(of: relative)
        var checksums: [(path: String, place: Int, partial: Bool, bytes: Int64, sha256: String)] = []
        for (offset, block) in journal.blocks.enumerated() {
            for (file, partial) in (block.earlierFiles + block.files).map({ ($0, false) }) + block.partialFiles.map({ ($0, true) }) {
                let filePath = folder + "/" + file
                // A seal in the journal is what the file held when it was finished, whatever it holds now.
                if let seal = journal.seals[file] {
                    checksums.append((filePath, offset + 1, partial, seal.bytes, seal.sha256))
                    continue
                }
                if try !database.run("SELECT 1 FROM file WHERE path = ?", [.text(filePath)]).isEmpty { continue }
                guard let sum = try? FileChecksum.of(absolutePath(filePath)) else { continue }
                checksums.append((filePath, offset + 1, partial, sum.bytes, sum.sha256))
            }
        }
        try database.transaction {
            try database.run("""
                INSERT INTO session(journal, study, plan, participant, started, completed, visit, declined, simulated)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(journal) DO UPDATE SET completed = excluded.completed, declined = excluded.declined
                """, [.text(relative), .text(journal.study), .text(journal.plan), .text(journal.participant),
                      .text(journal.runs.first ?? ""), journal.completed.map { .text($0) } ?? .null, journal.visit.map { .text($0) } ?? .null,
                      journal.declined.map { .text($0) } ?? .null, journal.simulated.map { .text($0) } ?? .null])
            try database.run("DELETE FROM block WHERE journal = ?", [.text(relative)])
            try database.run("DELETE FROM figure WHERE journal = ?", [.text(relative)])
            for (offset, block) in journal.blocks.enumerated() {
                try database.run("INSERT INTO block(journal, place, title, state, began, ended) VALUES (?, ?, ?, ?, ?, ?)",
                                 [.text(relative), .integer(Int64(offset + 1)), .text(block.title), .text(block.state.rawValue),
                                  block.began.map { .text($0) } ?? .null, block.ended.map { .text($0) } ?? .null])
                for (name, value) in block.figures {
                    try database.run("INSERT INTO figure(journal, place, name, value) VALUES (?, ?, ?, ?)",
                                     [.text(relative), .integer(Int64(offset + 1)), .text(name), .text(value)])
                }
            }
            for sum in checksums {
                try database.run("INSERT OR REPLACE INTO file(path, journal, place, partial, bytes, sha256) VALUES (?, ?, ?, ?, ?, ?)",
                                 [.text(sum.path), .text(relative), .integer(Int64(sum.place)), .integer(sum.partial ? 1 : 0),
                                  .integer(sum.bytes), .text(sum.sha256)])
            }
            if journal.isComplete { try database.run("DELETE FROM progress WHERE journal = ?", [.text(relative)]) }
        }
        // A plan's `timing` block that stood wrote its certificate among its files.
        for block in journal.blocks {
            for file in block.files where file.hasSuffix(TimingCertificate.fileSuffix) { try addCertificate(folder + "/" + file) }
        }
    }

    /// Empties the catalogue and indexes every batch journal under the data folder
    /// (`<participant>/<session>/batch.txt`). A journal that cannot be read is reported and
    /// left out. Returns how many were indexed.
    @discardableResult
    public func rebuild(problems: ((String) -> Void)? = nil) throws -> Int {
        try database.execute("DELETE FROM session; DELETE FROM block; DELETE FROM figure; DELETE FROM file; DELETE FROM progress; "
                             + "DELETE FROM timing_certificate")
        for path in Self.certificateFiles(under: dataDirectory) {
            do { try addCertificate(path) } catch { problems?("\(error)") }
        }
        var count = 0
        for journal in Self.journals(under: dataDirectory) {
            do {
                try index(journal: journal)
                count += 1
            } catch {
                problems?("\(error)")
            }
        }
        return count
    }

    /// Every `batch.txt` two folders below the data folder, in name order.
    public static func journals(under directory: String) -> [String] {
        let participants = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return participants.sorted().flatMap { journals(inParticipantFolder: directory + "/" + $0) }
    }

    /// Every `batch.txt` in the session folders of one participant's folder.
    public static func journals(inParticipantFolder folder: String) -> [String] {
        let sessions = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return sessions.sorted().map { folder + "/" + $0 + "/" + BatchJournalFile.fileName }.filter { access($0, F_OK) == 0 }
    }

    // MARK: - Timing certificates

    /// Indexes a timing certificate file (a path under the data folder); one already indexed
    /// stays as it was first read.
    public func addCertificate(_ path: String) throws {
        let relative = relativePath(path)
        if try !database.run("SELECT 1 FROM timing_certificate WHERE path = ?", [.text(relative)]).isEmpty { return }
        let bytes = try FileDescriptorIO.readFile(atPath: absolutePath(relative))
        guard let text = String(validating: bytes, as: UTF8.self) else { throw ShellError("\(absolutePath(relative)): not UTF-8 text") }
        let certificate: TimingCertificate
        switch TimingCertificate.read(text, file: absolutePath(relative)) {
        case .success(let read): certificate = read
        case .failure(let errors): throw ShellError(errors.diagnostics.map { "\($0)" }.joined(separator: "\n"))
        }
        try database.run("INSERT OR IGNORE INTO timing_certificate(path, made, kiosk, text) VALUES (?, ?, ?, ?)",
                         [.text(relative), .text(certificate.made), .text(certificate.kiosk), .text(text)])
    }

    /// Every timing certificate, oldest first, with its path under the data folder.
    public func certificates() throws -> [(path: String, certificate: TimingCertificate)] {
        try database.run("SELECT path, text FROM timing_certificate ORDER BY made, path").compactMap { row in
            let path = row[0].text ?? ""
            guard case .success(let certificate) = TimingCertificate.read(row[1].text ?? "", file: path) else { return nil }
            return (path, certificate)
        }
    }

    /// The kiosk's timing certificate: the latest made.
    public func latestCertificate() throws -> TimingCertificate? { try certificates().last?.certificate }

    /// The data folder's latest timing certificate, read from the certificate files themselves,
    /// which the catalogue only indexes: a batch's self-check runs before the batch takes its
    /// turn at the folder, and opening the catalogue there would contend with a `sessions
    /// --rebuild` holding it.
    public static func latestCertificate(inDataFolder directory: String) -> TimingCertificate? {
        certificates(inDataFolder: directory).compactMap { try? $0.read.get() }.max { $0.made < $1.made }
    }

    /// Every certificate file of the data folder (``certificateFiles(under:)``) and what it
    /// holds, or why it holds no certificate: each problem with its file and line.
    public static func certificates(inDataFolder directory: String) -> [(path: String, read: Result<TimingCertificate, ShellError>)] {
        certificateFiles(under: directory).map { path in
            switch FileDescriptorIO.readBytes(atPath: path) {
            case .failure(let refusal): return (path, .failure(ShellError("\(path): \(refusal.reason)")))
            case .success(let bytes):
                guard let text = String(validating: bytes, as: UTF8.self) else { return (path, .failure(ShellError("\(path): not UTF-8 text"))) }
                return (path, TimingCertificate.read(text, file: path).mapError { ShellError($0.diagnostics.map { "\($0)" }.joined(separator: "\n")) })
            }
        }
    }

    /// Every certificate file where runs write them: `labkiosk timing`'s day folders
    /// (`DATA/<day>/`) and a plan's, in its session folders (`DATA/<participant>/<session>/<day>/`).
    public static func certificateFiles(under directory: String) -> [String] {
        func entries(_ folder: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() }
        func found(in folder: String, levelsBelow: Int) -> [String] {
            entries(folder).filter { !$0.hasPrefix(".") }.flatMap { name -> [String] in
                let path = folder + "/" + name
                if name.hasSuffix(TimingCertificate.fileSuffix) { return [path] }
                return levelsBelow > 0 ? found(in: path, levelsBelow: levelsBelow - 1) : []
            }
        }
        return entries(directory).filter { !$0.hasPrefix(".") }.flatMap { found(in: directory + "/" + $0, levelsBelow: 2) }
    }

    // MARK: - Progress of a running batch

    public func setProgress(journal path: String, _ progress: CatalogueSession.Progress) throws {
        try database.run("""
            INSERT OR REPLACE INTO progress(journal, place, title, batch_started, block_started, expected_end, self_paced_remain)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [.text(relativePath(path)), .integer(Int64(progress.place)), .text(progress.title), .integer(progress.batchStarted),
                  .integer(progress.blockStarted), .integer(progress.expectedEnd), .integer(progress.selfPacedRemain ? 1 : 0)])
    }

    // MARK: - Reading

    /// The sessions, oldest first, optionally of one participant or only those not complete.
    public func sessions(participant: String? = nil, study: String? = nil, visit: String? = nil, incompleteOnly: Bool = false) throws -> [CatalogueSession] {
        var sql = "SELECT journal, study, plan, participant, started, completed, visit, declined, simulated FROM session WHERE 1"
        var values: [SQLiteDatabase.Value] = []
        if let participant { sql += " AND participant = ?"; values.append(.text(participant)) }
        if let study { sql += " AND study = ?"; values.append(.text(study)) }
        if let visit { sql += " AND visit = ?"; values.append(.text(visit)) }
        if incompleteOnly { sql += " AND completed IS NULL" }
        sql += " ORDER BY started, journal"
        return try database.run(sql, values).map { row in
            let journal = row[0].text ?? ""
            let completed = row[5].text
            let state: CatalogueSession.State = row[7].text != nil ? .declined : completed != nil ? .complete
                : BatchJournalFile.isRunning(absolutePath(journal)) ? .running : .interrupted
            return CatalogueSession(journal: journal, study: row[1].text ?? "", plan: row[2].text ?? "", participant: row[3].text ?? "",
                                    started: row[4].text ?? "", completed: completed, state: state, visit: row[6].text,
                                    simulated: row[8].text, blocks: try blocks(of: journal), progress: state == .running ? try progress(of: journal) : nil)
        }
    }

    private func blocks(of journal: String) throws -> [CatalogueSession.Block] {
        var files: [Int: [CatalogueSession.File]] = [:]
        for row in try database.run("SELECT place, path, bytes, sha256, partial FROM file WHERE journal = ? ORDER BY rowid", [.text(journal)]) {
            files[Int(row[0].integer ?? 0), default: []].append(
                CatalogueSession.File(path: row[1].text ?? "", bytes: row[2].integer ?? 0, sha256: row[3].text ?? "", partial: row[4].integer == 1))
        }
        var figures: [Int: [String: String]] = [:]
        for row in try database.run("SELECT place, name, value FROM figure WHERE journal = ?", [.text(journal)]) {
            figures[Int(row[0].integer ?? 0), default: [:]][row[1].text ?? ""] = row[2].text ?? ""
        }
        return try database.run("SELECT place, title, state, began, ended FROM block WHERE journal = ? ORDER BY place", [.text(journal)])
            .map { row in
                let place = Int(row[0].integer ?? 0)
                return CatalogueSession.Block(place: place, title: row[1].text ?? "",
                                              state: BatchJournal.BlockState(rawValue: row[2].text ?? "") ?? .pending,
                                              began: row[3].text, ended: row[4].text, figures: figures[place] ?? [:], files: files[place] ?? [])
            }
    }

    private func progress(of journal: String) throws -> CatalogueSession.Progress? {
        guard let row = try database.run("""
            SELECT place, title, batch_started, block_started, expected_end, self_paced_remain FROM progress WHERE journal = ?
            """, [.text(journal)]).first else { return nil }
        return CatalogueSession.Progress(place: Int(row[0].integer ?? 0), title: row[1].text ?? "", batchStarted: row[2].integer ?? 0,
                                         blockStarted: row[3].integer ?? 0, expectedEnd: row[4].integer ?? 0,
                                         selfPacedRemain: row[5].integer == 1)
    }

    // MARK: - Verifying

    /// A file whose content no longer matches its checksum, or that is gone.
    public struct FileProblem: Sendable, CustomStringConvertible {
        public var path: String
        public var problem: String
        public var description: String { "\(path): \(problem)" }
    }

    /// Rechecks every file's checksum against the file on disk.
    public func verify() throws -> (checked: Int, problems: [FileProblem]) {
        var problems: [FileProblem] = []
        let rows = try database.run("SELECT path, bytes, sha256 FROM file ORDER BY path")
        for row in rows {
            let path = row[0].text ?? ""
            do {
                let sum = try FileChecksum.of(absolutePath(path))
                if sum.sha256 != row[2].text {
                    problems.append(FileProblem(path: path, problem: "changed: \(sum.bytes) bytes now, \(row[1].integer ?? 0) when catalogued; SHA-256 differs"))
                }
            } catch {
                problems.append(FileProblem(path: path, problem: "\(error)"))
            }
        }
        return (rows.count, problems)
    }

    // MARK: - Paths

    private func relativePath(_ path: String) -> String {
        path.hasPrefix(dataDirectory + "/") ? String(path.dropFirst(dataDirectory.count + 1)) : path
    }

    private func absolutePath(_ relative: String) -> String {
        FilePaths.resolve(relative, in: dataDirectory)
    }
}
