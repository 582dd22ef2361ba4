import ArgumentParser
import KioskLab

// The options the commands share, each declared once. A command takes those it needs.

/// `--database`: the lab's PostgreSQL.
struct DatabaseOption: ParsableArguments {
    @Option(help: "The lab database, as libpq reads it: postgresql://USER@HOST:PORT/DATABASE (or LABKIOSK_DATABASE).")
    var database: String?

    /// The lab database given, or LABKIOSK_DATABASE's.
    var url: String? { database ?? environment("LABKIOSK_DATABASE") }

    /// What a command that needs the lab database says when it has none; `alternative` names
    /// another source it would take.
    static func missing(alternative: String? = nil) -> String {
        "no lab database: --database postgresql://… (or LABKIOSK_DATABASE)" + (alternative.map { ", or \($0)" } ?? "")
    }

    func connect() throws -> PostgresConnection {
        guard let url else { throw ValidationError(Self.missing()) }
        return try PostgresConnection(url)
    }
}

/// `--data`: a kiosk's data folder.
struct DataFolderOption: ParsableArguments {
    @Option(help: "A kiosk's data folder (as batch --data): the one to send, or to read instead of the lab database.")
    var data: String?
}

/// `--kiosk`: a kiosk's name in the lab.
struct KioskNameOption: ParsableArguments {
    @Option(help: "This kiosk's name in the lab (default: its database role's name when that is a kiosk's, else the machine's host name).")
    var kiosk: String?
}

/// `--plans`: the desk's plans folder.
struct PlansOption: ParsableArguments {
    @Option(help: "The desk's plans folder (as in its configuration): its studies' visits go to the lab and make visits due or overdue.")
    var plans: String?
}

/// Where a command reads the lab's tables: the lab database, or one kiosk's data folder
/// (`--data`, with `--kiosk` and `--plans`) read into `lab.sqlite` there.
struct LabSourceOptions: ParsableArguments {
    @OptionGroup var database: DatabaseOption
    @OptionGroup var folder: DataFolderOption
    @OptionGroup var kiosk: KioskNameOption
    @OptionGroup var plans: PlansOption

    func source() throws -> LabSource {
        try LabSource(database: database, data: folder.data, kiosk: kiosk.kiosk, plans: plans.plans)
    }
}
