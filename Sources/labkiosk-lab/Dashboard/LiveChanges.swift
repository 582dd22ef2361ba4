import KioskLab
import Synchronization

/// Tells open pages when the lab's data changed: a fingerprint of the tables (row counts, the
/// latest contact), read every second; each change raises `version`, which `/events` sends.
final class LiveChanges: Sendable {
    private let state = Mutex<(fingerprint: String, version: Int)>(("", 0))

    var version: Int { state.withLock { $0.version } }

    static let fingerprintQuery = """
        SELECT (SELECT count(*) FROM session), (SELECT count(*) FROM session WHERE completed IS NOT NULL OR declined IS NOT NULL),
               (SELECT count(*) FROM block WHERE state = 'complete'), (SELECT count(*) FROM block WHERE state = 'running'),
               (SELECT count(*) FROM figure), (SELECT count(*) FROM file), (SELECT count(*) FROM refused_file), (SELECT count(*) FROM refused_row),
               (SELECT count(*) FROM unsent_file), (SELECT max(last_contact) FROM kiosk), (SELECT count(*) FROM staff),
               (SELECT count(*) FROM roster_entry), (SELECT count(*) FROM roster_entry WHERE withdrawn IS NOT NULL),
               (SELECT count(*) FROM study_visit)
        """

    func observe(_ fingerprint: String) {
        state.withLock {
            if $0.fingerprint != fingerprint {
                $0.fingerprint = fingerprint
                $0.version += 1
            }
        }
    }

    static func fingerprint(_ database: any LabDatabase) throws -> String {
        (try database.run(fingerprintQuery).first ?? []).map { $0 ?? "" }.joined(separator: "|")
    }
}
