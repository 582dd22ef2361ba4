import ArgumentParser
import KioskCore

/// `labkiosk-lab`: what a kiosk and the lab do with the lab's PostgreSQL (docs/lab.md), and the
/// dashboard (docs/dashboard.md). A program of its own, so that the participant's session
/// (`labkiosk`) never loads a database client or a web server; it links no display or sound
/// library, so that it runs on a server that has none.
@main
struct LabkioskLab: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "labkiosk-lab",
        abstract: "Send a kiosk's data to the lab's PostgreSQL, set up its tables and roles, serve the dashboard, and write a study's results.",
        version: LabkioskVersion.current,
        subcommands: [SendCommand.self, ContactCommand.self, MigrateCommand.self, RoleCommand.self, ServeCommand.self, StaffCommand.self,
                      StudyReportCommand.self]
    )
}
