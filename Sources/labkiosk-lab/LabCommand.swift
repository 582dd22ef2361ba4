import ArgumentParser
import KioskCore
import KioskLab

/// `labkiosk-lab`: what a kiosk does with the lab's PostgreSQL (docs/lab.md). A program of
/// its own, so that the participant's session (`labkiosk`) never loads a database client.
@main
struct LabCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "labkiosk-lab",
        abstract: "Send a kiosk's data to the lab's PostgreSQL, set up its tables and roles, serve the dashboard, and write a study's results.",
        version: LabkioskVersion.current,
        subcommands: [SendCommand.self, ContactCommand.self, MigrateCommand.self, RoleCommand.self, ServeCommand.self, StaffCommand.self, ReportCommand.self]
    )
}

/// The database option both subcommands take.
struct DatabaseArguments: ParsableArguments {
    @Option(help: "The lab database, as libpq reads it: postgresql://USER@HOST:PORT/DATABASE (or LABKIOSK_DATABASE).")
    var database: String?

    func connect() throws -> PostgresConnection {
        guard let url = database ?? environment("LABKIOSK_DATABASE") else {
            throw ValidationError("no lab database: --database postgresql://… or LABKIOSK_DATABASE")
        }
        do { return try PostgresConnection(url) } catch { throw LabFailure(message: "\(error)") }
    }
}

struct LabFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
