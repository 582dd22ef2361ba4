import Glibc
import KioskCore
import KioskData
import KioskLab

/// Where the dashboard reads the lab's tables: the lab's PostgreSQL, or one kiosk's data
/// folder read into `lab.sqlite` beside its sessions (the same tables, the same queries).
struct LabSource: Sendable, CustomStringConvertible {
    private enum Kind: Sendable {
        case lab(String)
        case kiosk(folder: String, name: String, studies: [DeskStudy])
    }

    private let kind: Kind

    /// The embedded database's file in the data folder.
    static let kioskDatabaseName = "lab.sqlite"

    /// `plans`, with `data`: the desk's plans folder, whose studies' visits make visits due or overdue.
    init(database: DatabaseOption, data: String?, kiosk: String?, plans: String? = nil) throws {
        switch (database.database, data) {
        case (nil, let folder?):
            var status = stat()
            guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { throw LabFailure(message: "\(folder): no such data folder") }
            kind = .kiosk(folder: folder, name: kiosk ?? hostName(), studies: plans.map { PlansFolder($0).studiesAsWritten() } ?? [])
        case (_, nil):
            guard let url = database.url else { throw LabFailure(message: DatabaseOption.missing(alternative: "--data DIR for one kiosk")) }
            kind = .lab(url)
        case (_?, _?):
            throw LabFailure(message: "give --database or --data, not both")
        }
    }

    var description: String {
        switch kind {
        case .lab: "the lab database"
        case .kiosk(let folder, let name, _): "kiosk \(name)'s data folder \(folder)"
        }
    }

    func open() throws -> any LabDatabase {
        switch kind {
        case .lab(let url): return try PostgresConnection(url)
        case .kiosk(let folder, _, _): return try SQLiteLabDatabase(path: folder + "/" + Self.kioskDatabaseName)
        }
    }

    /// Makes the database ready to serve: its tables up to date. A kiosk folder's `lab.sqlite`
    /// is made from the folder, so a damaged one is moved aside (never deleted) and made
    /// again, as the catalogue is; what this says about it is returned, to be logged.
    func prepare() throws -> [String] {
        guard case .kiosk(let folder, _, _) = kind else {
            try LabSchema.migrate(try open())
            return []
        }
        let path = folder + "/" + Self.kioskDatabaseName
        do {
            let database = try open()
            guard try database.value("PRAGMA quick_check") == "ok" else { throw LabFailure(message: "it is damaged") }
            try LabSchema.migrate(database)
            return []
        } catch {
            let aside = path + ".damaged-" + InteractLogNames.fileDate(WallClock.localDateTime())
            guard rename(path, aside) == 0 else {
                throw LabFailure(message: "\(path) cannot be read (\(error)) and cannot be moved aside: \(FileDescriptorIO.describe(errno: errno))")
            }
            for suffix in ["-wal", "-shm", "-journal"] { rename(path + suffix, aside + suffix) }
            try LabSchema.migrate(try open())
            return ["\(path) could not be read (\(error)); it was moved to \(aside) and is made again from the data folder. "
                + "Its staff accounts are in the moved file: add them again with labkiosk-lab staff add --data \(folder)"]
        }
    }

    /// Files directly in a kiosk's folder that are the dashboard's, not the kiosk's data.
    private static let ownFiles: Set<String> = ["", "-wal", "-shm", "-journal"].reduce(into: []) { $0.insert(kioskDatabaseName + $1) }

    /// For a kiosk's folder: reads what changed in it into the database. The lab's database is
    /// up to date already (kiosks send to it).
    func refresh(_ database: any LabDatabase) throws {
        guard case .kiosk(let folder, let name, let studies) = kind else { return }
        // The folder is one kiosk's: rows read under another name (an earlier --kiosk) go.
        try database.transaction {
            for table in LabAccess.kioskTables {
                try database.run("DELETE FROM \(table) WHERE kiosk <> $1", [.text(name)])
            }
            try database.run("DELETE FROM kiosk WHERE name <> $1", [.text(name)])
        }
        _ = try LabSender(database: database, kiosk: name, dataDirectory: folder, studies: studies).send()
    }

    /// The data folder read, when this is a kiosk's.
    var dataFolder: String? {
        if case .kiosk(let folder, _, _) = kind { folder } else { nil }
    }

    /// Until cancelled: every second, tells `live` what the tables look like; for a kiosk's
    /// folder, first refreshes the database from it when the folder changed (looked at every
    /// five seconds; ``DataFolderFingerprint``).
    func watch(store: DashboardStore, live: LiveChanges) async {
        var second = 0
        var lastRead: DataFolderFingerprint?
        while !Task.isCancelled {
            if let folder = dataFolder, second % 5 == 0 {
                let now = DataFolderFingerprint(folder: folder, ignoring: Self.ownFiles)
                if now != lastRead {
                    do {
                        try await store.withConnection { try refresh($0) }
                        lastRead = now
                    } catch {
                        logLine("labkiosk-lab: cannot read \(folder): \(error)")
                    }
                }
            }
            if let fingerprint = try? await store.withConnection({ try LiveChanges.fingerprint($0) }) { live.observe(fingerprint) }
            second += 1
            try? await Task.sleep(for: .seconds(1))
        }
    }
}
