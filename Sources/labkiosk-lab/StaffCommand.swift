import ArgumentParser
import Glibc
import KioskLab

/// `labkiosk-lab staff`: the dashboard's staff accounts, from the server's own shell (the
/// first admin; later ones an admin can also add on the dashboard's Staff page).
struct StaffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "staff", abstract: "Add or list the dashboard's staff accounts.", subcommands: [Add.self, List.self])

    /// The staff accounts' database: the lab's, or a kiosk's data folder's.
    struct Where: ParsableArguments {
        @OptionGroup var database: DatabaseOption
        @OptionGroup var folder: DataFolderOption

        func open() throws -> any LabDatabase {
            let database = try LabSource(database: database, data: folder.data, kiosk: nil).open()
            try LabSchema.migrate(database)
            return database
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a staff account; its password is read from standard input (one line, 10 to 200 characters).")

        @OptionGroup var place: Where

        @Flag(help: "The account may add staff accounts.")
        var admin = false

        @Argument(help: "The staff member's name (1 to 64 characters, no spaces).")
        var name: String

        func run() throws {
            if isatty(0) == 1 { print("Password for \(name) (not shown): ", terminator: "") }
            let password = readPassword()
            if isatty(0) == 1 { print("") }
            try StaffAccounts(database: try place.open()).add(name: name, password: password, admin: admin, now: Int64(time(nil)))
            print("labkiosk-lab: added \(admin ? "admin" : "staff member") \(name)")
        }

        /// One line from standard input, not echoed when it is a terminal.
        private func readPassword() -> String {
            var saved = termios(), quiet = termios()
            let terminal = tcgetattr(0, &saved) == 0
            if terminal {
                quiet = saved
                quiet.c_lflag &= ~tcflag_t(ECHO)
                tcsetattr(0, TCSANOW, &quiet)
            }
            defer { if terminal { tcsetattr(0, TCSANOW, &saved) } }
            return readLine(strippingNewline: true) ?? ""
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the staff accounts and their roles.")

        @OptionGroup var place: Where

        func run() throws {
            for staff in try StaffAccounts(database: try place.open()).list() {
                print("\(staff.name)\t\(staff.admin ? "admin" : "read-only")")
            }
        }
    }
}
