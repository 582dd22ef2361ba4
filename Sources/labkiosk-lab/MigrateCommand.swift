import ArgumentParser
import KioskLab

/// `labkiosk-lab migrate`: the lab database's tables brought up to date, and who may do what
/// in them (LabAccess). Run by the database's owner.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate", abstract: "Create or update the lab database's tables and the kiosks' and dashboards' rights (as the database's owner).")

    @OptionGroup var database: DatabaseOption

    func run() throws {
        let connection = try database.connect()
        let applied = try LabSchema.migrate(connection)
        try LabAccess.apply(connection)
        print("labkiosk-lab: \(applied) migration\(applied == 1 ? "" : "s") applied; \(LabSchema.migrations.count) in all; kiosks' and dashboards' rights set")
    }
}
