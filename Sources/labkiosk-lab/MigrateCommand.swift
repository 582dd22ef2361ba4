import ArgumentParser
import KioskLab

/// `labkiosk-lab migrate`: the lab database's tables brought up to date, and who may do what
/// in them (LabAccess). Run by the database's owner.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate", abstract: "Create or update the lab database's tables and the kiosks' and dashboards' rights (as the database's owner).")

    @OptionGroup var database: DatabaseOption

    @Option(help: "Apply the migrations up to this one only and set no rights: the database as an older build left it (to test an upgrade).")
    var through: Int?

    func validate() throws {
        if let through, !(1...LabSchema.migrations.count).contains(through) {
            throw ValidationError("--through is 1 to \(LabSchema.migrations.count)")
        }
    }

    func run() throws {
        let connection = try database.connect()
        if let through {
            let applied = try LabSchema.migrate(connection, through: through)
            print("labkiosk-lab: \(applied) migration\(applied == 1 ? "" : "s") applied, through \(through); no rights set")
            return
        }
        let applied = try LabSchema.migrate(connection)
        try LabAccess.apply(connection)
        print("labkiosk-lab: \(applied) migration\(applied == 1 ? "" : "s") applied; \(LabSchema.migrations.count) in all; kiosks' and dashboards' rights set")
        // A lab upgraded from a build where kiosks granted themselves their studies has no grant left.
        if try LabAccess.grants(on: connection).isEmpty, try connection.value("SELECT count(*) FROM kiosk") != "0" {
            print("labkiosk-lab: no kiosk reads other kiosks' roster of a study yet: grant each the studies it shares "
                + "(labkiosk-lab role grant --study STUDY KIOSK)")
        }
    }
}
