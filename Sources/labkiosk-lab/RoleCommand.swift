import ArgumentParser
import KioskLab

/// `labkiosk-lab role add`: a login role for one kiosk or for the dashboard (docs/lab.md).
struct RoleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "role", abstract: "Add the lab database's login roles for kiosks and the dashboard.", subcommands: [Add.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a login role; its password is read from standard input (one line), unless --peer.",
            discussion: """
                A kiosk's role is named as the kiosk (`send` then sends under that name): it may add its \
                own rows and read them back, nothing more. A dashboard's role reads everything and writes \
                only staff accounts and sign-ins. Run by the database's owner, after `migrate`.
                """)

        @OptionGroup var database: DatabaseOption

        @Flag(help: "A role for the dashboard instead of a kiosk.")
        var dashboard = false

        @Flag(help: "No password: the role signs in over the server's own socket as the system user of the same name (peer authentication).")
        var peer = false

        @Argument(help: "The role's name: the kiosk's name in the lab, or the dashboard's.")
        var name: String

        func run() throws {
            var password: String?
            if !peer {
                password = readLine(strippingNewline: true) ?? ""
                guard (password ?? "").count >= 10 else { throw ValidationError("a role's password is at least 10 characters (or --peer)") }
            }
            try LabAccess.addRole(name, password: password, group: dashboard ? LabAccess.dashboardGroup : LabAccess.kioskGroup,
                                  on: try database.connect())
            print("labkiosk-lab: added \(dashboard ? "the dashboard's" : "kiosk") role \(name)")
        }
    }
}
