import ArgumentParser
import Glibc
import KioskLab

/// `labkiosk-lab staff`: the dashboard's staff accounts, from the server's own shell (the
/// first admin; later ones an admin can also add on the dashboard's Staff page). Removing an
/// account, a forgotten password and a locked name are the server's administrator's.
struct StaffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "staff", abstract: "Add, list, remove or reset the dashboard's staff accounts; list and lift lockouts.",
        subcommands: [Add.self, List.self, Remove.self, Reset.self, Locks.self, Unlock.self])

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
            let password = try readPassword(for: name)
            try StaffAccounts(database: try place.open()).add(name: name, password: password, admin: admin, now: Int64(time(nil)))
            print("labkiosk-lab: added \(admin ? "admin" : "staff member") \(name)")
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

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a staff account and end its sessions.")

        @OptionGroup var place: Where

        @Argument(help: "The staff member's name, as `staff list` shows it.")
        var name: String

        func run() throws {
            try StaffAccounts(database: try place.open()).remove(name: name)
            print("labkiosk-lab: removed \(name)")
        }
    }

    struct Reset: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give a staff account a new password, read from standard input (one line, 10 to 200 characters); "
                + "this ends its sessions and lifts its lockout.")

        @OptionGroup var place: Where

        @Argument(help: "The staff member's name, as `staff list` shows it.")
        var name: String

        func run() throws {
            let password = try readPassword(for: name)
            try StaffAccounts(database: try place.open()).reset(name: name, password: password)
            print("labkiosk-lab: new password for \(name)")
        }
    }

    struct Locks: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the names typed at the sign-in with wrong passwords in a row: name (quoted, as typed), "
                + "wrong passwords, seconds still locked.")

        @OptionGroup var place: Where

        func run() throws {
            for lockout in try StaffAccounts(database: try place.open()).lockouts(now: Int64(time(nil))) {
                print("\(lockout.name.debugDescription)\t\(lockout.failures)\t\(lockout.seconds)")
            }
        }
    }

    struct Unlock: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Forget a name's wrong passwords, which lifts its lockout.")

        @OptionGroup var place: Where

        @Argument(help: "The name as typed at the sign-in.")
        var name: String

        func run() throws {
            let forgotten = try StaffAccounts(database: try place.open()).unlock(name: name)
            print(forgotten ? "labkiosk-lab: unlocked \(name)" : "labkiosk-lab: no wrong passwords counted for \(name)")
        }
    }
}

/// A password for `name` from standard input: one line, not echoed when it is a terminal.
private func readPassword(for name: String) throws -> String {
    let terminal = isatty(0) == 1
    if terminal { print("Password for \(name) (not shown): ", terminator: "") }
    var saved = termios(), quiet = termios()
    if terminal, tcgetattr(0, &saved) == 0 {
        quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(0, TCSANOW, &quiet)
    }
    defer {
        if terminal {
            tcsetattr(0, TCSANOW, &saved)
            print("")
        }
    }
    return try secretLine()
}
