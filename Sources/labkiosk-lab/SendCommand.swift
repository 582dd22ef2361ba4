import ArgumentParser
import Glibc
import KioskCore
import KioskLab
import KioskShell

/// `labkiosk-lab send`: every session of a data folder to the lab database, again and again.
struct SendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send a data folder's sessions and files to the lab database; only what the lab lacks goes.",
        discussion: """
            Each session (its journal's rows, blocks, figures and every file it names, with size, \
            SHA-256 and bytes) goes in one transaction: it is in the lab whole or not at all. A file the \
            lab already has with the same SHA-256 is not sent again; one it has with other bytes is \
            refused and flagged (refused_file). The kiosk's roster goes too, with the visits of the \
            studies in --plans; the lab's roster and the visits completed on other kiosks of the studies \
            the kiosk runs come back into the data folder's lab-copy.txt, which the desk and batch read \
            (docs/lab.md: One roster for the lab). The data folder's sessions and roster are never \
            changed. Exit status: 0 when everything was sent; 1 when a file was refused or could not be \
            sent (each is named); 2 when the lab database cannot be reached (send again later).
            """
    )

    @OptionGroup var database: DatabaseArguments

    @Option(help: "The data folder to send (as batch --data).")
    var data: String

    @Option(help: "The desk's plans folder (as in its configuration): the visits of its studies go to the lab.")
    var plans: String?

    @Option(help: "This kiosk's name in the lab (default: its database role's name when that is a kiosk's, else the machine's host name).")
    var kiosk: String?

    func run() throws {
        // Below the participant's session: on a kiosk, a send yields the CPU to it.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        let connection: PostgresConnection
        do { connection = try database.connect() } catch {
            print("labkiosk-lab: \(error)")
            throw ExitCode(2)
        }
        let name = try prepare(connection, kiosk: kiosk)
        var studies: [DeskStudy] = []
        if let plans {
            studies = DeskRecords(plansFolder: plans, dataDirectory: data, roster: RosterFile(dataDirectory: data),
                                  bundledIncludes: try InstallPaths().bundledIncludes).studies()
            for study in studies where study.problem != nil {
                print("labkiosk-lab: \(study.planPath): its visits were not sent: \(study.problem ?? "")")
            }
        }
        let sender = LabSender(database: connection, kiosk: name, dataDirectory: data, studies: studies)
        let report = try sender.send()
        print("labkiosk-lab: \(name): \(report.sessions) sessions; \(report.filesSent) files sent, \(report.filesThere) already in the lab; "
            + "\(report.registrations) registrations")
        let copy = try sender.labCopy(pulled: BatchJournal.time(WallClock.localDateTime()))
        try LabCopyFile(dataDirectory: data).write(copy)
        for path in report.refused { print("labkiosk-lab: refused: \(path): the lab has other bytes under this name (flagged)") }
        for line in report.unsendable + report.unreadable { print("labkiosk-lab: not sent: \(line)") }
        if !(report.refused.isEmpty && report.unsendable.isEmpty && report.unreadable.isEmpty) { throw ExitCode(1) }
    }
}

/// `labkiosk-lab contact`: the kiosk's last contact with the lab is now; the desk runs it every
/// minute between sends, so the dashboard soon sees a kiosk that is gone.
struct ContactCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contact",
        abstract: "Tell the lab database this kiosk is there (its last contact is now).",
        discussion: "Exit status: 0 when the lab heard; 2 when the lab database cannot be reached.")

    @OptionGroup var database: DatabaseArguments

    @Option(help: "This kiosk's name in the lab (default: its database role's name when that is a kiosk's, else the machine's host name).")
    var kiosk: String?

    func run() throws {
        let connection: PostgresConnection
        do { connection = try database.connect() } catch {
            print("labkiosk-lab: \(error)")
            throw ExitCode(2)
        }
        try LabSender(database: connection, kiosk: try prepare(connection, kiosk: kiosk), dataDirectory: "").contact()
    }
}

/// Brings the lab's tables up to date and names the kiosk in the lab. A kiosk connected as its
/// own role is that kiosk, and may not name another (the lab would refuse rows in another's
/// name anyway); such a role may not change the tables, so a lab behind this build waits for
/// its owner to migrate it (exit 2: the kiosk keeps its data and tries again later).
private func prepare(_ connection: PostgresConnection, kiosk asked: String?) throws -> String {
    let role = try LabAccess.kioskRole(of: connection)
    if let role, let asked, asked != role {
        print("labkiosk-lab: connected as kiosk \(role)'s role, which may not send as \(asked)")
        throw ExitCode(1)
    }
    let applied = LabSchema.applied(connection)
    if role != nil, applied < LabSchema.migrations.count {
        print("labkiosk-lab: the lab database has \(applied) of this build's \(LabSchema.migrations.count) migrations; the lab's "
            + "administrator applies them (deploy/lab/install-server, or labkiosk-lab migrate as the database's owner)")
        throw ExitCode(2)
    }
    try LabSchema.migrate(connection)
    return role ?? asked ?? hostName()
}

/// `labkiosk-lab migrate`: the lab database's tables brought up to date, and who may do what
/// in them (LabAccess). Run by the database's owner.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate", abstract: "Create or update the lab database's tables and the kiosks' and dashboards' rights (as the database's owner).")

    @OptionGroup var database: DatabaseArguments

    func run() throws {
        let connection = try database.connect()
        let applied = try LabSchema.migrate(connection)
        try LabAccess.apply(connection)
        print("labkiosk-lab: \(applied) migration\(applied == 1 ? "" : "s") applied; \(LabSchema.migrations.count) in all; kiosks' and dashboards' rights set")
    }
}
