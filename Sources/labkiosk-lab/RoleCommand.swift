import ArgumentParser
import KioskLab

/// `labkiosk-lab role add`: a login role for one kiosk or for the dashboard (docs/lab.md).
struct RoleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "role", abstract: "Add the lab database's login roles for kiosks and the dashboard; grant kiosks studies.",
        subcommands: [Add.self, Grant.self, Revoke.self, Grants.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a login role; its password is read from standard input (one line), unless --peer.",
            discussion: """
                A kiosk's role is named as the kiosk (`send` then sends under that name): it sends its own \
                rows through the lab's functions, which check them, and reads them back; it reads other \
                kiosks' roster and sessions only of the studies `role grant` grants it. A dashboard's role \
                reads everything and writes only staff accounts and sign-ins. Run by the database's owner, \
                after `migrate`.
                """)

        @OptionGroup var database: DatabaseOption

        @Flag(help: "A role for the dashboard instead of a kiosk.")
        var dashboard = false

        @Flag(help: "No password: the role signs in over the server's own socket as the system user of the same name (peer authentication).")
        var peer = false

        @Argument(help: "The role's name: the kiosk's name in the lab, or the dashboard's (1 to 63 bytes).")
        var name: String

        func validate() throws {
            if let problem = LabAccess.roleNameProblem(name) { throw ValidationError(problem) }
        }

        func run() throws {
            var password: String?
            if !peer {
                password = try secretLine()
                guard (password ?? "").count >= 10 else { throw ValidationError("a role's password is at least 10 characters (or --peer)") }
            }
            try LabAccess.addRole(name, password: password, group: dashboard ? LabAccess.dashboardGroup : LabAccess.kioskGroup,
                                  on: try database.connect())
            print("labkiosk-lab: added \(dashboard ? "the dashboard's" : "kiosk") role \(name)")
        }
    }

    struct Grant: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Let a kiosk read a study's roster and sessions from every kiosk (its participants' visits may run there).",
            discussion: """
                The kiosk's desk then knows the study's participants registered, withdrawn or seen on \
                other kiosks (docs/lab.md: One roster for the lab). A kiosk cannot grant itself a study. \
                Run by the database's owner; the kiosk need not have sent anything yet.
                """)

        @OptionGroup var database: DatabaseOption

        @Option(help: "A study, as its plan names it (again for more).")
        var study: [String] = []

        @Argument(help: "The kiosk's name in the lab (its role's).")
        var kiosk: String

        func validate() throws {
            guard !study.isEmpty else { throw ValidationError("--study: the study to grant") }
        }

        func run() throws {
            let connection = try database.connect()
            for study in study { try LabAccess.grant(study: study, to: kiosk, on: connection) }
            print("labkiosk-lab: kiosk \(kiosk) reads \(study.joined(separator: ", ")) from every kiosk")
        }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Take back a kiosk's grant of a study: it reads only its own rows of it again.")

        @OptionGroup var database: DatabaseOption

        @Option(help: "A study, as its plan names it (again for more).")
        var study: [String] = []

        @Argument(help: "The kiosk's name in the lab (its role's).")
        var kiosk: String

        func validate() throws {
            guard !study.isEmpty else { throw ValidationError("--study: the study to take back") }
        }

        func run() throws {
            let connection = try database.connect()
            for study in study { try LabAccess.revoke(study: study, from: kiosk, on: connection) }
            print("labkiosk-lab: kiosk \(kiosk) no longer reads \(study.joined(separator: ", ")) from other kiosks")
        }
    }

    struct Grants: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the studies each kiosk is granted.")

        @OptionGroup var database: DatabaseOption

        func run() throws {
            for grant in try LabAccess.grants(on: try database.connect()) { print("\(grant.kiosk)\t\(grant.study)") }
        }
    }
}
