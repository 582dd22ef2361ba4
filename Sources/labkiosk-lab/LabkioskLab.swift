import ArgumentParser
import KioskCore
import KioskData

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

    /// Runs the command; a failure is said on a `labkiosk-lab:` line (docs/lab.md), as every
    /// other line is, so that the desk's log and the server's journal name who said it. A
    /// command line that cannot be read is told with its usage, as ArgumentParser tells it.
    static func main() async {
        let command: any ParsableCommand
        do { command = try parseAsRoot() } catch { exit(withError: error) }
        do {
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                var synchronous = command
                try synchronous.run()
            }
        } catch let error where error is ExitCode || error is CleanExit || error is ValidationError || exitCode(for: error) == .success {
            // `--help` parses as ArgumentParser's own help command, whose run throws the request.
            exit(withError: error)
        } catch {
            _ = FileDescriptorIO.writeAll(Array("labkiosk-lab: \(error)\n".utf8), to: 2)
            exit(withError: ExitCode.failure)
        }
    }
}
