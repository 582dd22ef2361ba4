import ArgumentParser
import KioskLab

/// Brings the lab's tables up to date and names the kiosk in the lab. A kiosk connected as its
/// own role is that kiosk, and may not name another (the lab would refuse rows in another's
/// name anyway); such a role may not change the tables, so a lab behind this build waits for
/// its owner to migrate it (exit 2: the kiosk keeps its data and tries again later).
func prepareKiosk(_ connection: PostgresConnection, asked: String?) throws -> String {
    let role = try LabAccess.kioskRole(of: connection)
    if let role, let asked, asked != role {
        print("labkiosk-lab: connected as kiosk \(role)'s role, which may not send as \(asked)")
        throw KioskExitStatus.refused
    }
    let applied = LabSchema.applied(connection)
    if role != nil, applied < LabSchema.migrations.count {
        print("labkiosk-lab: the lab database has \(applied) of this build's \(LabSchema.migrations.count) migrations; the lab's "
            + "administrator applies them (deploy/lab/install-server, or labkiosk-lab migrate as the database's owner)")
        throw KioskExitStatus.unreachable
    }
    try LabSchema.migrate(connection)
    return role ?? asked ?? hostName()
}
