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
    /// folder, first refreshes the database from it (every five seconds).
    func watch(store: DashboardStore, live: LiveChanges) async {
        var second = 0
        while !Task.isCancelled {
            if let folder = dataFolder, second % 5 == 0 {
                do {
                    try await store.withConnection { try refresh($0) }
                } catch {
                    logLine("labkiosk-lab: cannot read \(folder): \(error)")
                }
            }
            if let fingerprint = try? await store.withConnection({ try LiveChanges.fingerprint($0) }) { live.observe(fingerprint) }
            second += 1
            try? await Task.sleep(for: .seconds(1))
        }
    }
}
