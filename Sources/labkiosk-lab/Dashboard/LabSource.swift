import Glibc
import KioskCore
import KioskLab
import KioskShell

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
    init(database: String?, data: String?, kiosk: String?, plans: String? = nil) throws {
        switch (database, data) {
        case (nil, let folder?):
            var status = stat()
            guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { throw LabFailure(message: "\(folder): no such data folder") }
            let studies = try plans.map { plans in
                DeskRecords(plansFolder: plans, dataDirectory: folder, roster: RosterFile(dataDirectory: folder),
                            bundledIncludes: try InstallPaths().bundledIncludes).studies()
            } ?? []
            kind = .kiosk(folder: folder, name: kiosk ?? hostName(), studies: studies)
        case (let url?, nil):
            kind = .lab(url)
        case (nil, nil):
            guard let url = environment("LABKIOSK_DATABASE") else {
                throw LabFailure(message: "no lab database: --database postgresql://… (or LABKIOSK_DATABASE), or --data DIR for one kiosk")
            }
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
        case .kiosk(let folder, _, _):
            let path = folder + "/" + Self.kioskDatabaseName
            // Made with the data files' mode before SQLite opens it (SQLite would make it 0644);
            // its journals take the database's mode.
            let created = Glibc.open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, RunFiles.dataFileMode)
            if created >= 0 { _ = close(created) }
            return try SQLiteLabDatabase(path: path)
        }
    }

    /// For a kiosk's folder: reads what changed in it into the database. The lab's database is
    /// up to date already (kiosks send to it).
    func refresh(_ database: any LabDatabase) throws {
        guard case .kiosk(let folder, let name, let studies) = kind else { return }
        // The folder is one kiosk's: rows read under another name (an earlier --kiosk) go.
        try database.transaction {
            for table in ["file", "figure", "block", "session", "refused_file", "unsent_file", "roster_entry", "study_visit", "kiosk_study"] {
                try database.run("DELETE FROM \(table) WHERE kiosk <> $1", [.text(name)])
            }
            try database.run("DELETE FROM kiosk WHERE name <> $1", [.text(name)])
        }
        _ = try LabSender(database: database, kiosk: name, dataDirectory: folder, storesBytes: false, studies: studies).send()
    }

    /// The data folder read, when this is a kiosk's.
    var dataFolder: String? {
        if case .kiosk(let folder, _, _) = kind { folder } else { nil }
    }

    /// Until cancelled: every second, tells `live` what the tables look like; for a kiosk's
    /// folder, first reads what changed in it into the database (every five seconds).
    func watch(store: DashboardStore, live: LiveChanges) async {
        var second = 0
        while !Task.isCancelled {
            if case .kiosk(let folder, let name, let studies) = kind, second % 5 == 0 {
                do {
                    _ = try await store.read { database in
                        try LabSender(database: database, kiosk: name, dataDirectory: folder, storesBytes: false, studies: studies).send()
                    }
                } catch {
                    logLine("labkiosk-lab: cannot read \(folder): \(error)")
                }
            }
            if let fingerprint = try? await store.read({ try LiveChanges.fingerprint($0) }) { live.observe(fingerprint) }
            second += 1
            try? await Task.sleep(for: .seconds(1))
        }
    }
}
